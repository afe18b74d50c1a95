import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatViolations, launchBrowser, offlineContext, type AxeViolation } from '../support/browser';
import { databaseTargets } from '../support/databases';
import { ensureBlocksBuilt } from '../blocks/built-blocks';
import { startTestServer, type TestServer } from '../support/test-server';
import { hostileStudio, LIVE_STUDIO_ID, liveStudio } from './fixtures';
import { startWordPress, type WordPressSite, type WordPressVersion } from './harness';
import { logInThroughForm } from './browser-login';
import { testNow } from '../support/test-clock';

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

/** A browser context logged in to wp-admin, axe-ready (bypassCSP), that never leaves this machine. */
export async function ownerContext(blocks: BlocksSite): Promise<BrowserContext> {
  const context = await offlineContext(blocks.browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInThroughForm(page, blocks.site);
  await page.close();
  return context;
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
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => typeof (globalThis as any).axe === 'object'))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const results = await axe.run(
      { include: [['[class*="wp-block-studio-data-"]']] },
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] },
    );
    return results.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node: any) => ({ target: node.target.join(', '), html: String(node.html).slice(0, 200), failureSummary: String(node.failureSummary ?? '') })),
    }));
  });
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toEqual([]);
}

/** Every JSON-LD object of the page, parsed. */
export async function jsonLd(page: Page): Promise<any[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text));
}
