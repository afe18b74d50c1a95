import { createBookingService } from '../../../server/src/domain/booking/booking-service';
import type { AdmissionRule } from '../../../server/src/domain/booking/class-bookability';
import type { BookingCatalogReader, BookingStore } from '../../../server/src/domain/booking/ports';
import type {
  BookableOccurrence,
  BookingRecord,
  CancelOutcome,
  CancelRequest,
  ClassBookingOutcome,
  ClassBookingRequest,
  Interval,
  PrivateLessonBookingOutcome,
  PrivateLessonBookingRequest,
  PrivateLessonOffer,
} from '../../../server/src/domain/booking/types';
import { goalsQuestion as goalsQuestionOf, levelQuestion as levelQuestionOf } from '../../support/studio-questions';
import { DEFAULT_POLICIES, type PersonRecord, type QuestionRecord, type StudioPolicies } from '../../../server/src/domain/catalog';
import { NotFoundError } from '../../../server/src/domain/errors';
import type { StudioProfileView } from '../../../server/src/domain/public-api/reader';
import { wallTimeToInstant } from '../../../server/src/domain/time/zoned-time';

const ZONE = 'Europe/Madrid';
const at = (date: string, time: string) => wallTimeToInstant(date, time, ZONE);
const iso = (ms: number) => new Date(ms).toISOString();
// Monday 23 November 2026, 08:00 in Madrid.
const MONDAY = '2026-11-23';
const NOW = at(MONDAY, '08:00');

const studio: StudioProfileView = {
  id: 'studio-luz',
  name: 'Estudio Luz',
  country: 'ES',
  address: 'Calle Mayor 1, Madrid',
  unit: null,
  businessHours: null,
  description: { es: 'Baile en el centro' },
  logo: null,
  phone: null,
  defaultCurrency: 'EUR',
  website: null,
  yearEstablished: null,
  timezone: ZONE,
  whatsappEnabled: null,
  whatsappPhone: null,
  locales: ['es', 'en'],
  policies: DEFAULT_POLICIES,
  notificationEmail: null,
  danceTypes: [],
};

const ana: PersonRecord = {
  id: 'inst-ana',
  name: 'Ana',
  lastname: 'Ruiz',
  image: null,
  bio: { es: 'Profesora de salsa' },
  occupation: null,
  yearsOfExperience: null,
  danceSpecialities: [],
  publicProfile: true,
  roles: ['instructor'],
};

const occurrence = (id: string, overrides: Partial<BookableOccurrence['occurrence']> = {}): BookableOccurrence['occurrence'] => ({
  id,
  name: 'Salsa nivel 1',
  danceType: 'Salsa',
  level: 'beginner',
  room: 'Sala A',
  startsAt: at(MONDAY, '19:00'),
  endsAt: at(MONDAY, '20:00'),
  localDate: MONDAY,
  dayOfWeek: 'monday',
  startTime: '19:00',
  endTime: '20:00',
  price: 12,
  currency: 'EUR',
  capacity: 2,
  allowPackages: true,
  description: null,
  instructor: { id: ana.id, name: ana.name, lastname: ana.lastname, image: null },
  confirmedBookings: 0,
  cancelled: false,
  entryId: id,
  seriesId: id,
  ...overrides,
});

const offerOfAna: PrivateLessonOffer['offer'] = {
  person: ana,
  availability: [
    { id: 'mon-morning', dayOfWeek: 1, startTime: '10:00', endTime: '13:00' },
    { id: 'wed-evening', dayOfWeek: 3, startTime: '17:00', endTime: '20:00' },
  ],
  pricing: [
    { id: 'p30', durationMins: 30, price: 25, currency: 'EUR' },
    { id: 'p60', durationMins: 60, price: 40, currency: 'EUR' },
  ],
};

const levelQuestion = levelQuestionOf({ es: 'Tu nivel', en: 'Your level' });
const goalsQuestion = goalsQuestionOf({ en: 'Goals' });

const guestForm = { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.es', phone: '', terms: 'yes' };
const options = { locale: 'es', formatsLocale: 'es-ES', idempotencyKey: 'form-1' };

/** The catalog as the booking pages read it, in memory. */
class FakeReader implements BookingCatalogReader {
  studios = new Map<string, StudioProfileView>([[studio.id, studio]]);
  occurrences = new Map<string, BookableOccurrence['occurrence']>();
  offers = new Map<string, PrivateLessonOffer['offer']>([[ana.id, offerOfAna]]);
  questions: QuestionRecord[] = [levelQuestion, goalsQuestion];
  /** classes and events the instructor teaches */
  classes: Interval[] = [];
  lessons: Interval[] = [];
  calls: string[] = [];
  busyQueries: { studioId: string; instructorId: string; fromMs: number; untilMs: number }[] = [];

  async findStudio(studioId: string) {
    this.calls.push(`findStudio ${studioId}`);
    return this.studios.get(studioId) ?? null;
  }
  async findOccurrence(classId: string) {
    this.calls.push(`findOccurrence ${classId}`);
    const found = this.occurrences.get(classId);
    return found ? { studio: this.studios.get(studio.id) ?? studio, occurrence: { ...found } } : null;
  }
  async findNextOpenOccurrence(studioId: string, afterMs: number, { entryId, excludeId }: { entryId?: string; excludeId: string }) {
    this.calls.push(`findNextOpenOccurrence ${studioId} ${entryId ?? '*'}`);
    const open = [...this.occurrences.values()]
      .filter((found) => found.id !== excludeId && !found.cancelled && found.startsAt > afterMs && (found.capacity === null || found.confirmedBookings < found.capacity))
      .filter((found) => entryId === undefined || found.entryId === entryId)
      .sort((a, b) => a.startsAt - b.startsAt);
    return open[0] ?? null;
  }
  async findSeriesStudio(seriesId: string) {
    return [...this.occurrences.values()].some((occurrence) => occurrence.entryId === seriesId) ? studio.id : null;
  }

  async findPrivateLessonOffer(instructorId: string) {
    this.calls.push(`findPrivateLessonOffer ${instructorId}`);
    const offer = this.offers.get(instructorId);
    return offer ? { studio, offer } : null;
  }
  async listActiveQuestions(studioId: string) {
    this.calls.push(`listActiveQuestions ${studioId}`);
    return this.questions;
  }
  async busyIntervals(studioId: string, instructorId: string, fromMs: number, untilMs: number) {
    this.busyQueries.push({ studioId, instructorId, fromMs, untilMs });
    return [...this.classes, ...this.lessons].filter((interval) => interval.startsAt < untilMs && interval.endsAt > fromMs);
  }
}

/** Bookings in memory, with the rules the real store applies under its lock. */
class FakeStore implements BookingStore {
  bookings: BookingRecord[] = [];
  classRequests: ClassBookingRequest[] = [];
  lessonRequests: PrivateLessonBookingRequest[] = [];
  forcedClassOutcome: ClassBookingOutcome['outcome'] | null = null;
  /** the instructor's row lock: one private lesson transaction at a time */
  private lock: Promise<unknown> = Promise.resolve();

  constructor(private readonly reader: FakeReader) {}

  async bookClass(request: ClassBookingRequest, admit: AdmissionRule): Promise<ClassBookingOutcome> {
    this.classRequests.push(request);
    const found = this.reader.occurrences.get(request.classId);
    if (!found || this.forcedClassOutcome === 'not_found') return { outcome: 'not_found' };
    const existing = this.bookings.find(
      (booking) => booking.classId === request.classId && (booking.guest.email.toLowerCase() === request.guest.email.toLowerCase() || booking.id === request.idempotencyKey),
    );
    if (existing) return { outcome: existing.id === request.idempotencyKey ? 'repeated' : 'existing', booking: existing };
    const admission = admit(found, (this.reader.studios.get(studio.id) ?? studio).policies);
    if (admission === 'waitlist') throw new Error('this fake keeps no waitlist');
    if (admission !== 'seat') return { outcome: admission };
    const booking = this.record(request, { kind: 'class', classId: found.id, startsAt: found.startsAt, endsAt: found.endsAt, title: found.name, price: found.price });
    found.confirmedBookings += 1;
    return { outcome: 'confirmed', booking };
  }

  bookPrivateLesson(request: PrivateLessonBookingRequest, isStillFree: (busy: Interval[]) => boolean): Promise<PrivateLessonBookingOutcome> {
    const transaction = this.lock.then(() => this.bookPrivateLessonLocked(request, isStillFree));
    this.lock = transaction.catch(() => undefined);
    return transaction;
  }

  private async bookPrivateLessonLocked(request: PrivateLessonBookingRequest, isStillFree: (busy: Interval[]) => boolean): Promise<PrivateLessonBookingOutcome> {
    this.lessonRequests.push(request);
    const existing = this.bookings.find((booking) => booking.id === request.idempotencyKey);
    if (existing) return { outcome: 'repeated', booking: existing };
    const busy = await this.reader.busyIntervals(request.studioId, request.instructorId, request.startsAt - 86_400_000, request.endsAt + 86_400_000);
    if (!isStillFree(busy)) return { outcome: 'slot_taken' };
    const booking = this.record(request, {
      kind: 'private_lesson',
      instructorId: request.instructorId,
      pricingId: request.pricingId,
      startsAt: request.startsAt,
      endsAt: request.endsAt,
      title: request.title,
      price: request.price,
      answers: request.answers,
    });
    this.reader.lessons.push({ startsAt: request.startsAt, endsAt: request.endsAt });
    return { outcome: 'confirmed', booking };
  }

  async findByAccessToken(accessToken: string) {
    return this.bookings.find((booking) => booking.accessToken === accessToken) ?? null;
  }

  async cancelBooking(request: CancelRequest, mayCancel: (booking: BookingRecord, policies: StudioPolicies) => boolean): Promise<CancelOutcome> {
    const booking = this.bookings.find((candidate) => candidate.id === request.bookingId);
    if (!booking) return { outcome: 'not_found' };
    if (booking.status === 'cancelled') return { outcome: 'already_cancelled', booking };
    if (!mayCancel(booking, studio.policies)) return { outcome: 'refused', booking };
    Object.assign(booking, { status: 'cancelled', cancelledAt: request.nowMs, cancelledBy: request.by });
    return { outcome: 'cancelled', booking };
  }

  async findById(bookingId: string) {
    return this.bookings.find((booking) => booking.id === bookingId) ?? null;
  }

  async waitlistPlace() {
    return null;
  }

  private record(request: ClassBookingRequest | PrivateLessonBookingRequest, fields: Partial<BookingRecord>): BookingRecord {
    const booking: BookingRecord = {
      id: request.idempotencyKey,
      reference: `SD-${this.bookings.length + 1}`,
      accessToken: `token-${request.idempotencyKey}-secret`,
      studioId: studio.id,
      kind: 'class',
      classId: null,
      instructorId: null,
      pricingId: null,
      startsAt: 0,
      endsAt: 0,
      status: 'confirmed',
      guest: request.guest,
      answers: null,
      title: '',
      room: null,
      price: null,
      currency: 'EUR',
      locale: request.locale,
      formatsLocale: request.formatsLocale ?? null,
      createdAt: request.nowMs,
      cancelledAt: null,
      cancelledBy: null,
      calendarSequence: 0,
      ...fields,
    };
    this.bookings.push(booking);
    return booking;
  }
}

function setUp(nowMs = NOW) {
  const reader = new FakeReader();
  const store = new FakeStore(reader);
  let clock = nowMs;
  const service = createBookingService({ reader, store, now: () => clock });
  return { reader, store, service, setNow: (value: number) => (clock = value) };
}

const expectNotFound = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NotFoundError);
  expect((error as NotFoundError).code).toBe('not_found');
};

describe('the class booking page', () => {
  it('When the student opens a class with spots left, then it shows the class, its studio and a form', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set('salsa-20261123', occurrence('salsa-20261123'));
    const page = await service.classPage('salsa-20261123');
    expect(page.studio.name).toBe('Estudio Luz');
    expect(page.occurrence.name).toBe('Salsa nivel 1');
    expect(page.bookability).toBe('open');
  });

  it('When the class has been cancelled, then the page says so', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set('c', occurrence('c', { cancelled: true }));
    expect((await service.classPage('c')).bookability).toBe('cancelled');
  });

  it('When the class is full, then the page says so', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set('c', occurrence('c', { capacity: 1, confirmedBookings: 1 }));
    expect((await service.classPage('c')).bookability).toBe('full');
  });

  it('When a class is full, then the page offers the next date of the same class that can be booked', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set('salsa-20261123', occurrence('salsa-20261123', { entryId: 'salsa', capacity: 1, confirmedBookings: 1 }));
    reader.occurrences.set('salsa-20261130', occurrence('salsa-20261130', { entryId: 'salsa', capacity: 1, confirmedBookings: 1, startsAt: at('2026-11-30', '19:00') }));
    reader.occurrences.set('salsa-20261207', occurrence('salsa-20261207', { entryId: 'salsa', startsAt: at('2026-12-07', '19:00') }));
    reader.occurrences.set('bachata-20261124', occurrence('bachata-20261124', { entryId: 'bachata', startsAt: at('2026-11-24', '19:00') }));
    const page = await service.classPage('salsa-20261123');
    expect(page).toMatchObject({ bookability: 'full', instead: { sameClass: true, occurrence: { id: 'salsa-20261207' } } });
    // An open class looks for nothing.
    expect(await service.classPage('bachata-20261124')).toMatchObject({ bookability: 'open', instead: null });
  });

  it("When no later date of the class can be booked, then the studio's next class is offered, unless the studio has a website to send the student to", async () => {
    const { reader, service } = setUp();
    reader.occurrences.set('salsa-20261123', occurrence('salsa-20261123', { entryId: 'salsa', cancelled: true }));
    reader.occurrences.set('bachata-20261124', occurrence('bachata-20261124', { entryId: 'bachata', startsAt: at('2026-11-24', '19:00') }));
    expect(await service.classPage('salsa-20261123')).toMatchObject({ bookability: 'cancelled', instead: { sameClass: false, occurrence: { id: 'bachata-20261124' } } });
    reader.studios.set(studio.id, { ...studio, website: 'https://estudioluz.example' });
    expect(await service.classPage('salsa-20261123')).toMatchObject({ bookability: 'cancelled', instead: null });
  });

  it('When the class id is unknown, then the student gets a 404 page', async () => {
    const { service } = setUp();
    await expectNotFound(service.classPage('nope'));
  });

  it('When the class id cannot exist, then it is a 404 without asking the catalog', async () => {
    const { reader, service } = setUp();
    await expectNotFound(service.classPage('../../etc/passwd'));
    await expectNotFound(service.classPage('x'.repeat(500)));
    await expectNotFound(service.classPage(''));
    expect(reader.calls).toEqual([]);
  });
});

describe('booking a class', () => {
  const classId = 'salsa-20261123';

  it('When the student submits a valid form, then the booking is confirmed with their details and language', async () => {
    const { reader, store, service } = setUp();
    reader.occurrences.set(classId, occurrence(classId));
    const result = await service.bookClass(classId, guestForm, options);
    expect(result.kind).toBe('booked');
    if (result.kind !== 'booked') return;
    expect(result.existing).toBe(false);
    expect(result.booking.classId).toBe(classId);
    expect(store.classRequests).toEqual([
      {
        classId,
        guest: { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.es', phone: null },
        locale: 'es',
        formatsLocale: 'es-ES',
        idempotencyKey: 'form-1',
        nowMs: NOW,
      },
    ]);
  });

  it('When the same form is submitted twice (a double tap), then the student is shown the booking as made, not as one from before', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set(classId, occurrence(classId));
    const first = await service.bookClass(classId, guestForm, options);
    const second = await service.bookClass(classId, guestForm, options);
    expect([first.kind, second]).toEqual(['booked', expect.objectContaining({ kind: 'booked', existing: false })]);
    if (first.kind === 'booked' && second.kind === 'booked') expect(second.booking.id).toBe(first.booking.id);
    expect(reader.occurrences.get(classId)?.confirmedBookings).toBe(1);
  });

  it('When the same email books the same class again, then they get their existing booking, not a second seat', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set(classId, occurrence(classId));
    const first = await service.bookClass(classId, guestForm, options);
    const second = await service.bookClass(classId, { ...guestForm, email: 'LUCIA@example.es' }, { ...options, idempotencyKey: 'form-2' });
    expect(second).toMatchObject({ kind: 'booked', existing: true });
    if (first.kind === 'booked' && second.kind === 'booked') expect(second.booking.id).toBe(first.booking.id);
    expect(reader.occurrences.get(classId)?.confirmedBookings).toBe(1);
  });

  it("When another person types an email that already holds a seat, then the booking is not handed to them and no seat is added", async () => {
    const { reader, service } = setUp();
    reader.occurrences.set(classId, occurrence(classId));
    await service.bookClass(classId, guestForm, options);
    const other = await service.bookClass(classId, { ...guestForm, firstName: 'Mallory', lastName: 'Other' }, { ...options, idempotencyKey: 'form-3' });
    expect(other).toMatchObject({ kind: 'email_taken', page: { occurrence: { id: classId } } });
    expect(reader.occurrences.get(classId)?.confirmedBookings).toBe(1);
  });

  it('When the form has mistakes, then nothing is booked and the page comes back with field errors', async () => {
    const { reader, store, service } = setUp();
    reader.occurrences.set(classId, occurrence(classId));
    const result = await service.bookClass(classId, { firstName: '', lastName: ['a', 'b'], email: 'nope', terms: 'no' }, options);
    expect(result).toMatchObject({
      kind: 'invalid',
      errors: { firstName: 'required', lastName: 'invalid_text', email: 'invalid_email', terms: 'consent_required' },
      page: { bookability: 'open', occurrence: { id: classId } },
    });
    expect(store.classRequests).toEqual([]);
  });

  it('When the last spot was taken before the student submitted, then they are told the class is full', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set(classId, occurrence(classId, { capacity: 1 }));
    await service.bookClass(classId, { ...guestForm, email: 'first@example.es' }, { ...options, idempotencyKey: 'other' });
    const result = await service.bookClass(classId, guestForm, options);
    expect(result).toMatchObject({ kind: 'unavailable', reason: 'full', page: { bookability: 'full', occurrence: { confirmedBookings: 1 } } });
  });

  it('When the class started while the student was typing, then they are told it has taken place', async () => {
    const { reader, service, setNow } = setUp();
    reader.occurrences.set(classId, occurrence(classId));
    setNow(at(MONDAY, '19:00'));
    expect(await service.bookClass(classId, guestForm, options)).toMatchObject({ kind: 'unavailable', reason: 'past', page: { bookability: 'past' } });
  });

  it('When the class was cancelled, then they are told it is cancelled', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set(classId, occurrence(classId, { cancelled: true }));
    expect(await service.bookClass(classId, guestForm, options)).toMatchObject({ kind: 'unavailable', reason: 'cancelled' });
  });

  it('When the class id is unknown, then the student gets a 404 page', async () => {
    const { store, service } = setUp();
    await expectNotFound(service.bookClass('nope', guestForm, options));
    expect(store.classRequests).toEqual([]);
  });

  it('When the class disappears between reading and booking, then the student gets a 404 page', async () => {
    const { reader, store, service } = setUp();
    reader.occurrences.set(classId, occurrence(classId));
    store.forcedClassOutcome = 'not_found';
    await expectNotFound(service.bookClass(classId, guestForm, options));
  });
});

describe('the private lesson page', () => {
  it('When the student opens the page, then it shows the durations, the dates of the next four weeks and the free times of the first date', async () => {
    const { service } = setUp();
    const page = await service.privateLessonPage(ana.id);
    expect(page.instructor.id).toBe(ana.id);
    expect(page.pricing.map((entry) => entry.id)).toEqual(['p30', 'p60']);
    expect(page.selectedPricing.id).toBe('p30');
    expect(page.dates).toHaveLength(8);
    expect(page.dates.slice(0, 3)).toEqual(['2026-11-23', '2026-11-25', '2026-11-30']);
    expect(page.selectedDate).toBe(MONDAY);
    expect(page.slots[0]).toEqual({ startsAt: at(MONDAY, '10:00'), endsAt: at(MONDAY, '10:30'), localStartTime: '10:00', localEndTime: '10:30' });
    expect(page.slots.at(-1)?.localStartTime).toBe('12:30');
    expect(page.questions.map((question) => question.id)).toEqual(['q-level', 'q-goals']);
  });

  it('When the instructor teaches a class at 11:00, then no 60-minute slot overlaps it', async () => {
    const { reader, service } = setUp();
    reader.classes.push({ startsAt: at(MONDAY, '11:00'), endsAt: at(MONDAY, '12:00') });
    const page = await service.privateLessonPage(ana.id, { pricingId: 'p60', date: MONDAY });
    expect(page.slots.map((slot) => slot.localStartTime)).toEqual(['10:00', '12:00']);
  });

  it('When the page asks for busy times, then it asks once, for the whole four weeks and a day either side', async () => {
    const { reader, service } = setUp();
    await service.privateLessonPage(ana.id, { date: '2026-11-25' });
    expect(reader.busyQueries).toEqual([
      { studioId: studio.id, instructorId: ana.id, fromMs: at('2026-11-22', '00:00'), untilMs: at('2026-12-22', '00:00') },
    ]);
  });

  it('When every time of a date is taken, then that date is not offered at all', async () => {
    const { reader, service } = setUp();
    reader.classes.push({ startsAt: at('2026-11-25', '17:00'), endsAt: at('2026-11-25', '20:00') });
    const page = await service.privateLessonPage(ana.id, { pricingId: 'p60' });
    expect(page.dates.slice(0, 3)).toEqual([MONDAY, '2026-11-30', '2026-12-02']);
  });

  it('When only a shorter lesson fits on a date, then the longer duration does not offer that date', async () => {
    const { reader, service } = setUp();
    // Monday 10:00–13:00 with 10:30–13:00 taken leaves 10:00–10:30: room for 30 minutes, not for 60.
    reader.classes.push({ startsAt: at(MONDAY, '10:30'), endsAt: at(MONDAY, '13:00') });
    expect((await service.privateLessonPage(ana.id, { pricingId: 'p30' })).dates[0]).toBe(MONDAY);
    expect((await service.privateLessonPage(ana.id, { pricingId: 'p60' })).dates[0]).toBe('2026-11-25');
  });

  it('When the date asked for has no free time left, then the next date with free time is shown and the one asked for is named', async () => {
    const { reader, service } = setUp();
    reader.classes.push({ startsAt: at('2026-11-30', '10:00'), endsAt: at('2026-11-30', '13:00') });
    const page = await service.privateLessonPage(ana.id, { pricingId: 'p60', date: '2026-11-30' });
    expect(page).toMatchObject({ selectedDate: '2026-12-02', unavailableDate: '2026-11-30' });
    expect(page.slots[0]?.localStartTime).toBe('17:00');
    // A date without any window (a Tuesday) is named too; a date that is offered is not.
    expect(await service.privateLessonPage(ana.id, { date: '2026-11-24' })).toMatchObject({ selectedDate: '2026-11-25', unavailableDate: '2026-11-24' });
    expect(await service.privateLessonPage(ana.id, { date: '2026-11-25' })).toMatchObject({ selectedDate: '2026-11-25', unavailableDate: null });
  });

  it('When no duration has free time in the four weeks, then no date is offered and the page knows it is a dead end', async () => {
    const { reader, service } = setUp();
    reader.classes.push({ startsAt: at(MONDAY, '00:00'), endsAt: at('2026-12-31', '00:00') });
    expect(await service.privateLessonPage(ana.id)).toMatchObject({ dates: [], selectedDate: null, slots: [], anyFreeTime: false });
  });

  it('When only the longer duration has no free time, then its page offers no date but knows a shorter one has', async () => {
    const { reader, service } = setUp();
    // Every window keeps only its first 30 minutes free.
    for (let day = 0; day < 30; day += 1) {
      const date = new Date(Date.parse(`${MONDAY}T12:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
      reader.classes.push({ startsAt: at(date, '10:30'), endsAt: at(date, '13:00') }, { startsAt: at(date, '17:30'), endsAt: at(date, '20:00') });
    }
    expect(await service.privateLessonPage(ana.id, { pricingId: 'p60' })).toMatchObject({ dates: [], anyFreeTime: true });
    expect((await service.privateLessonPage(ana.id, { pricingId: 'p30' })).dates).toHaveLength(8);
  });

  it('When the student picks a duration and a date, then the times are those of that date and length', async () => {
    const { service } = setUp();
    const page = await service.privateLessonPage(ana.id, { pricingId: 'p60', date: '2026-11-25' });
    expect(page.selectedPricing.id).toBe('p60');
    expect(page.selectedDate).toBe('2026-11-25');
    expect(page.slots.map((slot) => slot.localStartTime)).toEqual(['17:00', '17:15', '17:30', '17:45', '18:00', '18:15', '18:30', '18:45', '19:00']);
  });

  it('When the query names an unknown duration, or a date that is no date of the four weeks, then the first ones are shown', async () => {
    const { service } = setUp();
    for (const selection of [
      { pricingId: 'nope' },
      { pricingId: ['p60'], date: ['2026-11-25'] },
      { pricingId: 'p60x', date: '2030-01-01' },
      { date: '2026-11-16' },
      { date: 'not-a-date' },
      { date: '2026-02-30' },
    ]) {
      const page = await service.privateLessonPage(ana.id, selection);
      expect(page.selectedPricing.id).toBe('p30');
      expect(page.selectedDate).toBe(MONDAY);
      expect(page.unavailableDate).toBeNull();
    }
  });

  it("When it is already afternoon on Monday, then Monday's morning is gone and Wednesday is first", async () => {
    const { service } = setUp(at(MONDAY, '13:00'));
    const page = await service.privateLessonPage(ana.id);
    expect(page.selectedDate).toBe('2026-11-25');
  });

  it('When the person offers no private lessons, then the student gets a 404 page', async () => {
    const { reader, service } = setUp();
    await expectNotFound(service.privateLessonPage('inst-nobody'));
    reader.offers.set('inst-no-windows', { ...offerOfAna, availability: [] });
    await expectNotFound(service.privateLessonPage('inst-no-windows'));
    reader.offers.set('inst-no-pricing', { ...offerOfAna, pricing: [] });
    await expectNotFound(service.privateLessonPage('inst-no-pricing'));
    await expectNotFound(service.privateLessonPage('<script>'));
  });
});

describe('booking a private lesson', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    ...guestForm,
    pricing: 'p60',
    start: iso(at(MONDAY, '10:00')),
    'answer_q-level': 'beginner',
    'answer_q-goals': 'Bailar en mi boda',
    ...overrides,
  });

  it('When the student picks a free time and fills in the form, then the lesson is booked at that time and price', async () => {
    const { store, service } = setUp();
    const result = await service.bookPrivateLesson(ana.id, form(), options);
    expect(result).toMatchObject({ kind: 'booked', existing: false });
    expect(store.lessonRequests).toEqual([
      {
        studioId: studio.id,
        instructorId: ana.id,
        pricingId: 'p60',
        startsAt: at(MONDAY, '10:00'),
        endsAt: at(MONDAY, '11:00'),
        answers: { 'q-level': 'beginner', 'q-goals': 'Bailar en mi boda' },
        title: 'Private lesson with Ana Ruiz',
        price: 40,
        currency: 'EUR',
        guest: { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.es', phone: null },
        locale: 'es',
        formatsLocale: 'es-ES',
        idempotencyKey: 'form-1',
        nowMs: NOW,
      },
    ]);
  });

  it("When the page passes a title in the student's language, then the booking is called that", async () => {
    const { store, service } = setUp();
    await service.bookPrivateLesson(ana.id, form(), { ...options, title: 'Clase particular con Ana Ruiz' });
    expect(store.lessonRequests[0]?.title).toBe('Clase particular con Ana Ruiz');
  });

  it('When the same form is submitted twice, then the second gets the same booking', async () => {
    const { service } = setUp();
    const first = await service.bookPrivateLesson(ana.id, form(), options);
    const second = await service.bookPrivateLesson(ana.id, form(), options);
    // Shown as booked, not as a lesson booked before: it is the same tap's booking.
    expect(second).toMatchObject({ kind: 'booked', existing: false });
    if (first.kind === 'booked' && second.kind === 'booked') expect(second.booking.id).toBe(first.booking.id);
  });

  it('When two students ask for the same time, then only the first gets it and the second is asked to choose another', async () => {
    const { service } = setUp();
    const [first, second] = await Promise.all([
      service.bookPrivateLesson(ana.id, form(), options),
      service.bookPrivateLesson(ana.id, form({ email: 'other@example.es', start: iso(at(MONDAY, '10:30')) }), { ...options, idempotencyKey: 'form-2' }),
    ]);
    expect(first.kind).toBe('booked');
    expect(second).toMatchObject({ kind: 'invalid', errors: { start: 'slot_taken' } });
    if (second.kind !== 'invalid') return;
    expect(second.page.selectedDate).toBe(MONDAY);
    expect(second.page.selectedPricing.id).toBe('p60');
    expect(second.page.slots.map((slot) => slot.localStartTime)).toEqual(['11:00', '11:15', '11:30', '11:45', '12:00']);
  });

  it('When the instructor was given a class at that time since the page was shown, then the time is taken', async () => {
    const { reader, service } = setUp();
    reader.classes.push({ startsAt: at(MONDAY, '10:45'), endsAt: at(MONDAY, '11:45') });
    expect(await service.bookPrivateLesson(ana.id, form(), options)).toMatchObject({ kind: 'invalid', errors: { start: 'slot_taken' } });
  });

  it('When the chosen time passed while the student filled in the form, then they are asked to choose another', async () => {
    const { store, service, setNow } = setUp();
    setNow(at(MONDAY, '10:05'));
    expect(await service.bookPrivateLesson(ana.id, form(), options)).toMatchObject({ kind: 'invalid', errors: { start: 'slot_taken' } });
    expect(store.lessonRequests).toEqual([]);
  });

  it('When the whole form is wrong, then every field says what is wrong and nothing is booked', async () => {
    const { store, service } = setUp();
    const result = await service.bookPrivateLesson(
      ana.id,
      { pricing: 'p999', start: 'tomorrow', firstName: '', email: 'x', 'answer_q-level': 'expert', 'answer_q-goals': 'g'.repeat(1001) },
      options,
    );
    expect(result).toMatchObject({
      kind: 'invalid',
      errors: {
        pricing: 'invalid_pricing',
        start: 'invalid_start',
        firstName: 'required',
        lastName: 'required',
        email: 'invalid_email',
        terms: 'consent_required',
        'answer_q-level': 'invalid_option',
        'answer_q-goals': 'too_long',
      },
    });
    expect(store.lessonRequests).toEqual([]);
  });

  it('When a required question is not answered, then it says it is required', async () => {
    const { service } = setUp();
    expect(await service.bookPrivateLesson(ana.id, form({ 'answer_q-level': '' }), options)).toMatchObject({
      kind: 'invalid',
      errors: { 'answer_q-level': 'required' },
    });
  });

  it.each([
    ['epoch milliseconds', String(Date.parse('2026-11-23T09:00:00.000Z'))],
    ['no milliseconds', '2026-11-23T09:00:00Z'],
    ['an offset instead of Z', '2026-11-23T10:00:00.000+01:00'],
    ['an impossible date', '2026-02-30T09:00:00.000Z'],
    ['an impossible time', '2026-11-23T25:00:00.000Z'],
    ['an array', ['2026-11-23T09:00:00.000Z']],
    ['nothing', undefined],
  ])('When the start is %s, then the student is asked to choose a start time', async (_label, start) => {
    const { store, service } = setUp();
    const result = await service.bookPrivateLesson(ana.id, form({ start }), options);
    expect(result).toMatchObject({ kind: 'invalid', errors: { start: 'invalid_start' } });
    expect(store.lessonRequests).toEqual([]);
  });

  it('When the start is not one the page offers (off the grid, outside the windows, beyond four weeks), then it is refused', async () => {
    const { service } = setUp();
    for (const start of [at(MONDAY, '10:05'), at(MONDAY, '12:45'), at('2026-11-24', '10:00'), at('2026-12-21', '10:00')]) {
      expect(await service.bookPrivateLesson(ana.id, form({ start: iso(start) }), options)).toMatchObject({
        kind: 'invalid',
        errors: { start: 'invalid_start' },
      });
    }
    // The last Monday within four weeks is still bookable.
    expect(await service.bookPrivateLesson(ana.id, form({ start: iso(at('2026-12-14', '10:00')) }), options)).toMatchObject({ kind: 'booked' });
  });

  it('When a time fits only a shorter lesson than the duration chosen, then it is refused with that reason', async () => {
    const { store, service } = setUp();
    // 12:15 + 60 minutes passes the window's 13:00 end; 30 minutes would fit.
    expect(await service.bookPrivateLesson(ana.id, form({ start: iso(at(MONDAY, '12:15')) }), options)).toMatchObject({
      kind: 'invalid',
      errors: { start: 'start_not_for_duration' },
      page: { selectedPricing: { id: 'p60' }, selectedDate: MONDAY },
    });
    expect(store.lessonRequests).toEqual([]);
  });

  it('When the date chosen above the times is not the date of the chosen time, then nothing is booked and that date\'s times are shown', async () => {
    const { store, service } = setUp();
    // The student picked 10:00 on Monday, then chose Wednesday and 30 minutes without asking for its times.
    const result = await service.bookPrivateLesson(ana.id, form({ pricing: 'p30', date: '2026-11-25', start: iso(at(MONDAY, '10:00')) }), options);
    expect(result).toMatchObject({ kind: 'invalid', errors: { start: 'start_other_date' }, page: { selectedPricing: { id: 'p30' }, selectedDate: '2026-11-25' } });
    expect(store.lessonRequests).toEqual([]);
    // The date field agreeing with the time: booked, at the duration chosen.
    const booked = await service.bookPrivateLesson(ana.id, form({ pricing: 'p30', date: MONDAY, start: iso(at(MONDAY, '10:00')) }), options);
    expect(booked).toMatchObject({ kind: 'booked', booking: { startsAt: at(MONDAY, '10:00'), endsAt: at(MONDAY, '10:30'), price: 25 } });
  });

  it('When the form is refused, then the page comes back on the chosen duration and date', async () => {
    const { service } = setUp();
    const result = await service.bookPrivateLesson(ana.id, form({ start: iso(at('2026-11-25', '17:00')), firstName: '' }), options);
    expect(result).toMatchObject({ kind: 'invalid', page: { selectedDate: '2026-11-25', selectedPricing: { id: 'p60' } } });
  });

  it('When the instructor offers no private lessons, then the student gets a 404 page', async () => {
    const { service } = setUp();
    await expectNotFound(service.bookPrivateLesson('inst-nobody', form(), options));
  });
});

describe('the confirmation page', () => {
  it('When the student opens the link of their booking, then it shows the booking and the studio', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set('c', occurrence('c'));
    const booked = await service.bookClass('c', guestForm, options);
    if (booked.kind !== 'booked') throw new Error('expected a booking');
    const page = await service.confirmation(booked.booking.accessToken);
    expect(page.booking.reference).toBe(booked.booking.reference);
    expect(page.studio.id).toBe(studio.id);
  });

  it('When the link is wrong, then the student gets a 404 page', async () => {
    const { service } = setUp();
    await expectNotFound(service.confirmation('token-unknown-secret'));
    await expectNotFound(service.confirmation(''));
    await expectNotFound(service.confirmation('../../x'));
  });

  it('When the studio no longer exists, then the student gets a 404 page', async () => {
    const { reader, service } = setUp();
    reader.occurrences.set('c', occurrence('c'));
    const booked = await service.bookClass('c', guestForm, options);
    if (booked.kind !== 'booked') throw new Error('expected a booking');
    reader.studios.clear();
    await expectNotFound(service.confirmation(booked.booking.accessToken));
  });
});
