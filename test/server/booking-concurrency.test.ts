import { sql } from 'kysely';
import { createConnection } from 'mysql2/promise';
import { createBookingStore } from '../../server/src/data/booking-store';
import { openStore, type Store } from '../../server/src/data/database';
import { parseDatabaseUrl } from '../../server/src/data/database-url';
import { migrateToLatest } from '../../server/src/data/migrate';
import { classAdmission } from '../../server/src/domain/booking/class-bookability';
import type { BookingStore } from '../../server/src/domain/booking/ports';
import type { ClassBookingOutcome, Interval, PrivateLessonBookingOutcome, PrivateLessonBookingRequest } from '../../server/src/domain/booking/types';
import { importStudioDocument } from '../../server/src/domain/studio-document/import-studio';
import { catalogStoreFor } from '../../server/src/server';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { databaseTargets, type DatabaseTarget, type TestDatabase } from '../support/databases';
import { mariadbAvailable } from '../support/mariadb';

const STUDIO = 'rush-studio';
/** Every class below lies ahead of this instant. */
const NOW = Date.parse('2027-02-01T12:00:00Z');
const HOUR = 3_600_000;
const LESSON_START = Date.parse('2027-03-08T15:00:00+01:00');

function rushStudio() {
  return {
    studio: { id: STUDIO, name: 'Rush Fixture', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid' },
    danceTypes: [{ name: 'Salsa' }],
    people: [{ id: 'rush-luis', name: 'Luis', roles: ['INSTRUCTOR'] }],
    classes: [
      { id: 'rush-ten', name: 'Ten Seats', danceType: 'Salsa', level: 'Beginner', date: '2027-03-01', startTime: '19:00', endTime: '20:00', price: 12, capacity: 10 },
      { id: 'rush-same', name: 'Double Clicks', danceType: 'Salsa', level: 'Beginner', date: '2027-03-02', startTime: '19:00', endTime: '20:00', capacity: 10 },
      { id: 'rush-race', name: 'Racing Duplicates', danceType: 'Salsa', level: 'Beginner', date: '2027-03-03', startTime: '19:00', endTime: '20:00', capacity: 10 },
      { id: 'rush-queue', name: 'Waitlist Rush', danceType: 'Salsa', level: 'Beginner', date: '2027-03-04', startTime: '19:00', endTime: '20:00', capacity: 10 },
      { id: 'rush-twenty', name: 'Twenty Seats', danceType: 'Salsa', level: 'Beginner', date: '2027-03-05', startTime: '19:00', endTime: '20:00', capacity: 20 },
    ],
    privateLessons: {
      instructors: [{ personId: 'rush-luis', availability: [{ id: 'rush-av', dayOfWeek: 1, startTime: '09:00', endTime: '18:00' }], pricing: [{ id: 'rush-60', durationMins: 60, price: 50, currency: 'EUR' }] }],
    },
  };
}

interface Fixture {
  database: TestDatabase;
  store: Store;
  bookings: BookingStore;
}

/** The store on its own connection pool (MySQL: mysql2's 10 connections), so the database sees concurrent transactions. */
async function openFixture(target: DatabaseTarget): Promise<Fixture> {
  const database = await target.create();
  const store = openStore(parseDatabaseUrl(database.url));
  await migrateToLatest(store);
  await importStudioDocument(catalogStoreFor(store), rushStudio(), NOW);
  return { database, store, bookings: createBookingStore(store.db, store.dialect, listingRenderer) };
}

/** A fixture on the named database for the tests of the describe block: opened before them, dropped after. */
function fixtureOn(name: 'mariadb' | 'sqlite'): () => Fixture {
  const target = databaseTargets().find((candidate) => candidate.name === name) as DatabaseTarget;
  let fixture: Fixture | undefined;
  beforeAll(async () => {
    fixture = await openFixture(target);
  });
  afterAll(async () => {
    await fixture?.store.close();
    await fixture?.database.drop();
  });
  return () => fixture as Fixture;
}

const tally = (outcomes: { outcome: string }[]) => outcomes.reduce<Record<string, number>>((counts, { outcome }) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }), {});

const confirmedRows = async (store: Store, column: 'class_id' | 'instructor_id', value: string) =>
  Number(
    (
      await store.db
        .selectFrom('bookings')
        .select(sql<number | string>`count(*)`.as('n'))
        .where(column, '=', value)
        .where('status', '=', 'confirmed')
        .executeTakeFirstOrThrow()
    ).n,
  );

const guest = (index: number) => ({ firstName: `Guest${index}`, lastName: 'Rush', email: `guest${index}@example.com`, phone: null });

/** 100 students at once for 10 seats. */
async function rushTenSeats(fixture: Fixture): Promise<void> {
  const outcomes = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      fixture.bookings.bookClass({ classId: 'rush-ten', guest: guest(index), locale: 'en', idempotencyKey: `ten-${index}`, nowMs: NOW }, classAdmission(NOW, { joinWaitlist: false })),
    ),
  );
  expect(tally(outcomes)).toEqual({ confirmed: 10, full: 90 });
  expect(await confirmedRows(fixture.store, 'class_id', 'rush-ten')).toBe(10);
  const confirmed = outcomes.flatMap((result) => (result.outcome === 'confirmed' ? [result.booking] : []));
  expect(new Set(confirmed.map((booking) => booking.reference)).size).toBe(10);
}

(mariadbAvailable() ? describe : describe.skip)('concurrent bookings on MariaDB', () => {
  const fixture = fixtureOn('mariadb');

  it('When 100 students book a class of 10 seats at the same moment, then exactly 10 are confirmed and 90 told it is full', async () => {
    await rushTenSeats(fixture());
  });

  it('When 100 students ask for a class of 10 seats at once, ready to wait, then 10 are confirmed and 90 wait in the order the database accepted them; 20 cancellations racing (each sent twice) promote exactly the first 20 waiting, one each', async () => {
    const { bookings, store } = fixture();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        bookings.bookClass({ classId: 'rush-queue', guest: guest(1000 + index), locale: 'en', idempotencyKey: `queue-${index}`, nowMs: NOW }, classAdmission(NOW, { joinWaitlist: true })),
      ),
    );
    expect(tally(outcomes)).toEqual({ confirmed: 10, waiting: 90 });
    const queue = await store.db.selectFrom('bookings').select(['id', 'waitlist_position', 'created_at']).where('class_id', '=', 'rush-queue').where('status', '=', 'waiting').orderBy('waitlist_position').execute();
    // One place each, 1 to 90, no gaps and no repeats.
    expect(queue.map((row) => Number(row.waitlist_position))).toEqual(Array.from({ length: 90 }, (_, index) => index + 1));

    // Ten booked students cancel twice each, all at once: ten seats freed, ten promoted, in queue order.
    const booked = outcomes.flatMap((result) => (result.outcome === 'confirmed' ? [result.booking.id] : []));
    const cancellations = await Promise.all([...booked, ...booked].map((bookingId) => bookings.cancelBooking({ bookingId, by: 'student', nowMs: NOW }, () => true)));
    expect(tally(cancellations)).toEqual({ cancelled: 10, already_cancelled: 10 });
    const promoted = await store.db.selectFrom('bookings').select('id').where('class_id', '=', 'rush-queue').where('status', '=', 'confirmed').execute();
    expect(new Set(promoted.map((row) => row.id))).toEqual(new Set(queue.slice(0, 10).map((row) => row.id)));
    // Then the first ten promoted cancel too: the next ten get their seats, and the count never passes 10.
    await Promise.all(promoted.map((row) => bookings.cancelBooking({ bookingId: row.id, by: 'student', nowMs: NOW }, () => true)));
    const now = await store.db.selectFrom('bookings').select('id').where('class_id', '=', 'rush-queue').where('status', '=', 'confirmed').execute();
    expect(new Set(now.map((row) => row.id))).toEqual(new Set(queue.slice(10, 20).map((row) => row.id)));
    const counter = await store.db.selectFrom('occurrences').select('confirmed_bookings').where('id', '=', 'rush-queue').executeTakeFirstOrThrow();
    expect(Number(counter.confirmed_bookings)).toBe(10);
    const promotions = await store.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('event', '=', 'promoted').executeTakeFirstOrThrow();
    expect(Number(promotions.n)).toBe(20);
  });

  it('When 20 booked students cancel at the same moment, then exactly 20 distinct students waiting are promoted, the first 20 in line', async () => {
    const { bookings, store } = fixture();
    const book = (index: number) => bookings.bookClass({ classId: 'rush-twenty', guest: guest(2000 + index), locale: 'en', idempotencyKey: `twenty-${index}`, nowMs: NOW }, classAdmission(NOW, { joinWaitlist: true }));
    const seats: string[] = [];
    for (let index = 0; index < 20; index++) {
      const result = await book(index);
      if (result.outcome !== 'confirmed') throw new Error(result.outcome);
      seats.push(result.booking.id);
    }
    for (let index = 20; index < 50; index++) expect((await book(index)).outcome).toBe('waiting');
    const line = await store.db.selectFrom('bookings').select('id').where('class_id', '=', 'rush-twenty').where('status', '=', 'waiting').orderBy('waitlist_position').execute();

    const cancellations = await Promise.all(seats.map((bookingId) => bookings.cancelBooking({ bookingId, by: 'student', nowMs: NOW }, () => true)));
    expect(tally(cancellations)).toEqual({ cancelled: 20 });
    const confirmed = await store.db.selectFrom('bookings').select('id').where('class_id', '=', 'rush-twenty').where('status', '=', 'confirmed').execute();
    expect(new Set(confirmed.map((row) => row.id))).toEqual(new Set(line.slice(0, 20).map((row) => row.id)));
    const waiting = await store.db.selectFrom('bookings').select('id').where('class_id', '=', 'rush-twenty').where('status', '=', 'waiting').orderBy('waitlist_position').execute();
    expect(waiting.map((row) => row.id)).toEqual(line.slice(20).map((row) => row.id));
    const counter = await store.db.selectFrom('occurrences').select('confirmed_bookings').where('id', '=', 'rush-twenty').executeTakeFirstOrThrow();
    expect(Number(counter.confirmed_bookings)).toBe(20);
  });

  it('When 50 students ask for the same private lesson time at once, then exactly one gets it and 49 are told the slot is taken', async () => {
    const { bookings, store } = fixture();
    const outcomes: PrivateLessonBookingOutcome[] = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const request: PrivateLessonBookingRequest = {
          studioId: STUDIO,
          instructorId: 'rush-luis',
          pricingId: 'rush-60',
          startsAt: LESSON_START,
          endsAt: LESSON_START + HOUR,
          answers: {},
          title: 'Private lesson with Luis',
          price: 50,
          currency: 'EUR',
          guest: guest(index),
          locale: 'en',
          idempotencyKey: `lesson-${index}`,
          nowMs: NOW,
        };
        const isStillFree = (busy: Interval[]) => !busy.some((interval) => interval.startsAt < request.endsAt && interval.endsAt > request.startsAt);
        return bookings.bookPrivateLesson(request, isStillFree);
      }),
    );
    expect(tally(outcomes)).toEqual({ confirmed: 1, slot_taken: 49 });
    expect(await confirmedRows(store, 'instructor_id', 'rush-luis')).toBe(1);
  });

  it('When one form is submitted 20 times at once, then one booking is written and every answer is that booking', async () => {
    const { bookings, store } = fixture();
    const outcomes: ClassBookingOutcome[] = await Promise.all(
      Array.from({ length: 20 }, () => bookings.bookClass({ classId: 'rush-same', guest: guest(1), locale: 'en', idempotencyKey: 'same-form', nowMs: NOW }, classAdmission(NOW, { joinWaitlist: false }))),
    );
    expect(tally(outcomes)).toEqual({ confirmed: 1, repeated: 19 });
    const ids = new Set(outcomes.map((result) => ('booking' in result ? result.booking.id : null)));
    expect(ids.size).toBe(1);
    expect(await confirmedRows(store, 'class_id', 'rush-same')).toBe(1);
  });

  it('When a racing duplicate commits first, then the answer is the booking that won, not an error', async () => {
    const { bookings, database, store } = fixture();
    // Another writer (not taking the studio lock) holds an uncommitted row with the same form key,
    // and another with the same email in the class: the store's INSERT waits on the unique index, then fails.
    const other = await createConnection({ uri: database.url });
    try {
      for (const [id, key, email] of [
        ['race-key', 'race-form', 'first@example.com'],
        ['race-email', null, 'second@example.com'],
      ] as const) {
        await other.beginTransaction();
        await other.query(
          `insert into bookings (id, studio_id, kind, class_id, starts_at, ends_at, status, first_name, last_name, email, email_key, active_key, created_at, reference, access_token, idempotency_key, title)
           values (?, ?, 'class', 'rush-race', 0, 0, 'confirmed', 'Won', 'Race', ?, ?, ?, 0, ?, ?, ?, 'Racing Duplicates')`,
          [id, STUDIO, email, email, email, `SD-RACE-${id === 'race-key' ? 'KEY2' : 'MAIL'}`, `token-${id}`, key],
        );
        const pending = bookings.bookClass({ classId: 'rush-race', guest: { ...guest(2), email: email.toUpperCase() }, locale: 'en', idempotencyKey: key ?? 'race-other-form', nowMs: NOW }, classAdmission(NOW, { joinWaitlist: false }));
        await new Promise((resolve) => setTimeout(resolve, 300));
        await other.commit();
        const result = await pending;
        // The same form's booking is that form's again; another form's, by the same email, is the seat it holds.
        const expected = key === null ? 'existing' : 'repeated';
        expect(result.outcome).toBe(expected);
        expect((result.outcome === 'existing' || result.outcome === 'repeated') && result.booking.id).toBe(id);
      }
    } finally {
      await other.end();
    }
    expect(await confirmedRows(store, 'class_id', 'rush-race')).toBe(2);
  });
});

describe('concurrent bookings on SQLite', () => {
  const fixture = fixtureOn('sqlite');

  it('When 100 students book a class of 10 seats at the same moment, then exactly 10 are confirmed and 90 told it is full', async () => {
    await rushTenSeats(fixture());
  });
});
