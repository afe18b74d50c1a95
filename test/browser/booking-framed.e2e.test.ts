import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { BROWSER_TEST_TIMEOUT_MS, axeViolations, describeWithBrowser, formatViolations, launchBrowser, offlineContext } from '../support/browser';
import { databaseTargets } from '../support/databases';
import { bookInFrame, fillBookingForm } from '../support/framed-booking';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The booking page inside the booking dialog of the studio's website (issue 20), in Chromium: the
 * studio's site (http://localhost:A) frames the hosted page (http://127.0.0.1:B, another site, so
 * its cookies are third-party ones there), a student books in the frame and sees the confirmation
 * in it; a page of another origin (http://localhost:C) that frames the same page gets nothing.
 */

jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);

/** Monday 1 March 2027, 08:00 in Madrid. */
const NOW = Date.parse('2027-03-01T07:00:00.000Z');
const CLASS_ID = 'framed-salsa';

/** A website of its own on a free port of localhost: one page that frames `frameUrl()` in a dialog-like box. */
async function startWebsite(frameUrl: () => string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our schedule</title></head>
<body><main><h1>Our schedule</h1><iframe title="Book Salsa Beginners" src="${frameUrl()}" width="600" height="900"></iframe></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function studioDocument(website: string) {
  return {
    studio: { id: 'framed-studio', name: 'Framed Studio', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid', website, locales: ['en'] },
    danceTypes: [{ name: 'Salsa' }],
    people: [],
    classes: [{ id: CLASS_ID, name: 'Salsa Beginners', danceType: 'Salsa', level: 'Beginner', date: '2027-03-08', startTime: '19:00', endTime: '20:00', price: 12, capacity: 20 }],
  };
}

/** The frame of the page, once it has loaded whatever it was given. */
async function frameOf(page: Page, url: string): Promise<Frame> {
  await page.goto(url);
  const handle = await page.locator('iframe').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the page has no frame');
  await frame.waitForLoadState();
  return frame;
}

describeWithBrowser()('the booking page framed by the studio website (Chromium)', () => {
  const [sqlite] = databaseTargets();
  let api: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let studioSite: Awaited<ReturnType<typeof startWebsite>>;
  let otherSite: Awaited<ReturnType<typeof startWebsite>>;
  const bookingPage = () => `${api.url}/book/${CLASS_ID}?lang=en`;

  beforeAll(async () => {
    studioSite = await startWebsite(bookingPage);
    otherSite = await startWebsite(bookingPage);
    api = await startTestServer(sqlite!, { now: () => NOW });
    await api.importDocument(studioDocument(`${studioSite.origin}/`), NOW);
    browser = await launchBrowser();
    context = await offlineContext(browser, { now: NOW, bypassCSP: true });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await api?.stop();
    await studioSite?.close();
    await otherSite?.close();
  });

  it('When a student books inside the frame on the studio website, then the booking is made and the confirmation shows in the frame', async () => {
    const page = await context.newPage();
    const frame = await frameOf(page, studioSite.origin);
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Book Salsa Beginners');
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    await bookInFrame(frame, { firstName: 'Irene', lastName: 'Sáez', email: 'irene@example.com' });
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Booking confirmed');
    // The top page stayed where it was: the student never left the studio's website.
    expect(page.url()).toBe(`${studioSite.origin}/`);
    const booked = await api.server.store.db.selectFrom('bookings').select(['email', 'status']).where('class_id', '=', CLASS_ID).execute();
    expect(booked).toEqual([{ email: 'irene@example.com', status: 'confirmed' }]);
    await page.close();
  });

  it('When the form has expired inside the frame, then the frame shows the friendly "form expired" page, whose link reloads the form, which then books', async () => {
    const page = await context.newPage();
    const frame = await frameOf(page, studioSite.origin);
    const jaime = { firstName: 'Jaime', lastName: 'Ortiz', email: 'jaime@example.com' };
    await fillBookingForm(frame, jaime);
    // The browser lost the form's cookies meanwhile (cleared, or the page was open too long): its token no longer matches.
    await context.clearCookies();
    const [expired] = await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST'), frame.getByRole('button', { name: 'Book now' }).click()]);
    expect(expired.status()).toBe(403);
    await frame.waitForLoadState();
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('This form has expired');
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    expect(await api.server.store.db.selectFrom('bookings').select('email').where('email', '=', 'jaime@example.com').execute()).toEqual([]);

    await Promise.all([frame.waitForURL(`${api.url}/book/${CLASS_ID}?lang=en`), frame.getByRole('link', { name: 'Reload the form' }).click()]);
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Book Salsa Beginners');
    await bookInFrame(frame, jaime);
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Booking confirmed');
    expect(page.url()).toBe(`${studioSite.origin}/`);
    expect(await api.server.store.db.selectFrom('bookings').select(['email', 'status']).where('email', '=', 'jaime@example.com').execute()).toEqual([{ email: 'jaime@example.com', status: 'confirmed' }]);
    await page.close();
  });

  it('When a page of another origin frames the booking page, then the browser refuses to show it there', async () => {
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    const frame = await frameOf(page, otherSite.origin);
    expect(await frame.getByRole('heading', { level: 1 }).count()).toBe(0);
    expect(frame.url()).not.toContain('/book/');
    expect(refusals.join('\n')).toContain(`frame-ancestors ${studioSite.origin}`);
    await page.close();
  });
});
