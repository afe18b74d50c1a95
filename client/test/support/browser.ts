import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { describe } from 'vitest';

/**
 * Debian's Chromium (`apt-get install chromium`) through playwright-core: no browser is downloaded.
 * Locally a missing Chromium skips the browser tests with a loud warning; under CI=true they run
 * and fail, so the elements are never silently untested.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function describeWithBrowser(): typeof describe | typeof describe.skip {
  if (fs.existsSync(CHROMIUM_PATH) || process.env.CI === 'true') return describe;
  process.stderr.write(`\n⚠ Chromium is not installed at ${CHROMIUM_PATH}: the element tests are SKIPPED.\n  Install it with: apt-get install -y --no-install-recommends chromium\n\n`);
  return describe.skip;
}

export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is required for the element tests and is missing at ${CHROMIUM_PATH}: apt-get install chromium`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A context that never leaves this machine: https requests (the studios' photos) are aborted at once. */
export async function offlineContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-GB', ...options });
  context.setDefaultTimeout(10_000);
  await context.route('https://**', (route) => route.abort());
  return context;
}

/** A site of static pages on its own origin (the API is another origin, as on a real site). */
export interface StaticSite {
  url: string;
  pages: Map<string, StaticPage>;
  close(): Promise<void>;
}

export interface StaticPage {
  type: string;
  body: string;
  headers?: Record<string, string>;
}

export async function startStaticSite(): Promise<StaticSite> {
  const pages = new Map<string, StaticPage>();
  const server = http.createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://site.invalid').pathname);
    response.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain', ...page?.headers });
    response.end(page?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, pages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown; html: string; failureSummary: string }[];
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe-core's violations on the page as it is now (shadow roots included). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })) }));
  }, AXE_TAGS);
}
