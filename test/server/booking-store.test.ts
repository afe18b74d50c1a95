import { Migrator, sql, type Migration } from 'kysely';
import { createBookingCatalogReader } from '../../server/src/data/booking-catalog-reader';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { createBookingStore } from '../../server/src/data/booking-store';
import { openStore } from '../../server/src/data/database';
import { parseDatabaseUrl } from '../../server/src/data/database-url';
import { migrateToLatest } from '../../server/src/data/migrate';
import { catalogAndBookings } from '../../server/src/data/migrations/001-catalog-and-bookings';
import { classAdmission } from '../../server/src/domain/booking/class-bookability';
import type { BookingCatalogReader, BookingStore } from '../../server/src/domain/booking/ports';
import type { ClassBookingRequest, GuestDetails, Interval, PrivateLessonBookingRequest } from '../../server/src/domain/booking/types';
import { insertConfirmedClassBooking } from '../support/bookings';
import { databaseTargets } from '../support/databases';
import { luisLessonPrices } from '../support/fixture-studios';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

const STUDIO = 'booking-studio';
/** Monday 2027-02-01: every class below lies ahead (Madrid is on UTC+1 until 2027-03-28). */
const NOW = Date.parse('2027-02-01T12:00:00Z');
const HOUR = 3_600_000;
const REFERENCE = /^SD-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** A studio of the test's own, dated in 2027 so the cases do not age. */
function bookingStudio(className = 'Salsa Beginners') {
  return {
    studio: { id: STUDIO, name: 'Booking Fixture', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid', locales: ['es', 'en'] },
    danceTypes: [{ name: 'Salsa' }],
    people: [
      { id: 'bk-ana', name: 'Ana', lastname: 'García', image: 'https://images.example.com/ana.png', roles: ['INSTRUCTOR'] },
      { id: 'bk-luis', name: 'Luis', roles: ['INSTRUCTOR'] },
    ],
    classes: [
      { id: 'bk-salsa', name: className, danceType: 'Salsa', level: 'Beginner', room: 'Room A', date: '2027-03-01', startTime: '19:00', endTime: '20:00', price: 12.5, capacity: 20, instructorId: 'bk-ana' },
      { id: 'bk-duo', name: 'Duo Class', danceType: 'Salsa', level: 'Advanced', date: '2027-03-02', startTime: '19:00', endTime: '20:00', price: 15, capacity: 2 },
      { id: 'bk-open', name: 'Open Practice', danceType: 'Salsa', level: 'All levels', date: '2027-03-03', startTime: '19:00', endTime: '21:00' },
      { id: 'bk-started', name: 'Early Class', danceType: 'Salsa', level: 'Beginner', date: '2027-03-04', startTime: '10:00', endTime: '11:00', capacity: 10 },
      { id: 'bk-off', name: 'Cancelled Class', danceType: 'Salsa', level: 'Beginner', date: '2027-03-05', startTime: '19:00', endTime: '20:00', cancelled: true },
      // Luis's Monday 2027-03-08: he teaches 09:00-10:00 and hosts a social 12:00-13:00; a cancelled class at 10:00 does not count.
      { id: 'bk-luis-class', name: 'Morning Salsa', danceType: 'Salsa', level: 'Beginner', date: '2027-03-08', startTime: '09:00', endTime: '10:00', instructorId: 'bk-luis' },
      { id: 'bk-luis-off', name: 'Cancelled Morning', danceType: 'Salsa', level: 'Beginner', date: '2027-03-08', startTime: '10:00', endTime: '11:00', instructorId: 'bk-luis', cancelled: true },
      { id: 'bk-social', name: 'Lunch Social', danceType: null, level: 'All levels', room: 'Main hall', date: '2027-03-08', startTime: '12:00', endTime: '13:00', price: 5, instructorId: 'bk-luis' },
    ],
    privateLessons: {
      instructors: [
        {
          personId: 'bk-luis',
          availability: [
            { id: 'bk-av-wed', dayOfWeek: 3, startTime: '16:00', endTime: '18:00' },
            { id: 'bk-av-mon-b', dayOfWeek: 1, startTime: '14:00', endTime: '18:00' },
            { id: 'bk-av-mon-a', dayOfWeek: 1, startTime: '09:00', endTime: '13:00' },
            { id: 'bk-av-off', dayOfWeek: 2, startTime: '09:00', endTime: '11:00', active: false },
          ],
          pricing: luisLessonPrices({ ninety: 'bk-pr-90', sixty: 'bk-pr-60', sixtyCheap: 'bk-pr-60-cheap', inactive: 'bk-pr-off' }),
        },
      ],
      questions: [
        { id: 'bk-q-level', label: { en: 'Your level' }, type: 'DROPDOWN', required: true, options: [{ value: 'beginner', label: { en: 'Beginner' } }] },
        { id: 'bk-q-off', label: { en: 'Old question' }, type: 'FREEFORM', required: false, options: null, active: false },
        { id: 'bk-q-goal', label: { en: 'Your goal' }, type: 'FREEFORM', required: false, options: null },
      ],
    },
  };
}

const madrid = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`);
const guest = (email: string, firstName = 'Eva'): GuestDetails => ({ firstName, lastName: 'Ruiz', email, phone: null });
let keys = 0;
const classRequest = (classId: string, email: string, overrides: Partial<ClassBookingRequest> = {}): ClassBookingRequest => ({
  classId,
  guest: guest(email),
  locale: 'es',
  idempotencyKey: `key-${++keys}`,
  nowMs: NOW,
  ...overrides,
});
const lessonRequest = (startsAt: number, email: string, overrides: Partial<PrivateLessonBookingRequest> = {}): PrivateLessonBookingRequest => ({
  studioId: STUDIO,
  instructorId: 'bk-luis',
  pricingId: 'bk-pr-60',
  startsAt,
  endsAt: startsAt + HOUR,
  answers: { 'bk-q-level': 'beginner' },
  title: 'Private lesson with Luis',
  price: 50,
  currency: 'EUR',
  guest: guest(email, 'Pablo'),
  locale: 'en',
  idempotencyKey: `key-${++keys}`,
  nowMs: NOW,
  ...overrides,
});
/** Free when no busy interval overlaps the requested one (half-open). */
const freeOf = (request: { startsAt: number; endsAt: number }) => (busy: Interval[]) => !busy.some((interval) => interval.startsAt < request.endsAt && interval.endsAt > request.startsAt);

describe.each(databaseTargets())('booking store on $name', (target) => {
  let api: TestServer;
  let store: BookingStore;
  let reader: BookingCatalogReader;

  beforeAll(async () => {
    api = await startTestServer(target, { documents: [bookingStudio()], now: () => NOW });
    store = createBookingStore(api.server.store.db, api.server.store.dialect, listingRenderer);
    reader = createBookingCatalogReader(api.server.store.db);
  });
  afterAll(() => api.stop());
  /** A class booked as the booking page books it, with the domain's rule, by a student not asking to wait. */
  const book = (request: ClassBookingRequest) => store.bookClass(request, classAdmission(request.nowMs, { joinWaitlist: false }));

  const countBookings = async (where: { classId?: string; instructorId?: string }) => {
    let query = api.server.store.db.selectFrom('bookings').select(sql<number | string>`count(*)`.as('n')).where('studio_id', '=', STUDIO);
    if (where.classId) query = query.where('class_id', '=', where.classId);
    if (where.instructorId) query = query.where('instructor_id', '=', where.instructorId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  describe('reading what can be booked', () => {
    it('When the booking page opens a class, then it gets the class, its dance type, teacher, booked seats and studio', async () => {
      const found = await reader.findOccurrence('bk-salsa');
      expect(found?.studio).toMatchObject({ id: STUDIO, name: 'Booking Fixture', defaultCurrency: 'EUR', timezone: 'Europe/Madrid', locales: ['es', 'en'] });
      expect(found?.studio.danceTypes.map((type) => type.name)).toEqual(['Salsa']);
      expect(found?.occurrence).toEqual({
        id: 'bk-salsa',
        name: 'Salsa Beginners',
        danceType: 'Salsa',
        level: 'Beginner',
        room: 'Room A',
        startsAt: madrid('2027-03-01', '19:00'),
        endsAt: madrid('2027-03-01', '20:00'),
        localDate: '2027-03-01',
        dayOfWeek: 'monday',
        startTime: '19:00',
        endTime: '20:00',
        price: 12.5,
        capacity: 20,
        currency: 'EUR',
        allowPackages: null,
        description: null,
        instructor: { id: 'bk-ana', name: 'Ana', lastname: 'García', image: 'https://images.example.com/ana.png' },
        confirmedBookings: 0,
        cancelled: false,
        entryId: 'bk-salsa',
        // A one-off class is its own series.
        seriesId: 'bk-salsa',
      });
    });

    it('When a class cannot be booked, then the next one that can is found: of the same series, else any the studio lists on the web', async () => {
      // A studio of this test's own: a weekly class whose next date is full and the one after cancelled.
      await api.importDocument(
        {
          studio: { id: 'bk-next-studio', name: 'Next Fixture', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid' },
          danceTypes: [{ name: 'Salsa' }, { name: 'Staff', isVisibleOnWeb: false }],
          classes: [
            { id: 'bk-next-weekly', name: 'Weekly Salsa', danceType: 'Salsa', level: 'Beginner', weekly: { dayOfWeek: 'monday', startTime: '19:00', endTime: '20:00', from: '2027-02-22', until: '2027-03-22', except: ['2027-03-08'] }, capacity: 1 },
            { id: 'bk-next-staff', name: 'Staff Only', danceType: 'Staff', level: 'All levels', date: '2027-02-02', startTime: '10:00', endTime: '11:00' },
            { id: 'bk-next-off', name: 'Cancelled Social', danceType: null, level: 'All levels', date: '2027-02-03', startTime: '20:00', endTime: '22:00', cancelled: true },
            { id: 'bk-next-social', name: 'Wednesday Social', danceType: null, level: 'All levels', date: '2027-02-10', startTime: '20:00', endTime: '22:00' },
          ],
        },
        NOW,
      );
      await insertConfirmedClassBooking(api.server.store.db, { id: 'bk-next-full-seat', studioId: 'bk-next-studio', classId: 'bk-next-weekly-20270301' });
      const next = async (options: { entryId?: string; excludeId: string }, afterMs = NOW) => (await reader.findNextOpenOccurrence('bk-next-studio', afterMs, options))?.id ?? null;
      // 22 Feb is past at 1 March, 1 March is full, 8 March is skipped: 15 March.
      expect(await next({ entryId: 'bk-next-weekly', excludeId: 'bk-next-weekly-20270301' }, madrid('2027-02-23', '12:00'))).toBe('bk-next-weekly-20270315');
      expect(await next({ entryId: 'bk-next-weekly', excludeId: 'bk-next-weekly-20270315' }, madrid('2027-03-16', '12:00'))).toBe('bk-next-weekly-20270322');
      expect(await next({ entryId: 'bk-next-weekly', excludeId: 'bk-next-weekly-20270322' }, madrid('2027-03-16', '12:00'))).toBeNull();
      // Any class or event: not the hidden type's class (2 Feb), not the cancelled event (3 Feb).
      expect(await next({ excludeId: 'bk-next-weekly-20270301' })).toBe('bk-next-social');
      expect(await next({ excludeId: 'bk-next-social' })).toBe('bk-next-weekly-20270222');
    });

    it('When the page opens an event, then it has no dance type and names its host', async () => {
      const found = await reader.findOccurrence('bk-social');
      expect(found?.occurrence).toMatchObject({ danceType: null, instructor: { id: 'bk-luis', name: 'Luis' }, cancelled: false, price: 5 });
    });

    it('When the page opens a cancelled class, then it is found and marked cancelled; an unknown id is not found', async () => {
      expect((await reader.findOccurrence('bk-off'))?.occurrence.cancelled).toBe(true);
      expect(await reader.findOccurrence('nope')).toBeNull();
    });

    it('When the page opens an instructor for private lessons, then it gets the active windows and prices in order, and the questions', async () => {
      const found = await reader.findPrivateLessonOffer('bk-luis');
      expect(found?.studio.id).toBe(STUDIO);
      expect(found?.offer.person).toMatchObject({ id: 'bk-luis', name: 'Luis' });
      expect(found?.offer.availability).toEqual([
        { id: 'bk-av-mon-a', dayOfWeek: 1, startTime: '09:00', endTime: '13:00' },
        { id: 'bk-av-mon-b', dayOfWeek: 1, startTime: '14:00', endTime: '18:00' },
        { id: 'bk-av-wed', dayOfWeek: 3, startTime: '16:00', endTime: '18:00' },
      ]);
      expect(found?.offer.pricing).toEqual([
        { id: 'bk-pr-60-cheap', durationMins: 60, price: 45, currency: 'EUR' },
        { id: 'bk-pr-60', durationMins: 60, price: 50, currency: 'EUR' },
        { id: 'bk-pr-90', durationMins: 90, price: 70, currency: 'EUR' },
      ]);
      expect(await reader.findPrivateLessonOffer('bk-ana')).toBeNull();
      expect(await reader.findPrivateLessonOffer('nope')).toBeNull();
      expect((await reader.listActiveQuestions(STUDIO)).map((question) => question.id)).toEqual(['bk-q-level', 'bk-q-goal']);
      expect((await reader.findStudio(STUDIO))?.name).toBe('Booking Fixture');
    });
  });

  describe('booking a class', () => {
    it('When a student books a class with seats left, then the booking is confirmed with a reference, a secret and what was booked', async () => {
      const response = await book(classRequest('bk-salsa', '  Eva.Ruiz@Example.com ', { guest: { ...guest('  Eva.Ruiz@Example.com '), phone: '+34 600 111 222' } }));
      expect(response.outcome).toBe('confirmed');
      if (response.outcome !== 'confirmed') return;
      const booking = response.booking;
      expect(booking.reference).toMatch(REFERENCE);
      expect(booking.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(booking).toMatchObject({
        studioId: STUDIO,
        kind: 'class',
        classId: 'bk-salsa',
        instructorId: null,
        pricingId: null,
        startsAt: madrid('2027-03-01', '19:00'),
        endsAt: madrid('2027-03-01', '20:00'),
        status: 'confirmed',
        guest: { firstName: 'Eva', lastName: 'Ruiz', email: '  Eva.Ruiz@Example.com ', phone: '+34 600 111 222' },
        answers: null,
        title: 'Salsa Beginners',
        room: 'Room A',
        price: 12.5,
        currency: 'EUR',
        locale: 'es',
        createdAt: NOW,
      });
      expect(await store.findByAccessToken(booking.accessToken)).toEqual(booking);
      expect((await reader.findOccurrence('bk-salsa'))?.occurrence.confirmedBookings).toBe(1);
    });

    it('When the same email books the same class again, in other letters, then it gets its existing booking and no second seat', async () => {
      const first = await book(classRequest('bk-salsa', 'lola@example.com'));
      const again = await book(classRequest('bk-salsa', ' LOLA@Example.COM'));
      expect(first.outcome).toBe('confirmed');
      expect(again.outcome).toBe('existing');
      if (first.outcome !== 'confirmed' || again.outcome !== 'existing') return;
      expect(again.booking.id).toBe(first.booking.id);
      expect(again.booking.guest.email).toBe('lola@example.com');
      expect(await countBookings({ classId: 'bk-salsa' })).toBe(2);
    });

    it('When the same form is submitted twice, then the second answer is the first booking', async () => {
      const request = classRequest('bk-open', 'twice@example.com');
      const first = await book(request);
      // Even a changed email: the key names the form that was already booked.
      const second = await book({ ...request, guest: guest('other@example.com') });
      expect(first.outcome).toBe('confirmed');
      expect(second).toEqual({ outcome: 'repeated', booking: first.outcome === 'confirmed' ? first.booking : null });
      expect(await countBookings({ classId: 'bk-open' })).toBe(1);
    });

    it('When a class without a capacity is booked, then there is no limit and no price to pay', async () => {
      for (let index = 0; index < 5; index++) {
        const response = await book(classRequest('bk-open', `open-${index}@example.com`));
        expect(response).toMatchObject({ outcome: 'confirmed', booking: { price: null, currency: null } });
      }
    });

    it('When every seat is taken, then the class is full and nothing is written', async () => {
      expect((await book(classRequest('bk-duo', 'a@example.com'))).outcome).toBe('confirmed');
      expect((await book(classRequest('bk-duo', 'b@example.com'))).outcome).toBe('confirmed');
      expect(await book(classRequest('bk-duo', 'c@example.com'))).toEqual({ outcome: 'full' });
      // A student who already holds a seat still gets it back when the class is full.
      expect((await book(classRequest('bk-duo', 'A@example.com'))).outcome).toBe('existing');
      expect(await countBookings({ classId: 'bk-duo' })).toBe(2);
    });

    it('When the class has started, is cancelled or does not exist, then the answer says so', async () => {
      const start = madrid('2027-03-04', '10:00');
      expect(await book(classRequest('bk-started', 'late@example.com', { nowMs: start }))).toEqual({ outcome: 'past' });
      expect(await book(classRequest('bk-started', 'late@example.com', { nowMs: start + 60_000 }))).toEqual({ outcome: 'past' });
      expect((await book(classRequest('bk-started', 'early@example.com', { nowMs: start - 1 }))).outcome).toBe('confirmed');
      expect(await book(classRequest('bk-off', 'x@example.com'))).toEqual({ outcome: 'cancelled' });
      expect(await book(classRequest('nope', 'x@example.com'))).toEqual({ outcome: 'not_found' });
      expect(await countBookings({ classId: 'bk-off' })).toBe(0);
    });

    it('When a booking is confirmed, then the public API shows one spot less once the studio change is seen', async () => {
      const spotsLeft = async () => {
        const response = await request(api.url, `/api/public/studio/${STUDIO}/classes?from=2027-03-01`);
        expect(response.status).toBe(200);
        return (response.body as { id: string; spotsLeft: number | null }[]).find((entry) => entry.id === 'bk-salsa')?.spotsLeft;
      };
      const before = await spotsLeft();
      expect(typeof before).toBe('number');
      expect((await book(classRequest('bk-salsa', 'spots@example.com'))).outcome).toBe('confirmed');
      await api.server.stamps.refresh();
      const after = await request(api.url, `/api/public/studio/${STUDIO}/classes?from=2027-03-01`);
      expect((after.body as { id: string; spotsLeft: number }[]).find((entry) => entry.id === 'bk-salsa')?.spotsLeft).toBe((before as number) - 1);
      // Who booked is never part of the public API.
      expect(after.text).not.toContain('spots@example.com');
    });
  });

  describe('booking a private lesson', () => {
    const lessonStart = madrid('2027-03-08', '15:00');

    it('When a student books a free time, then the lesson is confirmed with its price, answers and title', async () => {
      const lesson = lessonRequest(lessonStart, 'pablo@example.com');
      const response = await store.bookPrivateLesson(lesson, freeOf(lesson));
      expect(response.outcome).toBe('confirmed');
      if (response.outcome !== 'confirmed') return;
      expect(response.booking.reference).toMatch(REFERENCE);
      expect(response.booking).toMatchObject({
        studioId: STUDIO,
        kind: 'private_lesson',
        classId: null,
        instructorId: 'bk-luis',
        pricingId: 'bk-pr-60',
        startsAt: lessonStart,
        endsAt: lessonStart + HOUR,
        answers: { 'bk-q-level': 'beginner' },
        title: 'Private lesson with Luis',
        room: null,
        price: 50,
        currency: 'EUR',
        locale: 'en',
        guest: { firstName: 'Pablo', email: 'pablo@example.com' },
      });
      expect(await store.findByAccessToken(response.booking.accessToken)).toEqual(response.booking);
    });

    it('When the instructor is busy, then the store reads his lessons and the classes and events he teaches, and not cancelled ones', async () => {
      const dayStart = madrid('2027-03-08', '00:00');
      const expected = [
        { startsAt: madrid('2027-03-08', '09:00'), endsAt: madrid('2027-03-08', '10:00') },
        { startsAt: madrid('2027-03-08', '12:00'), endsAt: madrid('2027-03-08', '13:00') },
        { startsAt: lessonStart, endsAt: lessonStart + HOUR },
      ];
      expect(await reader.busyIntervals(STUDIO, 'bk-luis', dayStart, dayStart + 24 * HOUR)).toEqual(expected);
      // Half-open: an interval ending exactly at `from`, or starting at `until`, is not busy then.
      expect(await reader.busyIntervals(STUDIO, 'bk-luis', madrid('2027-03-08', '10:00'), madrid('2027-03-08', '12:00'))).toEqual([]);
      expect(await reader.busyIntervals(STUDIO, 'bk-ana', dayStart, dayStart + 24 * HOUR)).toEqual([]);

      // The same time again: isStillFree sees the booked lesson, and the answer is slot_taken.
      let seen: Interval[] = [];
      const again = lessonRequest(lessonStart + HOUR / 2, 'other@example.com');
      const response = await store.bookPrivateLesson(again, (busy) => {
        seen = busy;
        return freeOf(again)(busy);
      });
      expect(response).toEqual({ outcome: 'slot_taken' });
      expect(seen).toEqual(expected);
    });

    it('When the time stopped being free, then the answer is slot_taken and nothing is written', async () => {
      const before = await countBookings({ instructorId: 'bk-luis' });
      const lesson = lessonRequest(madrid('2027-03-08', '16:30'), 'late@example.com');
      expect(await store.bookPrivateLesson(lesson, () => false)).toEqual({ outcome: 'slot_taken' });
      // Over a class he teaches.
      const overClass = lessonRequest(madrid('2027-03-08', '09:30'), 'class@example.com');
      expect(await store.bookPrivateLesson(overClass, freeOf(overClass))).toEqual({ outcome: 'slot_taken' });
      // An offer that does not exist.
      expect(await store.bookPrivateLesson(lessonRequest(lessonStart, 'x@example.com', { instructorId: 'bk-ana' }), () => true)).toEqual({ outcome: 'slot_taken' });
      expect(await countBookings({ instructorId: 'bk-luis' })).toBe(before);
    });

    it('When the same lesson form is submitted twice, then the second answer is the first booking', async () => {
      const lesson = lessonRequest(madrid('2027-03-08', '17:00'), 'double@example.com');
      const first = await store.bookPrivateLesson(lesson, freeOf(lesson));
      const second = await store.bookPrivateLesson(lesson, freeOf(lesson));
      expect(first.outcome).toBe('confirmed');
      expect(second).toEqual({ outcome: 'repeated', booking: first.outcome === 'confirmed' ? first.booking : null });
    });
  });

  describe('confirmation pages and re-imports', () => {
    it('When a confirmation page is opened with an unknown secret, then there is no booking', async () => {
      expect(await store.findByAccessToken('not-a-token')).toBeNull();
      expect(await store.findByAccessToken('')).toBeNull();
    });

    it('When the studio is imported again, then its bookings stay, keep what was booked and still count', async () => {
      const booked = await book(classRequest('bk-salsa', 'reimport@example.com'));
      expect(booked.outcome).toBe('confirmed');
      if (booked.outcome !== 'confirmed') return;
      const seats = (await reader.findOccurrence('bk-salsa'))?.occurrence.confirmedBookings;
      await api.importDocument(bookingStudio('Salsa for Beginners'), NOW);
      expect(await store.findByAccessToken(booked.booking.accessToken)).toEqual(booked.booking);
      const after = await reader.findOccurrence('bk-salsa');
      expect(after?.occurrence.name).toBe('Salsa for Beginners');
      expect(after?.occurrence.confirmedBookings).toBe(seats);
      expect((await book(classRequest('bk-salsa', 'REIMPORT@example.com'))).outcome).toBe('existing');
    });
  });
});

describe.each(databaseTargets())('booking details migration on $name', (target) => {
  it('When bookings were written before the booking pages, then the upgrade gives each a reference, a secret and an email key', async () => {
    const database = await target.create();
    const store = openStore(parseDatabaseUrl(database.url));
    try {
      const first: Record<string, Migration> = { '001-catalog-and-bookings': catalogAndBookings(store.dialect) };
      const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => first }, migrationTableName: 'schema_migrations', migrationLockTableName: 'schema_migrations_lock' });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const old = [
        { id: 'old-1', email: ' Old@Example.com ' },
        { id: 'old-2', email: 'other@example.com' },
      ];
      for (const row of old) {
        await sql`insert into bookings (id, studio_id, kind, class_id, starts_at, ends_at, status, first_name, last_name, email, created_at)
          values (${row.id}, 's', 'class', 'c', 0, 0, 'confirmed', 'Old', 'Row', ${row.email}, 0)`.execute(store.db);
      }
      await migrateToLatest(store);
      const rows = await store.db.selectFrom('bookings').select(['id', 'reference', 'access_token', 'email_key', 'title', 'room', 'idempotency_key']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'old-1', reference: expect.stringMatching(REFERENCE), access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), email_key: 'old@example.com', title: '', room: null, idempotency_key: null },
        { id: 'old-2', reference: expect.stringMatching(REFERENCE), access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), email_key: 'other@example.com', title: '', room: null, idempotency_key: null },
      ]);
      // A row written without the new columns (as the test helper does) is still accepted.
      await insertConfirmedClassBooking(store.db, { id: 'helper', studioId: 's', classId: 'c2' });
      // One seat (or place on the waitlist) per email and class, kept by the database itself; a cancelled
      // booking holds none, so the email can book again; private lessons (no class) never conflict.
      const seat = (id: string, classId: string | null, status: 'confirmed' | 'waiting' | 'cancelled' = 'confirmed') =>
        store.db
          .insertInto('bookings')
          .values({
            id,
            studio_id: 's',
            kind: classId ? 'class' : 'private_lesson',
            class_id: classId,
            starts_at: 0,
            ends_at: 0,
            status,
            first_name: 'A',
            last_name: 'B',
            email: 'a@example.com',
            email_key: 'a@example.com',
            active_key: status === 'cancelled' ? null : 'a@example.com',
            created_at: 0,
          })
          .execute();
      const duplicate = { code: store.dialect === 'mysql' ? 'ER_DUP_ENTRY' : 'SQLITE_CONSTRAINT_UNIQUE' };
      await seat('seat-1', 'c3');
      await expect(seat('seat-2', 'c3')).rejects.toMatchObject(duplicate);
      await expect(seat('seat-3', 'c3', 'waiting')).rejects.toMatchObject(duplicate);
      await seat('cancelled-1', 'c4', 'cancelled');
      await seat('cancelled-2', 'c4', 'cancelled');
      await seat('again', 'c4');
      await seat('lesson-1', null);
      await seat('lesson-2', null);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
