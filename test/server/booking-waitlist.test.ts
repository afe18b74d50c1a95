import { Browser, accessTokenOf, hiddenValue, textOf } from '../support/booking-form';
import { countConfirmedBookings } from '../support/bookings';
import { casaDelSon, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { request } from '../support/http';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The waitlist of a full class, as students use it over real HTTP: joining with the guest form, a
 * place shown on the manage page, the first waiting promoted in the same transaction that frees a
 * seat (a cancellation, or an import that raises the capacity), nobody promoted after the cutoff,
 * and a class the studio cancels or drops taking its bookings and waitlist with it.
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
// Monday 2027-03-08, 19:00–20:00 in Madrid: 18:00Z. The cutoff is 2 hours before: 16:00Z.
const START = Date.parse('2027-03-08T18:00:00Z');
const HOUR = 3_600_000;
const STUDIO = 'wl-studio';
const DESK = 'desk@waitlist.example';

/** Casa del Son with a waitlist and ten classes and an event (wl-event) of one place each, all but one on Monday 2027-03-08. */
function waitlistStudio(
  overrides: { capacity?: Record<string, number | null>; cancelled?: string[]; dropped?: string[]; waitlist?: boolean; times?: Record<string, [string, string]>; names?: Record<string, string>; rooms?: Record<string, string>; timezone?: string } = {},
) {
  const ids = ['wl-queue', 'wl-promote', 'wl-leave', 'wl-late', 'wl-raise', 'wl-unlimit', 'wl-late-raise', 'wl-cancel', 'wl-drop', 'wl-past-drop', 'wl-event'].filter((id) => !overrides.dropped?.includes(id));
  return casaDelSon({
    id: STUDIO,
    studio: { locales: ['en', 'es'], policies: { waitlist: overrides.waitlist ?? true }, notifications: { email: DESK }, ...(overrides.timezone ? { timezone: overrides.timezone } : {}) },
    classes: ids.map((id) =>
      salsaClass(id, {
        name: overrides.names?.[id] ?? `Salsa ${id}`,
        ...(overrides.times?.[id] ? { startTime: overrides.times[id][0], endTime: overrides.times[id][1] } : {}),
        ...(overrides.rooms?.[id] ? { room: overrides.rooms[id] } : {}),
        // One class already past: an import that stops listing it must not touch its bookings.
        date: id === 'wl-past-drop' ? '2027-02-22' : '2027-03-08',
        price: 10,
        capacity: overrides.capacity && id in overrides.capacity ? overrides.capacity[id] : 1,
        // An event has no dance type.
        ...(id === 'wl-event' ? { danceType: null } : {}),
        cancelled: overrides.cancelled?.includes(id) ?? false,
      }),
    ),
  });
}

const guest = (name: string) => ({ firstName: name, lastName: 'Student', email: `${name.toLowerCase()}@example.com`, terms: 'yes' });

describe.each(databaseTargets())('the waitlist on $name', (target: DatabaseTarget) => {
  let smtp: SmtpSink;
  let app: TestServer;
  let clock = NOW;

  beforeEach(async () => {
    clock = NOW;
    smtp = await startSmtpSink();
    app = await startTestServer(target, { documents: [waitlistStudio()], now: () => clock, env: { SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', BOOKING_RATE_LIMIT: '0' } });
  });
  afterEach(async () => {
    await app?.stop();
    await smtp?.close();
  });

  const student = () => new Browser(app.url, { 'Accept-Language': 'en' });
  /** Books (or, when the class is full, joins its waitlist) through the page; answers the manage link's token. */
  const take = async (classId: string, name: string) => {
    const posted = await student().fillIn(`/book/${classId}`, guest(name));
    expect(posted.status).toBe(303);
    return accessTokenOf(posted.location);
  };
  const manage = async (token: string) => textOf((await student().get(`/booking/${token}`)).html);
  const cancel = async (token: string) => {
    const browser = student();
    const cancelled = await browser.submit(await browser.openForm(`/booking/${token}/cancel`), {});
    expect(cancelled.status).toBe(303);
  };
  const statusOf = async (token: string) => (await app.server.store.db.selectFrom('bookings').select('status').where('access_token', '=', token).executeTakeFirstOrThrow()).status;
  const spotsLeft = async (classId: string) => {
    const listed = await request(app.url, `/api/public/studio/${STUDIO}/classes?from=2027-03-08`);
    return (listed.body as { id: string; spotsLeft: number }[]).find((entry) => entry.id === classId)?.spotsLeft;
  };
  const reimport = async (overrides: Parameters<typeof waitlistStudio>[0]) => {
    await app.importDocument(waitlistStudio(overrides), clock);
    await app.server.stamps.refresh();
  };

  it('When a class is full, then its page offers the waitlist, and those who join see their place in line and are emailed it', async () => {
    await take('wl-queue', 'Ana');
    const page = await student().get('/book/wl-queue');
    expect(textOf(page.html)).toContain('This class is full. Join its waitlist: if a place opens up by Monday, March 8, 2027, 17:00, it is yours and we email you.');
    expect(hiddenValue(page.html, 'intent')).toBe('waitlist');

    const bea = await take('wl-queue', 'Bea');
    const carlos = await take('wl-queue', 'Carlos');
    expect(await manage(bea)).toContain('You are number 1 on the waitlist.');
    expect(await manage(carlos)).toContain('You are number 2 on the waitlist.');
    expect(await statusOf(carlos)).toBe('waiting');
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-queue' })).toBe(1);
    const email = await smtp.mailTo('carlos@example.com', /^On the waitlist:/);
    expect(email.text).toContain('number 2');
    expect(email.attachments.filter((part) => part.contentType.startsWith('text/calendar'))).toEqual([]);
    // Joining twice with the same email: the same place, not a second one.
    const again = await student().fillIn('/book/wl-queue', guest('Carlos'));
    expect(again.location).toBe(`/booking/${carlos}?existing=1`);
    const shown = textOf((await student().get(String(again.location))).html);
    expect(shown).toContain('You were already on this waitlist with that email address: here is your place.');
    expect(shown).not.toContain('already booked');
  });

  it('When a booked student cancels, then the first waiting gets the seat at once and is told, the second moves up, and the class stays full', async () => {
    const ana = await take('wl-promote', 'Ana');
    const bea = await take('wl-promote', 'Bea');
    const carlos = await take('wl-promote', 'Carlos');
    await cancel(ana);
    expect(await statusOf(bea)).toBe('confirmed');
    expect(await statusOf(carlos)).toBe('waiting');
    expect(await manage(carlos)).toContain('You are number 1 on the waitlist.');
    expect(await manage(bea)).toContain('Booking confirmed');
    expect(await spotsLeft('wl-promote')).toBe(0);
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-promote' })).toBe(1);

    const promoted = await smtp.mailTo('bea@example.com', /^A place opened up/);
    expect(promoted.subject).toBe('A place opened up: you are booked for Salsa wl-promote, Monday, March 8, 2027, 19:00–20:00');
    expect(promoted.attachments.find((part) => part.contentType.startsWith('text/calendar'))?.content.toString('utf8')).toContain('METHOD:REQUEST');
    await smtp.mailTo(DESK, /^New booking: .*Bea Student/);
  });

  it('When a waiting student leaves the waitlist, then those behind move up, nobody is emailed about it, and the page leads back to the class, not to booking it "again"', async () => {
    await take('wl-leave', 'Ana');
    const bea = await take('wl-leave', 'Bea');
    const carlos = await take('wl-leave', 'Carlos');
    // Bea leaves from the link in her email.
    await smtp.mailTo('bea@example.com', /^On the waitlist:/);
    expect(textOf((await student().get(`/booking/${bea}/cancel`)).html)).toContain('Leave the waitlist?');
    await cancel(bea);
    const left = await manage(bea);
    expect(left).toContain('You left the waitlist You are no longer on the waitlist.');
    expect(left).not.toContain('Booking cancelled');
    // Its way back is to the class, not "again": Bea never had a seat.
    expect(left).toContain('Back to this class');
    expect(left).not.toContain('Book this class again');
    expect(await manage(carlos)).toContain('You are number 1 on the waitlist.');
    expect(smtp.to('bea@example.com').map((mail) => mail.subject)).toEqual(['On the waitlist: Salsa wl-leave, Monday, March 8, 2027, 19:00–20:00']);
  });

  it('When the cutoff has passed, then the waitlist takes no names, tells those in line it closed without a place for them, and a freed seat goes to nobody in line: anyone may book it', async () => {
    const ana = await take('wl-late', 'Ana');
    const bea = await take('wl-late', 'Bea');
    expect(await manage(bea)).toContain('Leave the waitlist');
    clock = START - 2 * HOUR;
    const page = await student().get('/book/wl-late');
    expect(textOf(page.html)).toContain('This class is full: there are no spots left.');
    expect(hiddenValue(page.html, 'intent')).toBeNull();
    // Bea's place came to nothing: her page says so, offers nothing to leave and owes nothing, before the class and after it.
    for (const at of [START - 2 * HOUR, START + 2 * HOUR]) {
      clock = at;
      const closed = await manage(bea);
      expect(closed).toContain('The waitlist has closed No place opened up by Monday, March 8, 2027, 17:00, when the waitlist closed: you are not booked, and there is nothing to pay.');
      expect(closed).toContain('Price €10.00');
      expect(closed).not.toMatch(/Leave the waitlist|You are number|To pay at the studio|proof of booking/);
    }
    clock = START - 2 * HOUR;
    // The studio cancels Ana's seat after the cutoff (the student no longer can).
    const { booking } = await app.server.store.db.selectFrom('bookings').select('id as booking').where('access_token', '=', ana).executeTakeFirstOrThrow();
    const { createBookingStore } = await import('../../server/src/data/booking-store');
    const { listingRenderer } = await import('../../server/src/http/listing/listing-entries');
    const store = createBookingStore(app.server.store.db, app.server.store.dialect, listingRenderer);
    expect((await store.cancelBooking({ bookingId: booking, by: 'studio', nowMs: clock }, () => true)).outcome).toBe('cancelled');
    expect(await statusOf(bea)).toBe('waiting');
    await app.server.stamps.refresh();
    expect(await spotsLeft('wl-late')).toBe(1);
    await take('wl-late', 'Dani');
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-late' })).toBe(1);
  });

  it('When a student books after the cutoff, then the page says beforehand that it cannot be cancelled online, and the email offers no cancelling', async () => {
    expect(textOf((await student().get('/book/wl-raise')).html)).not.toContain('Online cancelling closed');
    clock = START - HOUR;
    expect(textOf((await student().get('/book/wl-raise')).html)).toContain('Online cancelling closed on Monday, March 8, 2027, 17:00: a booking made now cannot be cancelled online. Book now');
    const ana = await take('wl-raise', 'Ana');
    expect(await statusOf(ana)).toBe('confirmed');
    const booked = await smtp.mailTo('ana@example.com', /^Booked:/);
    expect(booked.text).toContain('Your booking, to add to your calendar (it is too late to cancel online):');
    expect(booked.text).not.toContain('or to cancel');
  });

  it('When an import raises the capacity, then the new seats go to the waitlist in order', async () => {
    await take('wl-raise', 'Ana');
    const waiting = [];
    for (const name of ['Bea', 'Carlos', 'Dani', 'Eva']) waiting.push(await take('wl-raise', name));
    await reimport({ capacity: { 'wl-raise': 3 } });
    expect(await Promise.all(waiting.map(statusOf))).toEqual(['confirmed', 'confirmed', 'waiting', 'waiting']);
    expect(await manage(waiting[3] as string)).toContain('You are number 2 on the waitlist.');
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-raise' })).toBe(3);
    expect(await spotsLeft('wl-raise')).toBe(0);
    await smtp.mailTo('carlos@example.com', /^A place opened up/);
  });

  it('When an import lowers the capacity below the seats taken, then cancellations promote nobody until the class is under its capacity again', async () => {
    await reimport({ capacity: { 'wl-raise': 3 } });
    const seats = [];
    for (const name of ['Ana', 'Bea', 'Carlos']) seats.push(await take('wl-raise', name));
    const dani = await take('wl-raise', 'Dani');
    expect(await statusOf(dani)).toBe('waiting');
    // Three seats taken on a capacity of one: the import keeps them.
    await reimport({ capacity: { 'wl-raise': 1 } });
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-raise' })).toBe(3);
    await cancel(seats[0] as string);
    await cancel(seats[1] as string);
    expect(await statusOf(dani)).toBe('waiting');
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-raise' })).toBe(1);
    expect(await manage(dani)).toContain('You are number 1 on the waitlist.');
    // The last of the three frees the one seat there is: Dani gets it.
    await cancel(seats[2] as string);
    expect(await statusOf(dani)).toBe('confirmed');
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-raise' })).toBe(1);
    await app.server.stamps.refresh();
    expect(await spotsLeft('wl-raise')).toBe(0);
  });

  it('When an import moves a class to another time that day, then its seats and waitlist move with it: each student is emailed the new time, a seat with its calendar entry updated and its reminder at the new time', async () => {
    const ana = await take('wl-promote', 'Ana');
    const bea = await take('wl-promote', 'Bea');
    await smtp.mailTo('ana@example.com', /^Booked:/);
    await reimport({ times: { 'wl-promote': ['18:30', '19:30'] } });
    expect(await statusOf(ana)).toBe('confirmed');
    expect(await statusOf(bea)).toBe('waiting');
    expect(await manage(ana)).toContain('Monday, March 8, 2027, 18:30–19:30');

    const moved = await smtp.mailTo('ana@example.com', /^New time:/);
    expect(moved.subject).toBe('New time: Salsa wl-promote, Monday, March 8, 2027, 18:30–19:30');
    expect(moved.text).toContain('Casa del Son has moved Salsa wl-promote: it is now Monday, March 8, 2027, 18:30–19:30 (it was Monday, March 8, 2027, 19:00–20:00). Your booking stays, at the new time.');
    const invitation = moved.attachments.find((part) => part.contentType.startsWith('text/calendar'))?.content.toString('utf8') ?? '';
    expect(invitation.split('\r\n')).toEqual(expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:1', 'DTSTART;TZID=Europe/Madrid:20270308T183000']));
    const waiting = await smtp.mailTo('bea@example.com', /^New time:/);
    expect(waiting.text).toContain('(it was Monday, March 8, 2027, 19:00–20:00). You keep your place on its waitlist.');
    expect(waiting.attachments.filter((part) => part.contentType.startsWith('text/calendar'))).toEqual([]);

    // The reminder owed for 19:00 is dropped, one for 18:30 owed instead (a day before, the studio's default).
    const reminders = await app.server.store.db
      .selectFrom('outbox')
      .innerJoin('bookings', 'bookings.id', 'outbox.booking_id')
      .select(['outbox.status', 'outbox.due_at'])
      .where('bookings.access_token', '=', ana)
      .where('outbox.event', '=', 'reminder')
      .orderBy('outbox.due_at')
      .execute();
    expect(reminders.map((row) => [row.status, new Date(Number(row.due_at)).toISOString()])).toEqual([
      ['pending', '2027-03-07T17:30:00.000Z'],
      ['dropped', '2027-03-07T18:00:00.000Z'],
    ]);
    // The studio moved it itself: its desk gets no copy.
    expect(smtp.to(DESK).map((mail) => mail.subject).filter((subject) => subject?.startsWith('New time'))).toEqual([]);
  });

  it("When an import only renames a class or gives it another room, then its bookings keep the name they were booked under, show the new room, and nobody is emailed; when the studio's time zone changes, then the bookings keep the wall-clock time there", async () => {
    const ana = await take('wl-queue', 'Ana');
    await smtp.mailTo('ana@example.com', /^Booked:/);
    await reimport({ names: { 'wl-queue': 'Salsa Cubana' }, rooms: { 'wl-queue': 'Sala Roja' } });
    const page = await manage(ana);
    expect(page).toContain('Salsa wl-queue');
    expect(page).toContain('Sala Roja');
    // London is an hour behind Madrid (in early March neither has changed its clocks): 19:00 there is 19:00Z, an hour later than before.
    await reimport({ names: { 'wl-queue': 'Salsa Cubana' }, rooms: { 'wl-queue': 'Sala Roja' }, timezone: 'Europe/London' });
    const starts = await app.server.store.db.selectFrom('bookings').select('starts_at').where('access_token', '=', ana).executeTakeFirstOrThrow();
    expect(new Date(Number(starts.starts_at)).toISOString()).toBe('2027-03-08T19:00:00.000Z');
    const subjects = () => smtp.to('ana@example.com').map((mail) => mail.subject);
    await smtp.mailTo('ana@example.com', /^New time:/);
    expect(subjects().filter((subject) => !subject?.startsWith('Booked:'))).toEqual(['New time: Salsa wl-queue, Monday, March 8, 2027, 19:00–20:00']);
  });

  it('When an import removes the capacity, then everyone waiting gets a seat, in order, and is told', async () => {
    await take('wl-unlimit', 'Ana');
    const waiting = [];
    for (const name of ['Bea', 'Carlos', 'Dani']) waiting.push(await take('wl-unlimit', name));
    await reimport({ capacity: { 'wl-unlimit': null } });
    expect(await Promise.all(waiting.map(statusOf))).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-unlimit' })).toBe(4);
    expect(await spotsLeft('wl-unlimit')).toBeNull();
    for (const name of ['bea', 'carlos', 'dani']) {
      expect((await smtp.mailTo(`${name}@example.com`, /^A place opened up/)).subject).toBe('A place opened up: you are booked for Salsa wl-unlimit, Monday, March 8, 2027, 19:00–20:00');
    }
  });

  it('When an import raises the capacity after the cutoff, then nobody waiting is promoted: the new seats are anyone\'s to book', async () => {
    await take('wl-late-raise', 'Ana');
    const bea = await take('wl-late-raise', 'Bea');
    clock = START - 2 * HOUR;
    await reimport({ capacity: { 'wl-late-raise': 3 } });
    expect(await statusOf(bea)).toBe('waiting');
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-late-raise' })).toBe(1);
    expect(await spotsLeft('wl-late-raise')).toBe(2);
    const rows = await app.server.store.db.selectFrom('outbox').innerJoin('bookings', 'bookings.id', 'outbox.booking_id').select('outbox.event').where('bookings.access_token', '=', bea).execute();
    expect(rows.map((row) => row.event)).toEqual(['waitlist_joined']);
  });

  it('When an event is full, then its page says the event is full and offers its waitlist; who joins sees their place, in Spanish too', async () => {
    await take('wl-event', 'Ana');
    const page = await student().get('/book/wl-event');
    expect(textOf(page.html)).toContain('This event is full. Join its waitlist: if a place opens up by Monday, March 8, 2027, 17:00, it is yours and we email you.');
    expect(textOf(page.html)).not.toContain('This class');
    const spanish = await new Browser(app.url, { 'Accept-Language': 'es' }).get('/book/wl-event');
    expect(textOf(spanish.html)).toContain('Este evento está completo. Apúntate a su lista de espera: si se libera una plaza antes de lunes, 8 de marzo de 2027, 17:00, será tuya y te avisamos por correo.');
    const bea = await take('wl-event', 'Bea');
    expect(await statusOf(bea)).toBe('waiting');
    expect(await manage(bea)).toContain('You are number 1 on the waitlist.');
    expect((await smtp.mailTo('bea@example.com', /^On the waitlist:/)).subject).toBe('On the waitlist: Salsa wl-event, Monday, March 8, 2027, 19:00–20:00');
    // After the cutoff the waitlist is closed, and the page says the event is full.
    clock = START - 2 * HOUR;
    expect(textOf((await student().get('/book/wl-event')).html)).toContain('This event is full: there are no spots left.');
  });

  it('When an import cancels a class or stops listing it, then its bookings and waitlist are cancelled and each student is told how to reach the studio; a past class it drops keeps its bookings', async () => {
    const ana = await take('wl-cancel', 'Ana');
    const bea = await take('wl-cancel', 'Bea');
    const carlos = await take('wl-drop', 'Carlos');
    // A booking of a class that has taken place (written as it was then).
    clock = Date.parse('2027-02-20T09:00:00Z');
    const past = await take('wl-past-drop', 'Dani');
    clock = NOW;

    await reimport({ cancelled: ['wl-cancel'], dropped: ['wl-drop', 'wl-past-drop'] });
    expect(await Promise.all([ana, bea, carlos, past].map(statusOf))).toEqual(['cancelled', 'cancelled', 'cancelled', 'confirmed']);
    expect(await manage(ana)).toContain('The studio cancelled this booking.');
    const seat = await smtp.mailTo('ana@example.com', /^Cancelled:/);
    expect(seat.text).toContain('Casa del Son has cancelled Salsa wl-cancel, so your booking is cancelled too.');
    expect(seat.text).toContain('Phone: +34 600 000 111');
    expect(seat.attachments.find((part) => part.contentType.startsWith('text/calendar'))?.content.toString('utf8')).toContain('METHOD:CANCEL');
    const place = await smtp.mailTo('bea@example.com', /^Cancelled:/);
    expect(place.text).toContain('so its waitlist is closed and you are no longer on it');
    await smtp.mailTo('carlos@example.com', /^Cancelled:/);
    // The studio's desk is told of each seat its import gave back (not of the waitlist's places), and that the student was told.
    const copies = [await smtp.mailTo(DESK, /^Booking cancelled: .*Ana Student/), await smtp.mailTo(DESK, /^Booking cancelled: .*Carlos Student/)];
    expect(copies.map((copy) => copy.text?.split('\n')[0])).toEqual([
      "Ana Student's booking for Salsa wl-cancel is cancelled, because an import cancelled Salsa wl-cancel or took it off the schedule. We have emailed Ana Student.",
      "Carlos Student's booking for Salsa wl-drop is cancelled, because an import cancelled Salsa wl-drop or took it off the schedule. We have emailed Carlos Student.",
    ]);
    expect(smtp.to(DESK).filter((mail) => /^Booking cancelled: .*Bea Student/.test(mail.subject ?? ''))).toEqual([]);
  });

  it('When the studio keeps no waitlist, then a full class says so and offers none', async () => {
    await reimport({ waitlist: false });
    await take('wl-queue', 'Ana');
    const page = await student().get('/book/wl-queue');
    expect(textOf(page.html)).toContain('This class is full: there are no spots left.');
    expect(hiddenValue(page.html, 'intent')).toBeNull();
    const refused = await student().post('/book/wl-queue', {});
    expect([403, 409, 422]).toContain(refused.status);
    expect(await countConfirmedBookings(app.server.store.db, { classId: 'wl-queue' })).toBe(1);
  });
});
