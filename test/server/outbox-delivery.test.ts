import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../server/src/config';
import { CLAIM_LEASE_MS } from '../../server/src/delivery/delivery-worker';
import { createOutboxDelivery } from '../../server/src/delivery/outbox-delivery';
import { createOutboxRetention } from '../../server/src/delivery/outbox-retention';
import { createOutboxStore } from '../../server/src/data/outbox-store';
import { createBookingStore } from '../../server/src/data/booking-store';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { Browser } from '../support/booking-form';
import { casaDelSon, salsaClass } from '../support/casa-del-son';
import { databaseTargets, mariadb, type DatabaseTarget } from '../support/databases';
import { eventuallyWithin } from '../support/eventually-within';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { testNow } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The outbox's delivery when things go wrong: a mail server down for an hour or for good, a worker
 * killed in the middle of a delivery, two workers at once, reminders that come due. The server under
 * test delivers nothing itself (OUTBOX_WORKER=off): each test drives workers of its own, on a clock
 * it moves.
 */

const ROOT = path.resolve(__dirname, '../..');
const NOW = Date.parse('2027-03-01T09:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DESK = 'desk@outbox.example';

function outboxStudio(classDate = '2027-03-08', change: { classTimes?: { startTime: string; endTime: string }; policies?: Record<string, unknown> } = {}) {
  return casaDelSon({
    id: 'outbox-studio',
    studio: { locales: ['en', 'es'], notifications: { email: DESK }, ...(change.policies ? { policies: change.policies } : {}) },
    classes: [salsaClass('outbox-salsa', { date: classDate, price: 10, capacity: 100, ...change.classTimes })],
  });
}

const guest = (n: number) => ({ firstName: 'Student', lastName: `Number ${n}`, email: `student${n}@example.com`, terms: 'yes' });

/** A worker of the test's own over the server's database, on the given clock, logging into `lines`. */
function workerFor(app: TestServer, smtpUrl: string, clock: () => number, lines: string[] = []) {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', SMTP_URL: smtpUrl, CHECKOUT_BASE_URL: 'https://book.example.com', OUTBOX_POLL_MS: '100' });
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return createOutboxDelivery(app.server.store, config, logger, clock);
}

async function book(app: TestServer, students: number[]): Promise<void> {
  for (const n of students) {
    const posted = await new Browser(app.url, { 'Accept-Language': 'en' }).fillIn('/book/outbox-salsa', guest(n));
    expect(posted.status).toBe(303);
  }
}

async function statuses(app: TestServer) {
  const rows = await app.server.store.db.selectFrom('outbox').select(['event', 'status', 'attempts']).where('event', '!=', 'reminder').execute();
  return rows.map((row) => `${row.event}:${row.status}:${Number(row.attempts)}`).sort();
}

/** Each email that arrived, counted by its Message-ID. */
function arrivalsById(smtp: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) counts.set(mail.messageId ?? '', (counts.get(mail.messageId ?? '') ?? 0) + 1);
  return counts;
}

describe.each(databaseTargets())('outbox delivery on $name', (target: DatabaseTarget) => {
  let smtp: SmtpSink;
  let app: TestServer;

  beforeEach(async () => {
    smtp = await startSmtpSink();
    app = await startTestServer(target, { documents: [outboxStudio()], now: () => NOW, env: { OUTBOX_WORKER: 'off', BOOKING_RATE_LIMIT: '0' } });
  });
  afterEach(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it('When the mail server is down for an hour, then the emails wait and arrive once it is back: none lost, none twice', async () => {
    smtp.refuse();
    await book(app, [1, 2, 3]);
    let clock = NOW;
    const lines: string[] = [];
    const { worker, transport } = workerFor(app, smtp.url, () => clock, lines);
    try {
      for (let minute = 0; minute <= 60; minute++) {
        clock = NOW + minute * MINUTE;
        await worker.deliverDue();
      }
      expect(smtp.received).toHaveLength(0);
      expect(smtp.refusals()).toBeGreaterThanOrEqual(6 * 4);
      smtp.accept();
      for (let minute = 61; minute <= 90; minute++) {
        clock = NOW + minute * MINUTE;
        await worker.deliverDue();
      }
    } finally {
      transport.close();
    }
    // Tried at 0, 30 s, 2 min 30 s, 12 min 30 s, then an hour later: the fifth try gets through.
    expect(await statuses(app)).toEqual([...Array(3).fill('confirmed:sent:5'), ...Array(3).fill('confirmed:sent:5')]);
    expect([...arrivalsById(smtp).values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(smtp.to('student2@example.com').map((mail) => mail.subject)).toEqual(['Booked: Salsa Beginners, Monday, March 8, 2027, 19:00–20:00']);
    expect(smtp.to(DESK)).toHaveLength(3);
    expect(lines.some((line) => line.includes('it will be tried again'))).toBe(true);
    expect(lines.some((line) => line.includes('"level":50'))).toBe(false);
  });

  it('When the mail server stays down for 72 hours, then the email is given up, marked failed and logged as an error', async () => {
    smtp.refuse();
    await book(app, [4]);
    let clock = NOW;
    const lines: string[] = [];
    const { worker, transport } = workerFor(app, smtp.url, () => clock, lines);
    const outbox = createOutboxStore(app.server.store.db, app.server.store.dialect);
    try {
      // Each retry as it comes due, until none is left before the reminder (due on the 7th).
      for (let next = await outbox.nextAvailableAt(); next !== null && next < Date.parse('2027-03-07T00:00:00Z'); next = await outbox.nextAvailableAt()) {
        clock = next;
        await worker.deliverDue();
      }
    } finally {
      transport.close();
    }
    const failed = await app.server.store.db.selectFrom('outbox').select(['status', 'attempts', 'done_at', 'last_error']).where('event', '=', 'confirmed').execute();
    expect(failed.map((row) => row.status)).toEqual(['failed', 'failed']);
    for (const row of failed) {
      expect(Number(row.done_at) - NOW).toBeGreaterThanOrEqual(72 * HOUR);
      expect(Number(row.done_at) - NOW).toBeLessThan(84 * HOUR);
      expect(row.last_error).toMatch(/451/);
    }
    // 0, 30 s, 2 min 30 s, 12 min 30 s, 1 h 12 min 30 s, 7 h 12 min 30 s, then every 12 h until 72 h had passed.
    expect(failed.map((row) => Number(row.attempts))).toEqual([12, 12]);
    expect(lines.filter((line) => line.includes('"level":50') && line.includes('gave up delivering an email'))).toHaveLength(2);
    expect(smtp.received).toHaveLength(0);
  });

  /** The outbox as rows `event:status`, in order. */
  async function outboxRows(): Promise<string[]> {
    const rows = await app.server.store.db.selectFrom('outbox').select(['event', 'status', 'audience']).execute();
    return rows.map((row) => `${row.audience} ${row.event}:${row.status}`).sort();
  }

  it('When emails were sent more than 90 days ago, then they are removed from the outbox; those sent since, and a reminder still owed, are kept', async () => {
    await book(app, [5]);
    let clock = NOW;
    const lines: string[] = [];
    const { worker, transport } = workerFor(app, smtp.url, () => clock, lines);
    try {
      await worker.deliverDue();
    } finally {
      transport.close();
    }
    // The student's reminder is owed on the 7th: still pending, whenever the clock says.
    const delivered = ['student confirmed:sent', 'student reminder:pending', 'studio confirmed:sent'];
    expect(await outboxRows()).toEqual(delivered);
    const retention = createOutboxRetention({ outbox: createOutboxStore(app.server.store.db, app.server.store.dialect), retentionDays: 90, now: () => clock, logger: pino({ level: 'silent' }) });

    clock = NOW + 89 * DAY;
    expect(await retention.removeExpired()).toBe(0);
    expect(await outboxRows()).toEqual(delivered);

    clock = NOW + 91 * DAY;
    expect(await retention.removeExpired()).toBe(2);
    expect(await outboxRows()).toEqual(['student reminder:pending']);
  });

  it('When a worker starts, then it removes the messages finished before OUTBOX_RETENTION_DAYS, and says how many in its log', async () => {
    await book(app, [6]);
    let clock = NOW;
    const first = workerFor(app, smtp.url, () => clock);
    try {
      await first.worker.deliverDue();
    } finally {
      first.transport.close();
    }
    clock = NOW + 31 * DAY;
    const lines: string[] = [];
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', OUTBOX_RETENTION_DAYS: '30' });
    const later = createOutboxDelivery(app.server.store, config, pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }), () => clock);
    later.worker.start();
    try {
      // The reminder, due a month ago for a class long over, is dropped now: finished today, kept for 30 days more.
      await eventuallyWithin(async () => expect(await outboxRows()).toEqual(['student reminder:dropped']), 10_000);
    } finally {
      await later.worker.stop();
      later.transport.close();
    }
    expect(lines.filter((line) => line.includes('removed finished messages from the outbox')).map((line) => JSON.parse(line).removed)).toEqual([2]);
  });

  /**
   * The mail server refuses the emails owed so far; 10 minutes later the student with this address
   * cancels; 10 minutes after that the mail server is back and the worker tries again. Answers the
   * worker's log lines.
   */
  async function cancelWhileMailServerIsDown(email: string): Promise<string[]> {
    smtp.refuse();
    let clock = NOW;
    const lines: string[] = [];
    const { worker, transport } = workerFor(app, smtp.url, () => clock, lines);
    try {
      await worker.deliverDue();
      expect(smtp.received).toHaveLength(0);
      const { id } = await app.server.store.db.selectFrom('bookings').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const store = createBookingStore(app.server.store.db, app.server.store.dialect, listingRenderer);
      clock = NOW + 10 * MINUTE;
      expect((await store.cancelBooking({ bookingId: id, by: 'student', nowMs: clock }, () => true)).outcome).toBe('cancelled');
      smtp.accept();
      clock = NOW + 20 * MINUTE;
      await worker.deliverDue();
    } finally {
      transport.close();
    }
    return lines;
  }

  it('When a student cancels while the mail server is down, then once it is back only the cancellation reaches them; the studio gets its copies of both; what was dropped is logged', async () => {
    await book(app, [8]);
    const lines = await cancelWhileMailServerIsDown('student8@example.com');
    expect(smtp.to('student8@example.com').map((mail) => mail.subject)).toEqual(['Cancelled: Salsa Beginners, Monday, March 8, 2027, 19:00–20:00']);
    // The studio's desk keeps its record of the seat taken and given back (a studio in Spain writing English: 8 March).
    expect(smtp.to(DESK).map((mail) => mail.subject)).toEqual([
      'New booking: Salsa Beginners, Monday, 8 March 2027, 19:00–20:00 (Student Number 8)',
      'Booking cancelled: Salsa Beginners, Monday, 8 March 2027, 19:00–20:00 (Student Number 8)',
    ]);
    const rows = await app.server.store.db.selectFrom('outbox').select(['audience', 'event', 'status', 'last_error']).orderBy('created_at').orderBy('audience').execute();
    expect(rows.filter((row) => row.event !== 'reminder')).toEqual([
      { audience: 'student', event: 'confirmed', status: 'dropped', last_error: 'the booking was cancelled since' },
      { audience: 'studio', event: 'confirmed', status: 'sent', last_error: null },
      { audience: 'student', event: 'cancelled', status: 'sent', last_error: null },
      { audience: 'studio', event: 'cancelled', status: 'sent', last_error: null },
    ]);
    const dropped = lines.map((line) => JSON.parse(line) as { level: number; msg: string; event?: string; reason?: string }).filter((line) => line.msg === 'email dropped: no longer owed');
    expect(dropped.map(({ level, event, reason }) => ({ level, event, reason }))).toEqual([{ level: 30, event: 'confirmed', reason: 'the booking was cancelled since' }]);
  });

  it('When a student on the waitlist is promoted before their waitlist email could go, then they get only the promotion, never "number 1 on the waitlist" beside a confirmed booking', async () => {
    await app.importDocument(casaDelSon({ id: 'outbox-studio', studio: { locales: ['en', 'es'], notifications: { email: DESK } }, classes: [salsaClass('outbox-salsa', { price: 10, capacity: 1 })] }), NOW);
    await book(app, [9]);
    const waiting = await new Browser(app.url, { 'Accept-Language': 'en' }).fillIn('/book/outbox-salsa', guest(10));
    expect(waiting.status).toBe(303);
    // Student 9 gives the seat back: student 10 is promoted.
    await cancelWhileMailServerIsDown('student9@example.com');
    expect(smtp.to('student10@example.com').map((mail) => mail.subject)).toEqual(['A place opened up: you are booked for Salsa Beginners, Monday, March 8, 2027, 19:00–20:00']);
    expect(smtp.to('student9@example.com').map((mail) => mail.subject)).toEqual(['Cancelled: Salsa Beginners, Monday, March 8, 2027, 19:00–20:00']);
    const waitlistEmail = await app.server.store.db.selectFrom('outbox').select(['status', 'last_error']).where('event', '=', 'waitlist_joined').execute();
    expect(waitlistEmail).toEqual([{ status: 'dropped', last_error: 'the student is no longer waiting (promoted or off the waitlist since)' }]);
  });

  it('When the class was moved before its reminder, then the reminder invites to the new time at the raised SEQUENCE; when the studio turns reminders off, then those owed are not sent', async () => {
    await book(app, [9]);
    let clock = NOW;
    const { worker, transport } = workerFor(app, smtp.url, () => clock);
    try {
      await worker.deliverDue();
      await app.importDocument(outboxStudio('2027-03-08', { classTimes: { startTime: '18:30', endTime: '19:30' } }), clock);
      await worker.deliverDue();
      clock = Date.parse('2027-03-07T17:30:00Z');
      await worker.deliverDue();
      const reminder = smtp.to('student9@example.com').find((mail) => mail.subject?.startsWith('Reminder:'));
      const invitation = reminder?.attachments.find((part) => part.contentType.startsWith('text/calendar'))?.content.toString('utf8') ?? '';
      // The "New time" email updated the calendar's entry to SEQUENCE:1; a reminder at SEQUENCE:0 would read as out of date.
      expect(invitation.split('\r\n')).toEqual(expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:1', 'DTSTART;TZID=Europe/Madrid:20270308T183000']));

      clock = NOW;
      await book(app, [10]);
      await app.importDocument(outboxStudio('2027-03-08', { classTimes: { startTime: '18:30', endTime: '19:30' }, policies: { reminderHours: 0 } }), clock);
      clock = Date.parse('2027-03-07T17:30:00Z');
      await worker.deliverDue();
      expect(smtp.to('student10@example.com').map((mail) => mail.subject)).toEqual(['Booked: Salsa Beginners, Monday, March 8, 2027, 18:30–19:30']);
      const dropped = await app.server.store.db
        .selectFrom('outbox')
        .innerJoin('bookings', 'bookings.id', 'outbox.booking_id')
        .select(['outbox.status', 'outbox.last_error'])
        .where('bookings.email', '=', 'student10@example.com')
        .where('outbox.event', '=', 'reminder')
        .execute();
      expect(dropped).toEqual([{ status: 'dropped', last_error: 'the studio has turned reminders off since' }]);
    } finally {
      transport.close();
    }
  });

  it('When a reminder comes due, then the student gets it with the calendar invitation; a reminder of a cancelled booking, or whose class has started, is not sent', async () => {
    await book(app, [5]);
    let clock = NOW;
    const { worker, transport } = workerFor(app, smtp.url, () => clock);
    try {
      await worker.deliverDue();
      expect(smtp.received.map((mail) => mail.subject)).toHaveLength(2);
      clock = Date.parse('2027-03-07T17:59:00Z');
      await worker.deliverDue();
      expect(smtp.received).toHaveLength(2);
      clock = Date.parse('2027-03-07T18:00:00Z');
      await worker.deliverDue();
      const reminder = smtp.to('student5@example.com').find((mail) => mail.subject?.startsWith('Reminder:'));
      expect(reminder?.subject).toBe('Reminder: Salsa Beginners, Monday, March 8, 2027, 19:00–20:00');
      expect(reminder?.attachments.some((part) => part.content.toString('utf8').includes('METHOD:REQUEST'))).toBe(true);

      await book(app, [6, 7]);
      // Student 7 cancels before the reminder is due: it is not sent.
      const seven = await app.server.store.db.selectFrom('bookings').select('id').where('email', '=', 'student7@example.com').executeTakeFirstOrThrow();
      const store = createBookingStore(app.server.store.db, app.server.store.dialect, listingRenderer);
      expect((await store.cancelBooking({ bookingId: seven.id, by: 'student', nowMs: clock }, () => true)).outcome).toBe('cancelled');
      clock = Date.parse('2027-03-08T18:05:00Z');
      await worker.deliverDue();
      const unsent = await app.server.store.db
        .selectFrom('outbox')
        .innerJoin('bookings', 'bookings.id', 'outbox.booking_id')
        .select(['bookings.email', 'outbox.status', 'outbox.last_error'])
        .where('outbox.event', '=', 'reminder')
        .where('outbox.status', '!=', 'sent')
        .orderBy('bookings.email')
        .execute();
      expect(unsent).toEqual([
        { email: 'student6@example.com', status: 'dropped', last_error: 'the class had started before the reminder could go' },
        { email: 'student7@example.com', status: 'dropped', last_error: 'the booking is no longer confirmed' },
      ]);
    } finally {
      transport.close();
    }
  });
});

// MariaDB's row locks between workers: with the SQLite half alone (STUDIO_DATA_TEST_STORES=sqlite), skipped, under MariaDB's name.
const mariadbTargets = databaseTargets().filter((target) => target.name === 'mariadb');
(mariadbTargets.length > 0 ? describe.each(mariadbTargets) : describe.skip.each([mariadb]))('outbox delivery by several workers on $name', (target: DatabaseTarget) => {
  let smtp: SmtpSink;
  let app: TestServer;

  beforeEach(async () => {
    smtp = await startSmtpSink();
    // The real clock here: the killed worker is a process of its own, on the machine's clock.
    const now = testNow();
    const classDate = new Date(now + 14 * 24 * HOUR).toISOString().slice(0, 10);
    app = await startTestServer(target, { documents: [outboxStudio(classDate)], env: { OUTBOX_WORKER: 'off', BOOKING_RATE_LIMIT: '0' } });
  });
  afterEach(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it('When two workers deliver at once, then every email arrives exactly once: their claims never overlap', async () => {
    await book(app, Array.from({ length: 15 }, (_, i) => 100 + i));
    const one = workerFor(app, smtp.url, Date.now);
    const two = workerFor(app, smtp.url, Date.now);
    try {
      const [first, second] = await Promise.all([one.worker.deliverDue(), two.worker.deliverDue()]);
      expect(first + second).toBe(30);
    } finally {
      one.transport.close();
      two.transport.close();
    }
    const arrivals = arrivalsById(smtp);
    expect(arrivals.size).toBe(30);
    expect([...arrivals.values()].every((count) => count === 1)).toBe(true);
  });

  it('When a worker is killed in the middle of a delivery, then its emails are delivered by another once its claim ends, none lost and none twice', async () => {
    smtp.stall();
    await book(app, [200]);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/worker.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: app.database.url, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 30_000;
      while (smtp.refusals() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(smtp.refusals()).toBe(1);
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
    }
    smtp.accept();
    const claimed = await app.server.store.db.selectFrom('outbox').select(['status', 'claim_token']).where('event', '=', 'confirmed').execute();
    expect(claimed.every((row) => row.status === 'pending' && row.claim_token !== null)).toBe(true);

    const soon = workerFor(app, smtp.url, () => Date.now() + 60_000);
    const later = workerFor(app, smtp.url, () => Date.now() + CLAIM_LEASE_MS + 1000);
    try {
      // Still claimed by the dead worker: nobody takes them yet.
      expect(await soon.worker.deliverDue()).toBe(0);
      expect(await later.worker.deliverDue()).toBe(2);
    } finally {
      soon.transport.close();
      later.transport.close();
    }
    const arrivals = arrivalsById(smtp);
    expect(arrivals.size).toBe(2);
    expect([...arrivals.values()]).toEqual([1, 1]);
    expect(smtp.to('student200@example.com')).toHaveLength(1);
    expect(smtp.to(DESK)).toHaveLength(1);
  });
});
