import type { Browser, BrowserContext, Frame, Locator } from 'playwright-core';
import { ensureBlocksBuilt } from '../blocks/built-blocks';
import { BROWSER_TEST_TIMEOUT_MS, launchBrowser, offlineContext } from '../support/browser';
import { casaDelSon, salsaClass } from '../support/casa-del-son';
import { databaseTargets } from '../support/databases';
import { bookInFrame } from '../support/framed-booking';
import { testNow, zoneDay } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWordPress, type WordPressSite } from './harness';
import { describeWithPhp } from './prerequisites';

/**
 * The Book button block with `dialog` on, on a page of a real WordPress (6.6) that is the studio's
 * own website: a visitor clicks Book, the hosted booking page opens framed in a modal dialog on the
 * same page (the server lets the studio's website, and nothing else, frame it), the student books
 * in the frame and sees the confirmation there, and Close brings the focus back to the button.
 */

jest.setTimeout(BROWSER_TEST_TIMEOUT_MS * 2);

const STUDIO = 'wp-dialog-studio';
const CLASS_ID = 'wp-dialog-salsa';

describeWithPhp()('The Book button’s booking dialog in a real WordPress page (Chromium)', () => {
  const now = testNow();
  let api: TestServer;
  let site: WordPressSite;
  let browser: Browser;
  let context: BrowserContext;
  let pageUrl: string;

  beforeAll(async () => {
    await ensureBlocksBuilt();
    api = await startTestServer(databaseTargets()[0]!, { now: () => now });
    site = await startWordPress({ version: '6.6', apiUrl: api.url, checkoutUrl: api.url, studioId: STUDIO, now });
    // The studio's website is this WordPress: the only site its booking pages may be framed by.
    await api.importDocument(casaDelSon({ id: STUDIO, studio: { website: `${site.url}/` }, classes: [salsaClass(CLASS_ID, { date: zoneDay('Europe/Madrid', 7) })] }), now);
    await api.server.stamps.refresh();
    pageUrl = await site.createPage('Book a class', `<!-- wp:studio-data/book-button {"target":"${CLASS_ID}","label":"Book Salsa Beginners","dialog":true} /-->`);
    browser = await launchBrowser();
    context = await offlineContext(browser, { now });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.stop();
    await api?.stop();
  });

  it('When a visitor clicks Book, then the booking page opens framed in a dialog on the same WordPress page, the student books in it, and Close returns to the button', async () => {
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to frame/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(pageUrl);
    const button = page.getByRole('link', { name: 'Book Salsa Beginners' });
    expect(await button.getAttribute('href')).toBe(`${api.url}/book/${CLASS_ID}?lang=en`);

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Book Salsa Beginners' });
    await dialog.waitFor();
    const frame = await framedPage(dialog.locator('iframe'));
    expect(refusals).toEqual([]);
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Book Salsa Beginners');

    await bookInFrame(frame, { firstName: 'Nuria', lastName: 'Vidal', email: 'nuria@example.com' });
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Booking confirmed');
    // The student never left the WordPress page.
    expect(page.url()).toBe(pageUrl);
    const booked = await api.server.store.db.selectFrom('bookings').select(['email', 'status']).where('class_id', '=', CLASS_ID).execute();
    expect(booked).toEqual([{ email: 'nuria@example.com', status: 'confirmed' }]);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await button.evaluate((link) => link === (globalThis as any).document.activeElement)).toBe(true);
    await page.close();
  });
});

/** The page inside the dialog's frame, once loaded. */
async function framedPage(iframe: Locator): Promise<Frame> {
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the dialog has no frame');
  await frame.waitForLoadState();
  return frame;
}
