import { createBookingCatalogReader } from '../../server/src/data/booking-catalog-reader';
import { createBookingStore } from '../../server/src/data/booking-store';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { Browser, accessTokenOf, hiddenValue, radioLabels, readPostForm, textOf } from '../support/booking-form';
import { countConfirmedBookings } from '../support/bookings';
import { ana, casaDelSon, privateLessonOffer, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { request } from '../support/http';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Cancelling from the manage link (`/booking/{token}`), as a student does over real HTTP: until the
 * studio's cutoff, with a confirmation step and CSRF, once; then the seat is free at once, both sides
 * are emailed, and the same email may book again. The server's clock is the test's (`clock`).
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
// Monday 2027-03-08, 19:00 in Madrid (CET): 18:00Z.
const START = Date.parse('2027-03-08T18:00:00Z');
const HOUR = 3_600_000;
const STUDIO = 'cancel-studio';
const DESK = 'desk@cancel.example';

/** Casa del Son with six classes of 5 places, cancellable until 3 hours before, and Ana's private lessons on Tuesdays. */
function cancelStudio() {
  return casaDelSon({
    id: STUDIO,
    studio: { unit: undefined, whatsappEnabled: true, whatsappPhone: '+34 600 000 222', locales: ['en', 'es'], policies: { cancellationCutoffHours: 3 }, notifications: { email: DESK } },
    people: [ana('cancel-ana')],
    classes: ['cancel-a', 'cancel-b', 'cancel-c', 'cancel-d', 'cancel-e', 'cancel-f'].map((id) => salsaClass(id, { price: 12, capacity: 5, instructorId: 'cancel-ana' })),
    privateLessons: { instructors: [privateLessonOffer('cancel-ana', { availability: 'cancel-av', pricing: 'cancel-p60' }, { dayOfWeek: 2, startTime: '10:00', endTime: '14:00' })] },
  });
}

const guest = (email: string) => ({ firstName: 'Lucía', lastName: 'Pérez', email, terms: 'yes' });

describe.each(databaseTargets())('cancelling a booking on $name', (target: DatabaseTarget) => {
  let smtp: SmtpSink;
  let app: TestServer;
  let clock = NOW;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestServer(target, { documents: [cancelStudio()], now: () => clock, env: { SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', BOOKING_RATE_LIMIT: '0' } });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });
  beforeEach(() => {
    clock = NOW;
  });

  const student = () => new Browser(app.url, { 'Accept-Language': 'en' });
  const book = async (browser: Browser, classId: string, email: string) => {
    const posted = await browser.fillIn(`/book/${classId}`, guest(email));
    expect(posted.status).toBe(303);
    return accessTokenOf(posted.location);
  };
  const spotsLeft = async (classId: string) => {
    const listed = await request(app.url, `/api/public/studio/${STUDIO}/classes?from=2027-03-08`);
    return (listed.body as { id: string; spotsLeft: number }[]).find((entry) => entry.id === classId)?.spotsLeft;
  };
  const mailTo = (address: string, subject?: RegExp) => smtp.mailTo(address, subject);
  const calendarOf = (mail: { attachments: { contentType: string; content: Buffer }[] }) =>
    mail.attachments.find((part) => part.contentType.startsWith('text/calendar'))?.content.toString('utf8').replace(/\r\n /g, '') ?? '';

  it('When a student cancels from the manage link before the cutoff, then they confirm once, the seat is free at once, and the student and the studio are emailed', async () => {
    const lucia = student();
    const token = await book(lucia, 'cancel-a', 'lucia@example.com');
    expect(await spotsLeft('cancel-a')).toBe(4);

    // She cancels from the link in her confirmation.
    const confirmation = await mailTo('lucia@example.com', /^Booked:/);
    expect(confirmation.text).toContain(`/booking/${token}`);
    const manage = await lucia.get(`/booking/${token}`);
    expect(manage.status).toBe(200);
    expect(textOf(manage.html)).toContain('You can cancel online until Monday, March 8, 2027, 16:00.');
    // A link to the confirmation step, not a button that cancels at once.
    expect(readPostForm(manage.html)).toBeNull();
    const step = await lucia.openForm(`/booking/${token}/cancel`);
    expect(textOf(step.page.html)).toContain('Cancel your booking?');
    expect(textOf(step.page.html)).toContain('Salsa Beginners');

    const cancelled = await lucia.submit(step, {});
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`/booking/${token}`);
    expect(await spotsLeft('cancel-a')).toBe(5);
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'cancel-a' })).toBe(0);
    const after = await lucia.get(`/booking/${token}`);
    expect(textOf(after.html)).toContain('Booking cancelled');
    expect(textOf(after.html)).toContain('This booking is cancelled.');
    expect(after.html).not.toContain('/cancel"');

    const cancellation = await mailTo('lucia@example.com', /^Cancelled:/);
    expect(cancellation.subject).toBe('Cancelled: Salsa Beginners, Monday, March 8, 2027, 19:00–20:00');
    expect(cancellation.text).toContain('Your booking at Casa del Son is cancelled, as you asked.');
    const uid = /UID:(\S+)/.exec(calendarOf(confirmation))?.[1];
    // The booking's id names the calendar entry, so the cancellation removes the entry the confirmation added.
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@studio-data$/);
    const cancelCalendar = calendarOf(cancellation);
    expect(cancelCalendar).toContain('METHOD:CANCEL');
    expect(cancelCalendar).toContain(`UID:${uid}`);
    expect(cancelCalendar).toContain('SEQUENCE:1');
    expect(cancelCalendar).toContain('STATUS:CANCELLED');
    const copy = await mailTo(DESK, /^Booking cancelled:/);
    expect(copy.text).toContain('Lucía Pérez cancelled their booking for Salsa Beginners.');
  });

  it('When the cancel form is sent twice (a double click, a second tab), then the second changes nothing', async () => {
    const browser = student();
    const token = await book(browser, 'cancel-b', 'twice@example.com');
    const step = await browser.openForm(`/booking/${token}/cancel`);
    const [first, second] = await Promise.all([browser.submit(step, {}), browser.submit(step, {})]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(await spotsLeft('cancel-b')).toBe(5);
    const rows = await app.server.store.db.selectFrom('outbox').innerJoin('bookings', 'bookings.id', 'outbox.booking_id').select('outbox.event').where('bookings.access_token', '=', token).where('outbox.audience', '=', 'student').execute();
    expect(rows.map((row) => row.event).sort()).toEqual(['cancelled', 'confirmed', 'reminder']);
  });

  it('When it is past the cutoff, then the manage page says until when it could be cancelled and how to reach the studio, and a cancel sent anyway changes nothing', async () => {
    const browser = student();
    const token = await book(browser, 'cancel-c', 'late@example.com');
    const step = await browser.openForm(`/booking/${token}/cancel`);
    clock = START - 2 * HOUR;
    const page = await browser.get(`/booking/${token}`);
    const text = textOf(page.html);
    expect(text).toContain('It is too late to cancel online: bookings could be cancelled until Monday, March 8, 2027, 16:00.');
    expect(text).toContain('To cancel now, contact Casa del Son:');
    expect(page.html).toContain('href="tel:+34600000111"');
    expect(page.html).toContain('href="https://wa.me/34600000222"');
    expect(page.html).toContain(`href="mailto:${DESK}"`);
    expect(page.html).not.toContain(`/booking/${token}/cancel"`);
    expect((await browser.get(`/booking/${token}/cancel`)).status).toBe(303);

    const refused = await browser.submit(step, {});
    expect(refused.status).toBe(409);
    expect(textOf(refused.html)).toContain('It is too late to cancel online');
    expect(await spotsLeft('cancel-c')).toBe(4);
  });

  it('When a student has cancelled, then the same email can book the class again', async () => {
    const browser = student();
    const first = await book(browser, 'cancel-d', 'again@example.com');
    await browser.submit(await browser.openForm(`/booking/${first}/cancel`), {});
    const second = await book(browser, 'cancel-d', 'again@example.com');
    expect(second).not.toBe(first);
    expect(await spotsLeft('cancel-d')).toBe(4);
    const page = await browser.get(`/booking/${first}`);
    expect(page.html).toContain('href="/book/cancel-d"');
  });

  it('When the cancel form comes without its token, then nothing is cancelled (CSRF)', async () => {
    const browser = student();
    const token = await book(browser, 'cancel-e', 'csrf@example.com');
    const step = await browser.openForm(`/booking/${token}/cancel`);
    // A signed token (csrf-csrf: the HMAC, then the random value).
    expect(hiddenValue(step.page.html, '_csrf')).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{64}$/);
    const forged = await browser.post(step.action, {});
    expect(forged.status).toBe(403);
    const fromElsewhere = await new Browser(app.url).post(step.action, { _csrf: step.csrf });
    expect(fromElsewhere.status).toBe(403);
    expect(await spotsLeft('cancel-e')).toBe(4);
  });

  it('When a cancelled booking’s calendar file is downloaded, then it says the event is cancelled', async () => {
    const browser = student();
    const token = await book(browser, 'cancel-f', 'ics@example.com');
    await browser.submit(await browser.openForm(`/booking/${token}/cancel`), {});
    const file = await browser.get(`/booking/${token}/booking.ics`);
    expect(file.html).toContain('STATUS:CANCELLED');
  });

  it('When the studio removes a booked class (a holiday, a class dropped), then the manage page links a class that can be booked: the next date of its series, else the studio\'s next class; a lesson whose teacher no longer gives lessons links nowhere', async () => {
    const weekly = (except: string[]) => salsaClass('rb-salsa', { date: undefined, startTime: undefined, endTime: undefined, weekly: { dayOfWeek: 'monday', startTime: '19:00', endTime: '20:00', from: '2027-03-08', until: '2027-04-26', except } });
    const rebookStudio = (change: { holiday?: boolean; noLessons?: boolean } = {}) =>
      casaDelSon({
        id: 'rebook-studio',
        studio: { locales: ['en'] },
        people: [ana('rb-ana')],
        classes: [weekly(change.holiday ? ['2027-03-08'] : []), ...(change.holiday ? [] : [salsaClass('rb-once', { date: '2027-03-09' })])],
        privateLessons: change.noLessons ? undefined : { instructors: [privateLessonOffer('rb-ana', { availability: 'rb-av', pricing: 'rb-p60' }, { dayOfWeek: 2, startTime: '10:00', endTime: '14:00' })] },
      });
    await app.importDocument(rebookStudio(), clock);
    const holiday = await book(student(), 'rb-salsa-20270308', 'rb-holiday@example.com');
    const dropped = await book(student(), 'rb-once', 'rb-dropped@example.com');
    const slot = { startsAt: Date.parse('2027-03-09T09:00:00Z'), endsAt: Date.parse('2027-03-09T10:00:00Z') };
    const lesson = await createBookingStore(app.server.store.db, app.server.store.dialect, listingRenderer).bookPrivateLesson(
      { studioId: 'rebook-studio', instructorId: 'rb-ana', pricingId: 'rb-p60', ...slot, answers: {}, title: 'Private lesson with Ana García', price: 50, currency: 'EUR', guest: { firstName: 'Eva', lastName: 'Ruiz', email: 'rb-eva@example.com', phone: null }, locale: 'en', idempotencyKey: 'rb-lesson', nowMs: clock },
      () => true,
    );
    if (lesson.outcome !== 'confirmed') throw new Error(lesson.outcome);
    await app.importDocument(rebookStudio({ holiday: true, noLessons: true }), clock);

    const holidayPage = await student().get(`/booking/${holiday}`);
    expect(textOf(holidayPage.html)).toContain('The studio cancelled this booking.');
    expect(holidayPage.html).toContain('<a href="/book/rb-salsa-20270315">Book this class again</a>');
    const droppedPage = await student().get(`/booking/${dropped}`);
    expect(droppedPage.html).toContain('<a href="/book/rb-salsa-20270315">Book another class</a>');
    expect((await student().get('/book/rb-salsa-20270315')).status).toBe(200);
    // The lesson is kept (an import never cancels one); cancelled, its page offers no lessons page that no longer exists.
    const eva = student();
    expect((await eva.submit(await eva.openForm(`/booking/${lesson.booking.accessToken}/cancel`), {})).status).toBe(303);
    expect((await eva.get(`/booking/${lesson.booking.accessToken}`)).html).not.toContain('/book/private-lesson/');
  });

  it('When a private lesson is cancelled, then its time is free again: its manage page links the lessons page, which offers that time again', async () => {
    const store = createBookingStore(app.server.store.db, app.server.store.dialect, listingRenderer);
    const reader = createBookingCatalogReader(app.server.store.db);
    // Tuesday 2027-03-09, 10:00–11:00 in Madrid.
    const slot = { startsAt: Date.parse('2027-03-09T09:00:00Z'), endsAt: Date.parse('2027-03-09T10:00:00Z') };
    const booked = await store.bookPrivateLesson(
      { studioId: STUDIO, instructorId: 'cancel-ana', pricingId: 'cancel-p60', ...slot, answers: {}, title: 'Private lesson with Ana García', price: 50, currency: 'EUR', guest: { firstName: 'Eva', lastName: 'Ruiz', email: 'eva@example.com', phone: null }, locale: 'en', idempotencyKey: 'lesson-form-1', nowMs: NOW },
      () => true,
    );
    if (booked.outcome !== 'confirmed') throw new Error(booked.outcome);
    const busy = () => reader.busyIntervals(STUDIO, 'cancel-ana', slot.startsAt - HOUR, slot.endsAt + HOUR);
    expect(await busy()).toEqual([slot]);
    const lessonTimes = async () => radioLabels((await student().get('/en/book/private-lesson/cancel-ana?date=2027-03-09')).html, 'start').map((radio) => radio.text.replace(/ ?, Tuesday, March 9, 2027$/, ''));
    expect(await lessonTimes()).toEqual(['11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30', '12:45', '13:00']);
    const cancelled = await student().submit(await student().openForm(`/booking/${booked.booking.accessToken}/cancel`), {});
    expect(cancelled.status).toBe(403); // another browser: its own CSRF cookie is missing
    const eva = student();
    expect((await eva.submit(await eva.openForm(`/booking/${booked.booking.accessToken}/cancel`), {})).status).toBe(303);
    expect(await busy()).toEqual([]);
    const manage = await eva.get(`/booking/${booked.booking.accessToken}`);
    expect(textOf(manage.html)).toContain('This booking is cancelled.');
    expect(textOf(manage.html)).toMatch(/Price €50.00 Book another private lesson$/);
    expect(manage.html).toContain('href="/en/book/private-lesson/cancel-ana"');
    expect(await lessonTimes()).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30', '12:45', '13:00']);
  });
});
