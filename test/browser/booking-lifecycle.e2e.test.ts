import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createBookingStore } from '../../server/src/data/booking-store';
import { pointDemoImagesAt, readDemoDocument, rollDemoDocument } from '../../server/src/demo/demo-studio';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { axeViolations, BROWSER_SETUP_TIMEOUT_MS, BROWSER_TEST_TIMEOUT_MS, describeWithBrowser, fillGuest, formatViolations, launchBrowser, offlineContext } from '../support/browser';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { request } from '../support/http';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { testNow } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * After "Book", on the demo studio as `npm start` serves it, in Debian's Chromium with a real SMTP
 * server: a student books the last seat of a class and gets the email; another finds it full and
 * joins the waitlist; the first cancels from the link in her email; the second is promoted and
 * emailed. axe-core checks every page state a student sees on the way. On SQLite and MariaDB.
 */

jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);

const HOUR = 3_600_000;

async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  expect({ state, violations: formatViolations(await axeViolations(page)) }).toEqual({ state, violations: [] });
}

/** The path of the manage link in an email's text (the link names the configured checkout address). */
function manageLinkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+\/booking\/[A-Za-z0-9_-]{43}/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no manage link in:\n${text}`);
  return new URL(link).pathname;
}

describeWithBrowser().each(databaseTargets())('the booking lifecycle on the demo studio, on $name', (target: DatabaseTarget) => {
  let browser: Browser;
  let server: TestServer;
  let smtp: SmtpSink;
  let context: BrowserContext;
  const demo = readDemoDocument();
  const studioId = (demo.studio as { id: string }).id;

  beforeAll(async () => {
    const now = testNow();
    smtp = await startSmtpSink();
    [browser, server] = await Promise.all([launchBrowser(), startTestServer(target, { now: () => now, env: { SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', BOOKING_RATE_LIMIT: '0' } })]);
    await server.importDocument(rollDemoDocument(pointDemoImagesAt(demo, server.url), now), now);
    await server.server.stamps.refresh();
    // axe needs to inject its script past the pages' CSP.
    context = await offlineContext(browser, { bypassCSP: true, now });
  }, BROWSER_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('When one student takes the last seat and another joins the waitlist, then the first cancelling from her email promotes the second, and both are emailed', async () => {
    const now = testNow();
    // A class with a capacity well ahead of its cancellation cutoff, its seats taken by others but one.
    const listing = await request(server.url, `/api/public/studio/${studioId}/classes`);
    const target = (listing.body as { id: string; name: string; date: string; spotsLeft: number | null }[]).find((entry) => entry.spotsLeft !== null && entry.spotsLeft > 1 && Date.parse(entry.date) > now + 6 * HOUR);
    if (!target) throw new Error('the demo studio has no class with a capacity later this week');
    const store = createBookingStore(server.server.store.db, server.server.store.dialect, listingRenderer);
    for (let n = 1; n < (target.spotsLeft as number); n++) {
      const taken = await store.bookClass({ classId: target.id, guest: { firstName: 'Other', lastName: `Student ${n}`, email: `other${n}@example.com`, phone: null }, locale: 'en', idempotencyKey: `other-${n}`, nowMs: now });
      expect(taken.outcome).toBe('confirmed');
    }
    await server.server.stamps.refresh();

    // Ana books the last seat.
    const ana = await context.newPage();
    await ana.goto(`${server.url}/book/${target.id}?lang=en`);
    await expectNoAxeViolations(ana, 'the class page with one spot left');
    await fillGuest(ana, { firstName: 'Ana', lastName: 'Demo', email: 'ana@example.com' });
    await Promise.all([ana.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), ana.locator('form[method="post"] button[type="submit"]').click()]);
    await ana.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
    await expectNoAxeViolations(ana, 'the manage page of a confirmed booking');
    const confirmation = await smtp.mailTo('ana@example.com', /^Booked:/);
    expect(confirmation.subject).toContain(target.name);

    // Bea finds the class full and joins its waitlist.
    const bea = await context.newPage();
    await bea.goto(`${server.url}/book/${target.id}?lang=en`);
    await bea.getByText('This class is full. Join its waitlist').waitFor();
    await expectNoAxeViolations(bea, 'a full class offering its waitlist');
    await fillGuest(bea, { firstName: 'Bea', lastName: 'Demo', email: 'bea@example.com' });
    await Promise.all([bea.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), bea.getByRole('button', { name: 'Join the waitlist' }).click()]);
    await bea.getByText('You are number 1 on the waitlist.').waitFor();
    await expectNoAxeViolations(bea, 'the manage page of a place on the waitlist');
    await smtp.mailTo('bea@example.com', /^On the waitlist:/);
    const beaManage = bea.url();

    // Ana cancels from the link in her email, confirming once.
    await ana.goto(`${server.url}${manageLinkIn(confirmation.text)}?lang=en`);
    await ana.getByRole('link', { name: 'Cancel this booking' }).click();
    await ana.getByRole('heading', { level: 1, name: 'Cancel your booking?' }).waitFor();
    await expectNoAxeViolations(ana, 'the cancel confirmation step');
    await Promise.all([ana.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), ana.getByRole('button', { name: 'Yes, cancel my booking' }).click()]);
    await ana.getByRole('heading', { level: 1, name: 'Booking cancelled' }).waitFor();
    await expectNoAxeViolations(ana, 'the manage page of a cancelled booking');
    const cancellation = await smtp.mailTo('ana@example.com', /^Cancelled:/);
    expect(cancellation.attachments.some((part) => part.content.toString('utf8').includes('METHOD:CANCEL'))).toBe(true);

    // Bea has the seat, and is told.
    const promoted = await smtp.mailTo('bea@example.com', /^A place opened up/);
    expect(promoted.subject).toContain(target.name);
    await bea.goto(beaManage);
    await bea.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
    const after = await request(server.url, `/api/public/studio/${studioId}/classes`);
    expect((after.body as { id: string; spotsLeft: number | null }[]).find((entry) => entry.id === target.id)?.spotsLeft).toBe(0);
  });
});
