import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Browser tests drive Debian's own Chromium (`apt-get install chromium`) through playwright-core:
 * no browser is downloaded. Locally a missing Chromium skips the browser tests with a loud warning;
 * under CI=true they run anyway and fail, so the pages are never silently untested (the same rule
 * as MariaDB in global-setup.ts).
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/**
 * `describe` when the browser tests can run (or must, under CI=true), `describe.skip` with a
 * warning otherwise.
 */
export function describeWithBrowser(): jest.Describe {
  if (chromiumAvailable() || process.env.CI === 'true') return describe;
  process.stderr.write(
    `\n⚠ Chromium is not installed at ${CHROMIUM_PATH}: the browser tests are SKIPPED.\n` +
      `  Install it with: apt-get install -y --no-install-recommends chromium\n\n`,
  );
  return describe.skip;
}

/** The last lines Chromium wrote, kept per browser for the message written if it exits under a test. */
const CHROMIUM_LINES_KEPT = 40;

/**
 * Launches Debian's Chromium. If it exits while a test still uses it (not by `close()`), its last
 * lines are written to stderr: a crash under load is otherwise only "Target page, context or browser
 * has been closed", which names no cause.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!chromiumAvailable()) {
    throw new Error(`Chromium is required for the browser tests (CI=true) and is missing at ${CHROMIUM_PATH}: apt-get install chromium`);
  }
  const lines: string[] = [];
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    logger: {
      isEnabled: (name) => name === 'browser',
      log: (_name, _severity, message) => {
        lines.push(String(message));
        if (lines.length > CHROMIUM_LINES_KEPT) lines.shift();
      },
    },
  });
  let closing = false;
  const close = browser.close.bind(browser);
  browser.close = (options) => {
    closing = true;
    return close(options);
  };
  browser.on('disconnected', () => {
    if (!closing) process.stderr.write(`\n⚠ Chromium exited while a test was using it. Its last lines:\n${lines.join('\n')}\n\n`);
  });
  return browser;
}

/**
 * Runs a browser check that may simply be run again (it reads pages, or changes nothing another
 * try depends on) in a new Chromium, and once more in another if Chromium itself exited under it:
 * a browser crashing on a loaded 2-core machine says nothing of the pages. Any other failure, or a
 * second crash, fails the test.
 */
export async function inFreshBrowser<T>(check: (browser: Browser) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const browser = await launchBrowser();
    try {
      return await check(browser);
    } catch (error) {
      if (browser.isConnected() || attempt === 2) throw error;
      process.stderr.write(`⚠ Chromium exited during a browser check (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): running it once more in a new Chromium.\n`);
    } finally {
      await browser.close();
    }
  }
}

/**
 * How long one page action (a click, a fill, a wait for an element) may take before it fails: long
 * enough for a busy 2-core machine (a WordPress editor under another CPU-heavy process), short enough
 * that an action that cannot happen (a disabled button, a missing label) fails well within the test's
 * own timeout. Stated once, here, for every browser test.
 */
export const PAGE_ACTION_TIMEOUT_MS = 20_000;

/** A whole browser test (a student's booking, an owner's page built in the editor): many page actions on a busy machine. */
export const BROWSER_TEST_TIMEOUT_MS = 180_000;

/** Bringing a browser test's world up: a Studio Data server, a WordPress site (the first run unpacks its core), Chromium. */
export const BROWSER_SETUP_TIMEOUT_MS = 300_000;

/**
 * A browser context that never leaves the test server: every https request (studio logos and
 * instructor photos on images.example.com) is aborted at once, so runs are fast and offline. With
 * `now`, the pages' clock (Date) stands at the test's instant, as the server's and the plugin's do.
 * Its browser asks for British English: the booking pages write "Monday, 8 March 2027, 19:00".
 */
export async function offlineContext(browser: Browser, options: BrowserContextOptions & { now?: number } = {}): Promise<BrowserContext> {
  const { now, ...contextOptions } = options;
  const context = await browser.newContext({ locale: 'en-GB', ...contextOptions });
  context.setDefaultTimeout(PAGE_ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(PAGE_ACTION_TIMEOUT_MS);
  if (now !== undefined) await context.clock.setFixedTime(now);
  await context.route('https://**', (route) => route.abort());
  return context;
}

/** What a page reported about itself: script errors and Content-Security-Policy refusals. */
export function watchPageProblems(page: Page, into: string[]): void {
  page.on('pageerror', (error) => into.push(`${page.url()}: script error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy/i.test(text)) into.push(`${page.url()}: ${text}`);
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; failureSummary: string }[];
}

const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is now. The pages' CSP (script-src 'self') refuses injected
 * scripts: run this in a context made with `bypassCSP: true`.
 */
export async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as any).axe === 'object');
  if (!loaded) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async ({ tags, within }) => {
    const g = globalThis as any;
    if (!g.axe) throw new Error('axe-core could not be injected (is the context made with bypassCSP: true?)');
    // `within`: a selector of the part of the page to judge (the plugin's screen inside wp-admin); the whole document otherwise.
    const results = await g.axe.run(within ? { include: [within] } : g.document, { runOnly: tags, resultTypes: ['violations'] });
    return results.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node: any) => ({
        target: node.target.map((part: unknown) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(', '),
        html: String(node.html).slice(0, 200),
        failureSummary: String(node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, { tags: AXE_TAGS, within });
}

/** One line per failing element: `rule (impact) at target: html — what fails`, for readable test failures. */
export function formatViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    at ${node.target}: ${node.html}\n    ${node.failureSummary}`),
  );
}

/** Fills a booking form's guest fields by their ids and ticks the consent box, as a student does. */
export async function fillGuest(page: Page, guest: { firstName: string; lastName: string; email: string }): Promise<void> {
  await page.locator('#firstName').fill(guest.firstName);
  await page.locator('#lastName').fill(guest.lastName);
  await page.locator('#email').fill(guest.email);
  await page.locator('#terms').check();
}
