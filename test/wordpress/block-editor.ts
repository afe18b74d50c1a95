import type { Page } from 'playwright-core';
import type { WordPressSite } from './harness';
import { recentSiteLogs } from './site-logs';

/**
 * How long opening the block editor on a new page may take, until the plugin's blocks have
 * registered. The editor is the heaviest page the tests open (WordPress's scripts and styles, one
 * request each through `php -S`): 4-7 s with both cores busy under faketime, yet once more than the
 * 20 s of a page action (PAGE_ACTION_TIMEOUT_MS), at the end of a whole `npm test` under faketime.
 */
export const EDITOR_OPEN_TIMEOUT_MS = 60_000;

/**
 * Opens a new page in the block editor and waits until `blockName` is registered there (on 6.5 the
 * blocks' editor scripts load only thanks to the react-jsx-runtime stand-in). It waits for the
 * page's HTML, not its load event: the blocks' registration is what the tests go on from. A
 * failure says what the page's console and the site logged.
 */
export async function openEditorOnNewPage(page: Page, site: WordPressSite, blockName: string, consoleErrors: readonly string[] = []): Promise<void> {
  // A monotonic clock: the budget is a duration, whatever the wall clock (faketime included) says.
  const started = performance.now();
  try {
    await page.goto(`${site.url}/wp-admin/post-new.php?post_type=page`, { waitUntil: 'domcontentloaded', timeout: EDITOR_OPEN_TIMEOUT_MS });
    const left = Math.max(1_000, EDITOR_OPEN_TIMEOUT_MS - (performance.now() - started));
    await page.waitForFunction((name) => Boolean((globalThis as any).wp?.blocks?.getBlockType?.(name)), blockName, { timeout: left });
  } catch (error) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    throw new Error(`The editor did not open with ${blockName} registered (${seconds} s): ${String(error)}\nconsole errors: ${consoleErrors.join('\n') || '(none)'}\n${recentSiteLogs(site)}`);
  }
}
