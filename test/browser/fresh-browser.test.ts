import type { Browser } from 'playwright-core';
import { BROWSER_TEST_TIMEOUT_MS, describeWithBrowser, inFreshBrowser } from '../support/browser';

/**
 * The browser checks' own safety net (test/support/browser.ts): a Chromium that crashes under a
 * check is replaced once, and only a crash is; the check's own failures fail it at once. The crash
 * is Chromium's own (`Browser.crash` over the DevTools protocol), as a crash under load would be.
 */

jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);

async function crash(browser: Browser): Promise<void> {
  const session = await browser.newBrowserCDPSession();
  await session.send('Browser.crash').catch(() => undefined);
  await new Promise((resolve) => (browser.isConnected() ? browser.once('disconnected', resolve) : resolve(null)));
}

describeWithBrowser()('a browser check whose Chromium crashes', () => {
  const warnings: string[] = [];
  let write: jest.SpyInstance;
  beforeEach(() => {
    warnings.length = 0;
    write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => Boolean(warnings.push(String(chunk))));
  });
  afterEach(() => write.mockRestore());

  test('When Chromium crashes once, then the check runs again in a new Chromium and its answer counts, with a warning that says so', async () => {
    const browsers: Browser[] = [];
    const title = await inFreshBrowser(async (browser) => {
      browsers.push(browser);
      if (browsers.length === 1) await crash(browser);
      const page = await browser.newPage();
      await page.setContent('<title>Studio Data</title>');
      return page.title();
    });
    expect(title).toBe('Studio Data');
    expect(browsers).toHaveLength(2);
    expect(browsers[0]).not.toBe(browsers[1]);
    expect(warnings.join('')).toContain('Chromium exited while a test was using it');
    expect(warnings.join('')).toContain('running it once more in a new Chromium');
  });

  test('When Chromium crashes twice, then the check fails', async () => {
    let tries = 0;
    await expect(
      inFreshBrowser(async (browser) => {
        tries += 1;
        await crash(browser);
        await browser.newPage();
      }),
    ).rejects.toThrow(/closed/);
    expect(tries).toBe(2);
  });

  test('When the check itself fails, then it fails at once, without a second try', async () => {
    let tries = 0;
    await expect(
      inFreshBrowser(async () => {
        tries += 1;
        throw new Error('the heading is missing');
      }),
    ).rejects.toThrow('the heading is missing');
    expect(tries).toBe(1);
    expect(warnings.join('')).not.toContain('Chromium exited');
  });
});
