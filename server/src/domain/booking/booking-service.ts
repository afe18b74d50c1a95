import type { PersonRecord, QuestionRecord } from '../catalog';
import { NotFoundError, clipForDetail } from '../errors';
import { isDocumentId, isOccurrenceId, seriesIdOf } from '../ids';
import type { OccurrenceView, StudioProfileView } from '../public-api/reader';
import { addDays, isRealDate } from '../time/calendar';
import { instantToLocal } from '../time/zoned-time';
import { studentCancellation, type CancellationState } from './cancellation';
import { classAdmission, classBookability, type ClassBookability } from './class-bookability';
import { isWaitlistOpen, waitlistClosesAt } from './waitlist';
import { formField, validateAnswers, validateGuestForm, type FieldErrors } from './guest-form';
import type { BookingCatalogReader, BookingStore } from './ports';
import { isWebAddress } from './web-address';
import { BOOKING_HORIZON_DAYS, chooseLessonDate, freeLessonTimes, horizonBusySpan, lessonHorizon } from './lesson-dates';
import { SLOT_STEP_MINS, isSlotFree, type Slot } from './slots';
import type { BookableOccurrence, BookingRecord, GuestDetails, Interval, PrivateLessonBookingRequest, PrivateLessonOffer } from './types';

/**
 * The use-cases of the hosted booking pages. Each one reads what the page shows, checks the posted
 * form field by field, and leaves the decisions that need a lock (spots left, a free instructor) to
 * the store's transaction. Unknown ids are NotFoundError('not_found'), which the pages show as 404.
 */


export interface BookingServiceDeps {
  reader: BookingCatalogReader;
  store: BookingStore;
  now: () => number;
}

export interface BookingOptions {
  locale: string;
  /** the page's formats locale when it names the student's region (`en-US`) */
  formatsLocale?: string | null;
  /** from the rendered form: a double-clicked submit books once */
  idempotencyKey: string;
  /** what the booking is called, in the page's language (private lessons; a default is made otherwise) */
  title?: string;
}

export interface ClassPage {
  studio: StudioProfileView;
  occurrence: BookableOccurrence['occurrence'];
  bookability: ClassBookability;
  /** a full class's waitlist takes names now (the studio keeps one, and its cutoff has not passed) */
  waitlistOpen: boolean;
  /** when the waitlist closes: the studio's cutoff before the start, when online cancelling ends too */
  waitlistClosesAt: number;
  /** whether a seat booked now could still be cancelled online (false past the cutoff: the page says so before the student books) */
  cancellableOnline: boolean;
  /** for a class that cannot be booked: what to book instead (see `nextBookable`); null otherwise */
  instead: NextBookable | null;
}

export interface NextBookable {
  occurrence: OccurrenceView;
  /** true: the next date of the same class (series); false: the studio's next class or event */
  sameClass: boolean;
}

/** A class address that names no class, read as the weekly series it names: a series' own id, or one of its dates that is not a class. */
export interface SeriesAddress {
  studio: StudioProfileView;
  /** the series' next date that can be booked; null when it has none */
  next: NextBookable | null;
  /** the address is the series' own id (`/book/salsa-mon`), not a date of it */
  seriesItself: boolean;
}

export type PricingOption = PrivateLessonOffer['offer']['pricing'][number];

export interface PrivateLessonPage {
  studio: StudioProfileView;
  instructor: PersonRecord;
  /** the active pricing entries, in the contract's order */
  pricing: PricingOption[];
  selectedPricing: PricingOption;
  /** studio-local dates, from today over the booking horizon, with a free slot for the selected duration */
  dates: string[];
  selectedDate: string | null;
  /** the date asked for when it has no free time for the selected duration (the page says so) */
  unavailableDate: string | null;
  /** the free slots of the selected date for the selected duration */
  slots: Slot[];
  /** whether any duration has free time in the horizon: with none, the page is a dead end and says how to reach the studio */
  anyFreeTime: boolean;
  questions: QuestionRecord[];
}

export interface Booked {
  kind: 'booked';
  booking: BookingRecord;
  /** the same email (or the same form) had already booked it: this is that booking */
  existing: boolean;
}

export type ClassBookingResult =
  | Booked
  | { kind: 'invalid'; errors: FieldErrors; page: ClassPage }
  /** the email already holds a seat under another name: that booking is not shown to whoever typed it */
  | { kind: 'email_taken'; page: ClassPage }
  | { kind: 'unavailable'; reason: Exclude<ClassBookability, 'open'>; page: ClassPage };

export type PrivateLessonBookingResult = Booked | { kind: 'invalid'; errors: FieldErrors; page: PrivateLessonPage };

export interface Confirmation {
  booking: BookingRecord;
  studio: StudioProfileView;
}

/** The manage page: the booking as it is now, whether the student can still cancel it, and their place while waiting. */
export interface ManagedBooking extends Confirmation {
  cancellation: CancellationState;
  /** 1 = the next to get a seat; null when not waiting */
  waitlistPlace: number | null;
  /** where a cancelled booking is booked again (null: nowhere, or not cancelled) */
  rebook: RebookTarget | null;
}

/**
 * A page that books again: the class (`sameClass`: it, or another date of its weekly series; else
 * the studio's next class or event), or the instructor's private lessons.
 */
export type RebookTarget = { kind: 'class'; classId: string; sameClass: boolean } | { kind: 'private_lesson'; instructorId: string };

export type CancelResult =
  /** cancelled now, or already before (a second click): the manage page shows it */
  | { kind: 'cancelled'; managed: ManagedBooking }
  /** past the cutoff, or started: the manage page says why */
  | { kind: 'refused'; managed: ManagedBooking };

/** What a student asked for on the private lesson page (query or form); anything unusable falls back to the defaults. */
export interface PrivateLessonSelection {
  pricingId?: unknown;
  date?: unknown;
}

interface PrivateLessonForm {
  pricing: PricingOption;
  slot: Interval;
  guest: GuestDetails;
  answers: Record<string, string>;
}

const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,256}$/;
const ISO_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MINUTE_MS = 60_000;

export function createBookingService({ reader, store, now }: BookingServiceDeps) {
  async function classPage(classId: string): Promise<ClassPage> {
    const found = isOccurrenceId(classId) ? await reader.findOccurrence(classId) : null;
    if (!found) throw new NotFoundError('not_found', `No class or event has the id "${clipForDetail(classId)}".`);
    const nowMs = now();
    const bookability = classBookability(found.occurrence, nowMs);
    const waitlistOpen = bookability === 'full' && isWaitlistOpen(found.occurrence, found.studio.policies, nowMs) === true;
    const closesAt = waitlistClosesAt(found.occurrence.startsAt, found.studio.policies);
    const cancellableOnline = studentCancellation({ status: 'confirmed', startsAt: found.occurrence.startsAt }, found.studio.policies, nowMs) === 'open';
    return { ...found, bookability, waitlistOpen, waitlistClosesAt: closesAt, cancellableOnline, instead: bookability === 'open' ? null : await nextBookable(found, nowMs) };
  }

  /**
   * What an address that names no class may still mean: the weekly series whose id it is (a link
   * built from the API's seriesId) or whose date it names (a date the studio has no class on: a
   * holiday, a mistyped date). Null when it names no series either.
   */
  async function seriesAddress(classId: string): Promise<SeriesAddress | null> {
    if (!isOccurrenceId(classId)) return null;
    const seriesId = seriesIdOf(classId) ?? classId;
    const studioId = await reader.findSeriesStudio(seriesId);
    const studio = studioId === null ? null : await reader.findStudio(studioId);
    if (!studio) return null;
    const next = await reader.findNextOpenOccurrence(studio.id, now(), { entryId: seriesId, excludeId: classId });
    return { studio, next: next ? { occurrence: next, sameClass: true } : null, seriesItself: seriesId === classId };
  }

  /**
   * So that a full, past or cancelled class is no dead end: the next date of the same class that can
   * be booked; without one, when the studio has no website to send the student to, its next class or
   * event that can be booked.
   */
  async function nextBookable({ studio, occurrence }: BookableOccurrence, nowMs: number): Promise<NextBookable | null> {
    const sameClass = await reader.findNextOpenOccurrence(studio.id, nowMs, { entryId: occurrence.entryId, excludeId: occurrence.id });
    if (sameClass) return { occurrence: sameClass, sameClass: true };
    if (isWebAddress(studio.website)) return null;
    const studioNext = await reader.findNextOpenOccurrence(studio.id, nowMs, { excludeId: occurrence.id });
    return studioNext ? { occurrence: studioNext, sameClass: false } : null;
  }

  /** Books a seat; with `joinWaitlist` (the form of a full class), a place on its waitlist when no seat is left. */
  async function bookClass(classId: string, rawForm: unknown, { locale, formatsLocale = null, idempotencyKey, joinWaitlist }: BookingOptions & { joinWaitlist?: boolean }): Promise<ClassBookingResult> {
    const page = await classPage(classId);
    const form = validateGuestForm(rawForm);
    if (!form.ok) return { kind: 'invalid', errors: form.errors, page };
    const nowMs = now();
    const admit = classAdmission(nowMs, { joinWaitlist: joinWaitlist === true });
    const result = await store.bookClass({ classId: page.occurrence.id, guest: form.guest, locale, formatsLocale, idempotencyKey, nowMs }, admit);
    switch (result.outcome) {
      case 'confirmed':
      case 'waiting':
        return { kind: 'booked', booking: result.booking, existing: false };
      case 'existing':
        return isSameGuest(result.booking.guest, form.guest) ? { kind: 'booked', booking: result.booking, existing: true } : { kind: 'email_taken', page };
      // A double tap: the booking the first tap made, shown as made (not as one from before).
      case 'repeated':
        return isSameGuest(result.booking.guest, form.guest) ? { kind: 'booked', booking: result.booking, existing: false } : { kind: 'email_taken', page };
      case 'not_found':
        throw new NotFoundError('not_found', `No class or event has the id "${clipForDetail(classId)}".`);
      default: {
        // The store's answer, taken under its lock, is the reason shown; the page is re-read for fresh spots.
        const fresh = await classPage(classId);
        const instead = fresh.bookability === 'open' ? await nextBookable(fresh, now()) : fresh.instead;
        return { kind: 'unavailable', reason: result.outcome, page: { ...fresh, bookability: result.outcome, instead } };
      }
    }
  }

  /** A person's offer, listed by the API's rule: at least one active window and one active pricing entry. */
  async function requireOffer(instructorId: string): Promise<PrivateLessonOffer> {
    const found = isDocumentId(instructorId) ? await reader.findPrivateLessonOffer(instructorId) : null;
    if (!found || found.offer.availability.length === 0 || found.offer.pricing.length === 0) {
      throw new NotFoundError('not_found', `No private lessons are offered by "${clipForDetail(instructorId)}".`);
    }
    return found;
  }

  /** The instructor's busy intervals over the whole booking horizon (and a day either side): one read for every date. */
  async function busyOverHorizon({ studio, offer }: PrivateLessonOffer, nowMs: number): Promise<Interval[]> {
    const { fromMs, untilMs } = horizonBusySpan(studio.timezone, nowMs);
    return reader.busyIntervals(studio.id, offer.person.id, fromMs, untilMs);
  }

  async function buildPrivateLessonPage(
    found: PrivateLessonOffer,
    selection: PrivateLessonSelection,
    nowMs: number,
    knownQuestions?: QuestionRecord[],
  ): Promise<PrivateLessonPage> {
    const { studio, offer } = found;
    const zone = studio.timezone;
    const selectedPricing = offer.pricing.find((entry) => entry.id === selection.pricingId) ?? (offer.pricing[0] as PricingOption);
    const [busy, questions] = await Promise.all([busyOverHorizon(found, nowMs), knownQuestions ?? reader.listActiveQuestions(studio.id)]);
    const query = { zone, nowMs, availability: offer.availability, busy };
    const free = freeLessonTimes({ ...query, durationMins: selectedPricing.durationMins });
    const dates = [...free.keys()];
    const { selectedDate, unavailableDate } = chooseLessonDate(selection.date, dates, lessonHorizon(zone, nowMs, BOOKING_HORIZON_DAYS));
    // A shorter lesson fits wherever a longer one does: without time for the shortest, there is none at all.
    const shortest = Math.min(...offer.pricing.map((entry) => entry.durationMins));
    const anyFreeTime = dates.length > 0 || freeLessonTimes({ ...query, durationMins: shortest }).size > 0;
    return {
      studio,
      instructor: offer.person,
      pricing: offer.pricing,
      selectedPricing,
      dates,
      selectedDate,
      unavailableDate,
      slots: selectedDate === null ? [] : (free.get(selectedDate) ?? []),
      anyFreeTime,
      questions,
    };
  }

  async function privateLessonPage(instructorId: string, selection: PrivateLessonSelection = {}): Promise<PrivateLessonPage> {
    return buildPrivateLessonPage(await requireOffer(instructorId), selection, now());
  }

  async function bookPrivateLesson(instructorId: string, rawForm: unknown, options: BookingOptions): Promise<PrivateLessonBookingResult> {
    const found = await requireOffer(instructorId);
    const nowMs = now();
    const questions = await reader.listActiveQuestions(found.studio.id);
    const form = readPrivateLessonForm(rawForm, found, questions, nowMs);
    const invalid = async (errors: FieldErrors) => ({
      kind: 'invalid' as const,
      errors,
      page: await buildPrivateLessonPage(found, selectionOf(rawForm, found), nowMs, questions),
    });
    if (!form.ok) return invalid(form.errors);

    const request = buildPrivateLessonRequest(found, form.value, options, nowMs);
    const context = { zone: found.studio.timezone, availability: found.offer.availability, nowMs, stepMins: SLOT_STEP_MINS };
    const result = await store.bookPrivateLesson(request, (busy) => isSlotFree(form.value.slot, { ...context, busy }));
    if (result.outcome === 'slot_taken') return invalid({ start: 'slot_taken' });
    // A double tap answers the lesson the first tap booked, as booked.
    return { kind: 'booked', booking: result.booking, existing: false };
  }

  async function confirmation(accessToken: string): Promise<Confirmation> {
    const booking = isPlausibleAccessToken(accessToken) ? await store.findByAccessToken(accessToken) : null;
    const studio = booking ? await reader.findStudio(booking.studioId) : null;
    if (!booking || !studio) throw new NotFoundError('not_found', 'No booking has this address.');
    return { booking, studio };
  }

  async function describeManaged({ booking, studio }: Confirmation): Promise<ManagedBooking> {
    const nowMs = now();
    return {
      booking,
      studio,
      cancellation: studentCancellation(booking, studio.policies, nowMs),
      waitlistPlace: await store.waitlistPlace(booking),
      rebook: booking.status === 'cancelled' ? await rebookTarget(booking, nowMs) : null,
    };
  }

  /**
   * Where a cancelled booking is booked again, never a page that does not exist: its class while the
   * studio still lists it (its page offers the next date when it is past, full or cancelled); for a
   * class the studio removed since (a holiday, a renamed or moved series), the next date of its weekly
   * series, else the studio's next class or event; the instructor's private lessons while they are
   * still offered.
   */
  async function rebookTarget(booking: BookingRecord, nowMs: number): Promise<RebookTarget | null> {
    if (booking.classId !== null) {
      if (await reader.findOccurrence(booking.classId)) return { kind: 'class', classId: booking.classId, sameClass: true };
      const seriesId = seriesIdOf(booking.classId);
      const sameSeries = seriesId === null ? null : await reader.findNextOpenOccurrence(booking.studioId, nowMs, { entryId: seriesId, excludeId: booking.classId });
      const next = sameSeries ?? (await reader.findNextOpenOccurrence(booking.studioId, nowMs, { excludeId: booking.classId }));
      return next ? { kind: 'class', classId: next.id, sameClass: sameSeries !== null } : null;
    }
    if (booking.instructorId !== null && (await reader.findPrivateLessonOffer(booking.instructorId))) return { kind: 'private_lesson', instructorId: booking.instructorId };
    return null;
  }

  /** The booking behind a manage link, as it is now. */
  async function manage(accessToken: string): Promise<ManagedBooking> {
    return describeManaged(await confirmation(accessToken));
  }

  /** The student cancels from the manage page; doing it twice changes nothing. */
  async function cancel(accessToken: string): Promise<CancelResult> {
    const { booking } = await confirmation(accessToken);
    const result = await store.cancelBooking({ bookingId: booking.id, by: 'student', nowMs: now() }, (current, policies) => studentCancellation(current, policies, now()) === 'open');
    if (result.outcome === 'not_found') throw new NotFoundError('not_found', 'No booking has this address.');
    const managed = await manage(accessToken);
    return { kind: result.outcome === 'refused' ? 'refused' : 'cancelled', managed };
  }

  return { classPage, seriesAddress, bookClass, privateLessonOffer: requireOffer, privateLessonPage, bookPrivateLesson, confirmation, manage, cancel };
}

export type BookingService = ReturnType<typeof createBookingService>;

/** Every field of the private lesson form, each problem against its field. */
function readPrivateLessonForm(
  raw: unknown,
  { studio, offer }: PrivateLessonOffer,
  questions: QuestionRecord[],
  nowMs: number,
): { ok: true; value: PrivateLessonForm } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const pricing = readPricing(raw, offer.pricing);
  if (!pricing) errors.pricing = 'invalid_pricing';
  const startsAt = readStart(raw);
  if (startsAt === null) errors.start = 'invalid_start';
  const slot = pricing && startsAt !== null ? { startsAt, endsAt: startsAt + pricing.durationMins * MINUTE_MS } : null;
  // What is booked is what the page shows: the duration and the date chosen above the times, and a time of that date.
  const startProblem = slot ? (checkChosenDate(slot, readDate(raw), studio.timezone) ?? checkOfferedSlot(slot, studio.timezone, offer, nowMs)) : null;
  if (startProblem) errors.start = startProblem;
  const guest = validateGuestForm(raw);
  if (!guest.ok) Object.assign(errors, guest.errors);
  const answers = validateAnswers(raw, questions);
  if (!answers.ok) Object.assign(errors, answers.errors);
  if (!pricing || !slot || !guest.ok || !answers.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { pricing, slot, guest: guest.guest, answers: answers.answers } };
}

function readPricing(raw: unknown, pricing: PricingOption[]): PricingOption | null {
  const id = formField(raw, 'pricing');
  return pricing.find((entry) => entry.id === id) ?? null;
}

/** The slot's start as the form sends it: `YYYY-MM-DDTHH:mm:ss.sssZ`, exactly. */
function readStart(raw: unknown): number | null {
  const value = formField(raw, 'start');
  if (!value || !ISO_INSTANT_PATTERN.test(value)) return null;
  const instant = Date.parse(value);
  return Number.isFinite(instant) && new Date(instant).toISOString() === value ? instant : null;
}

/** The date field of the form (the date chosen above the times), or null when absent or not a date. */
function readDate(raw: unknown): string | null {
  const value = formField(raw, 'date');
  return value && isRealDate(value) ? value : null;
}

/** A start on another date than the one the form shows chosen (the date changed after a time was picked) is refused. */
function checkChosenDate(slot: Interval, chosenDate: string | null, zone: string) {
  return chosenDate !== null && instantToLocal(slot.startsAt, zone).date !== chosenDate ? ('start_other_date' as const) : null;
}

/**
 * Whether the start is one the page could have offered, before asking who else booked: inside a
 * window, on the 15-minute grid, within the horizon ('invalid_start' otherwise, or
 * 'start_not_for_duration' when it would fit another of the instructor's durations), and still
 * ahead ('slot_taken' once it has passed while the student filled the form in).
 */
function checkOfferedSlot(slot: Interval, zone: string, offer: PrivateLessonOffer['offer'], nowMs: number) {
  const offered = (interval: Interval) =>
    isSlotFree(interval, { zone, availability: offer.availability, busy: [], nowMs: Number.NEGATIVE_INFINITY, stepMins: SLOT_STEP_MINS });
  const lastDate = addDays(instantToLocal(nowMs, zone).date, BOOKING_HORIZON_DAYS - 1);
  if (instantToLocal(slot.startsAt, zone).date > lastDate) return 'invalid_start' as const;
  if (!offered(slot)) {
    const fitsAnotherDuration = offer.pricing.some((entry) => offered({ startsAt: slot.startsAt, endsAt: slot.startsAt + entry.durationMins * MINUTE_MS }));
    return fitsAnotherDuration ? ('start_not_for_duration' as const) : ('invalid_start' as const);
  }
  if (slot.startsAt <= nowMs) return 'slot_taken' as const;
  return null;
}

function buildPrivateLessonRequest(
  { studio, offer }: PrivateLessonOffer,
  form: PrivateLessonForm,
  { locale, formatsLocale = null, idempotencyKey, title }: BookingOptions,
  nowMs: number,
): PrivateLessonBookingRequest {
  const instructorName = [offer.person.name, offer.person.lastname].filter(Boolean).join(' ');
  return {
    studioId: studio.id,
    instructorId: offer.person.id,
    pricingId: form.pricing.id,
    startsAt: form.slot.startsAt,
    endsAt: form.slot.endsAt,
    answers: form.answers,
    title: title ?? `Private lesson with ${instructorName}`,
    price: form.pricing.price,
    currency: form.pricing.currency,
    guest: form.guest,
    locale,
    formatsLocale,
    idempotencyKey,
    nowMs,
  };
}

/** The duration and date to show again after a refused submission: those the student had chosen (the date field, else the chosen start's date). */
function selectionOf(raw: unknown, { studio }: PrivateLessonOffer): PrivateLessonSelection {
  const startsAt = readStart(raw);
  const startDate = startsAt === null ? undefined : instantToLocal(startsAt, studio.timezone).date;
  return { pricingId: formField(raw, 'pricing'), date: readDate(raw) ?? startDate };
}

/** Only the person who booked (same first and last name, ignoring case) is shown an existing booking again. */
function isSameGuest(booked: GuestDetails, typed: GuestDetails): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return same(booked.firstName, typed.firstName) && same(booked.lastName, typed.lastName);
}

function isPlausibleAccessToken(token: unknown): token is string {
  return typeof token === 'string' && ACCESS_TOKEN_PATTERN.test(token);
}
