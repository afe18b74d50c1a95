import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { formatViolations, launchBrowser, offlineContext, PAGE_ACTION_TIMEOUT_MS, type AxeViolation } from '../support/browser';
import { databaseTargets } from '../support/databases';
import { ensureBlocksBuilt } from '../blocks/built-blocks';
import { startTestServer, type TestServer } from '../support/test-server';
import { hostileStudio, LIVE_STUDIO_ID, liveStudio } from './fixtures';
import { startWordPress, type WordPressSite, type WordPressVersion } from './harness';
import { logInThroughForm } from './browser-login';
import { openEditorOnNewPage } from './block-editor';
import { testNow } from '../support/test-clock';
import { eventuallyWithin } from '../support/eventually-within';

/**
 * What the blocks' browser tests share: a Studio Data server on the live fixture studio, a real
 * WordPress with the plugin and its built blocks, Debian's Chromium logged in as the site owner.
 */
export interface BlocksSite {
  api: TestServer;
  site: WordPressSite;
  browser: Browser;
  stop(): Promise<void>;
}

export const CHECKOUT = 'https://book.example.com';

/** The API and the plugin both stand at the test's now (test-clock.ts), and the fixtures are built around it. */
export async function startBlocksSite(version: WordPressVersion): Promise<BlocksSite> {
  await ensureBlocksBuilt();
  const now = testNow();
  const api = await startTestServer(databaseTargets()[0]!, { documents: [liveStudio(now), hostileStudio(now)], now: () => now });
  const site = await startWordPress({ version, apiUrl: api.url, checkoutUrl: CHECKOUT, studioId: LIVE_STUDIO_ID, now });
  const browser = await launchBrowser();
  return {
    api,
    site,
    browser,
    async stop() {
      await browser.close();
      await site.stop();
      await api.stop();
    },
  };
}

/** How long an editor action may wait (a preview's server render included). */
const EDITOR_ACTION_TIMEOUT_MS = 60_000;

/** A browser context logged in to wp-admin, axe-ready (bypassCSP), that never leaves this machine. */
export async function ownerContext(blocks: BlocksSite): Promise<BrowserContext> {
  const context = await offlineContext(blocks.browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } });
  // The editor's previews are server renders through `php -S`, behind the editor's own requests; with
  // other WordPress suites running beside it on 2 cores, one took longer than a page action's 20 s.
  context.setDefaultTimeout(EDITOR_ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  await logInThroughForm(page, blocks.site);
  await page.close();
  return context;
}

/**
 * Warnings of @wordpress/deprecated ("… is deprecated since version … Please use … instead.") in the
 * editor's console: the blocks keep to the APIs the current @wordpress packages have not deprecated.
 */
export function watchDeprecations(page: Page, into: string[]): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' && /deprecated/i.test(message.text())) into.push(message.text());
  });
}

/**
 * The owner's new page in the block editor, once `waitForBlock` has registered there, with the
 * console's errors from the site and deprecation warnings collected. A new page's "choose a pattern" modal (and, where shown, the welcome guide) opens
 * when the editor's data arrives, which on a busy machine may be after any later step: whenever a
 * modal is in the way of an action, it is closed first, as an owner would.
 */
export async function openNewPage(blocks: BlocksSite, owner: BrowserContext, waitForBlock = 'studio-data/class-schedule'): Promise<{ page: Page; consoleErrors: string[]; deprecations: string[] }> {
  const page = await owner.newPage();
  const consoleErrors: string[] = [];
  const deprecations: string[] = [];
  watchSiteConsoleErrors(page, blocks.site.url, consoleErrors);
  watchDeprecations(page, deprecations);
  await page.addLocatorHandler(page.locator('.components-modal__screen-overlay'), async (overlay) => {
    await overlay.getByRole('button', { name: 'Close' }).first().click();
  });
  await openEditorOnNewPage(page, blocks.site, waitForBlock, consoleErrors);
  return { page, consoleErrors, deprecations };
}

/**
 * Opens a page and waits until the schedules' script has taken over (it hides the form's "Show"
 * button), as a visitor sees it: a filter chosen before then does nothing until "Show" is pressed,
 * so acting earlier races the Interactivity API's start-up, which can end after the page's load event.
 */
export async function openEnhanced(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForEnhancedSchedules(page);
}

export async function waitForEnhancedSchedules(page: Page): Promise<void> {
  for (const showButton of await page.locator('.wp-block-studio-data-class-schedule .studio-data-schedule-apply').all()) await showButton.waitFor({ state: 'hidden' });
}

/** A visitor's browser context: offline, axe-ready (bypassCSP), its clock at the test's now. */
export function visitorContext(blocks: BlocksSite): Promise<BrowserContext> {
  return offlineContext(blocks.browser, { bypassCSP: true, viewport: { width: 1100, height: 900 }, now: testNow() });
}

/**
 * Console errors of the page that come from the site itself. Requests to other hosts (Gravatar,
 * s.w.org emoji) fail offline by design and are not the blocks' doing; so does the inserter's search
 * of the Block Directory, which the site forwards to WordPress.org.
 */
export function watchSiteConsoleErrors(page: Page, siteUrl: string, into: string[]): void {
  page.on('pageerror', (error) => into.push(`script error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (where && !where.startsWith(siteUrl)) return;
    if (where.includes('/wp-json/wp/v2/block-directory/search')) return;
    if (/Failed to load resource/.test(message.text()) && !where.startsWith(siteUrl)) return;
    into.push(`${where}: ${message.text()}`);
  });
}

const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/**
 * axe-core's violations on the blocks of the page (and what they contain), with the rules the
 * server's browser tests use (best-practice brings `heading-order`, which axe judges against the
 * whole page's outline, the post title's h1 included). The theme around them is WordPress' own and
 * not checked here.
 */
export async function axeViolations(page: Page, include = '[class*="wp-block-studio-data-"]'): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => typeof (globalThis as any).axe === 'object'))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (selector) => {
    const axe = (globalThis as any).axe;
    const results = await axe.run(
      { include: [[selector]] },
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] },
    );
    return results.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node: any) => ({ target: node.target.join(', '), html: String(node.html).slice(0, 200), failureSummary: String(node.failureSummary ?? '') })),
    }));
  }, include);
}

/** No axe violation in the blocks of the page, or in what `include` selects (core blocks bound to studio data). */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  expect(formatViolations(await axeViolations(page, include))).toEqual([]);
}

/** Retries an assertion until it holds (the page updates after an event), for as long as a page action may take. */
export async function eventually(assertion: () => Promise<unknown>, timeoutMs = PAGE_ACTION_TIMEOUT_MS): Promise<void> {
  return eventuallyWithin(assertion, timeoutMs);
}

/** Every JSON-LD object of the page, parsed. */
export async function jsonLd(page: Page): Promise<any[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text));
}
