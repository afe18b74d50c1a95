import { InvalidInputError, NotFoundError, GoneError, clipForDetail, type NotFoundCode } from '../errors';
import { danceTypeKey, isDocumentId, isOccurrenceId } from '../ids';
import { parseFromParameter, type FromParameter } from '../time/from-parameter';
import { adjacentWindows, classWindow, eventWindow, type AdjacentWindows } from '../time/windows';
import { BOOKING_HORIZON_DAYS, busySpan, freeLessonTimes, lessonHorizon } from '../booking/lesson-dates';
import type { Slot } from '../booking/slots';
import { addDays } from '../time/calendar';
import { todayIn, wallTimeToInstant } from '../time/zoned-time';
import type { CalendarFeedContent } from '../calendar/feed';
import type { ListingCompletion, PrivateLessonOfferView, PublicCatalogReader, StudioProfileView, WhatToList } from './reader';

/**
 * What a listing endpoint lists, the `from` of the windows before and after it (its `Link` header),
 * and, for one dance type's, the type's name as the studio writes it (the Link names it so, however
 * it was asked for: every spelling shares one answer).
 */
export type Listing = WhatToList & { adjacent: AdjacentWindows | null; typeName?: string };

/** One class or event, by its id, and what completes it (spotsLeft, waitlistOpen). */
export interface OneOccurrence {
  studioId: string;
  classId: string;
  completion: ListingCompletion;
}

/** The free start times of a private lesson in a window, as the booking page offers them. */
export interface LessonSlots {
  studio: StudioProfileView;
  offer: PrivateLessonOfferView;
  /** the pricing entry booked at this length (the first of that duration, in the contract's order) */
  pricing: PrivateLessonOfferView['pricing'][number];
  slots: Slot[];
  adjacent: AdjacentWindows | null;
  /** when the answer stops holding by time alone: the first slot's start (it is no longer free then), or the next local midnight (the horizon moves) */
  validUntil: number;
}

/** Calendar feeds cover the last 2 weeks (what was, for a calendar's history) and the next 12. */
export const CALENDAR_WEEKS_BEHIND = 2;
export const CALENDAR_WEEKS_AHEAD = 12;

const FROM_FORMS = 'from must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:mm, :ss or :ss.sss), optionally followed by Z or ±HH:mm.';
/** `2026-03-23T10:00 01:00`: an offset whose `+` arrived as a space, as a query string reads an unencoded `+`. */
const PLUS_READ_AS_SPACE = /^\d{4}-\d{2}-\d{2}T[\d:.]+ \d{2}:\d{2}$/;

/**
 * The use-cases behind the public endpoints: find the studio, apply the contract's rules
 * (windows, visibility, listing conditions), and hand back records: the studio's records, or for
 * the listings what to list (the HTTP side reads and renders it, http/listing/).
 */
export function createPublicCatalog(reader: PublicCatalogReader, now: () => number = Date.now) {
  async function requireStudio(studioId: string): Promise<StudioProfileView> {
    const studio = isDocumentId(studioId) ? await reader.findStudio(studioId) : null;
    if (!studio) throw new NotFoundError('studio_not_found', `No studio has the id "${clipForDetail(studioId)}".`);
    return studio;
  }

  function requireFrom(raw: unknown): FromParameter {
    const from = parseFromParameter(raw);
    if (!from) {
      // In a query string an unencoded + means a space: say how to send an offset such as +01:00.
      const hint =
        typeof raw === 'string' && PLUS_READ_AS_SPACE.test(raw)
          ? ` The offset's + arrived as a space: in a URL's query a + means a space, so send it as %2B (from=${raw.replace(' ', '%2B')}).`
          : ' An offset such as +01:00 is sent as %2B01:00 (in a URL\'s query a + means a space).';
      throw new InvalidInputError('invalid_from', `${FROM_FORMS}${hint}`);
    }
    return from;
  }

  /** The studio's dance types that `typeName` names (NFC, any case): 404 when none. */
  function requireTypes(studio: StudioProfileView, typeName: string | undefined) {
    if (typeName === undefined) return studio.danceTypes;
    const key = danceTypeKey(typeName);
    const types = studio.danceTypes.filter((candidate) => danceTypeKey(candidate.name) === key);
    if (types.length === 0) throw new NotFoundError('dance_type_not_found', `The studio has no dance type named "${clipForDetail(typeName)}".`);
    return types;
  }

  /** Only visible types are listed: a type that exists but is hidden from the web lists nothing. */
  const visibleKeys = (types: StudioProfileView['danceTypes']) => types.filter((type) => type.isVisibleOnWeb).map((type) => danceTypeKey(type.name));

  return {
    requireStudio,

    async profile(studioId: string): Promise<StudioProfileView> {
      return requireStudio(studioId);
    },

    async instructors(studioId: string) {
      await requireStudio(studioId);
      return reader.listInstructors(studioId);
    },

    async userProfile(userId: string) {
      const person = isDocumentId(userId) ? await reader.findPerson(userId) : null;
      if (!person || !person.publicProfile) throw new NotFoundError('user_not_found', `No public user profile has the id "${clipForDetail(userId)}".`);
      return person;
    },

    async classes(studioId: string, rawFrom: unknown, typeName?: string): Promise<Listing> {
      const from = requireFrom(rawFrom);
      const studio = await requireStudio(studioId);
      const types = requireTypes(studio, typeName);
      const danceTypeKeys = visibleKeys(types);
      const completion = { policy: studio.policies, nowMs: now() };
      const adjacent = adjacentWindows(from, studio.timezone, completion.nowMs, 'classes');
      const window = classWindow(from, studio.timezone, completion.nowMs);
      const named = typeName === undefined ? {} : { typeName: types[0]?.name ?? typeName };
      if (!window || danceTypeKeys.length === 0) return { kind: 'nothing', completion, adjacent, ...named };
      return { kind: 'classes', studioId, window, danceTypeKeys, everyVisibleType: typeName === undefined, completion, adjacent, ...named };
    },

    async events(studioId: string, rawFrom: unknown): Promise<Listing> {
      const from = requireFrom(rawFrom);
      const studio = await requireStudio(studioId);
      const completion = { policy: studio.policies, nowMs: now() };
      const adjacent = adjacentWindows(from, studio.timezone, completion.nowMs, 'events');
      const window = eventWindow(from, studio.timezone, completion.nowMs);
      return window ? { kind: 'events', studioId, window, completion, adjacent } : { kind: 'nothing', completion, adjacent };
    },

    /**
     * One class or event by its id, as the listings show it: 404 for an id no listed class or event
     * has (a class of a type hidden from the web is not listed), 410 for one the studio cancelled.
     */
    async occurrence(classId: string): Promise<OneOccurrence> {
      const notFound = () => new NotFoundError('class_not_found', `No class or event has the id "${clipForDetail(classId)}".`);
      const found = isOccurrenceId(classId) ? await reader.findOccurrenceSummary(classId) : null;
      if (!found) throw notFound();
      const studio = await requireStudio(found.studioId);
      if (found.danceTypeKey !== null && !visibleKeys(studio.danceTypes).includes(found.danceTypeKey)) throw notFound();
      if (found.cancelled) throw new GoneError('class_cancelled', `The class or event "${clipForDetail(classId)}" was cancelled by the studio.`);
      return { studioId: studio.id, classId, completion: { policy: studio.policies, nowMs: now() } };
    },

    async packages(studioId: string) {
      await requireStudio(studioId);
      return reader.listVisiblePackages(studioId);
    },

    /** Only instructors with at least one active availability window and one active pricing entry are listed. */
    async privateLessonInstructors(studioId: string) {
      await requireStudio(studioId);
      const offers = await reader.listPrivateLessonOffers(studioId);
      return offers.filter((offer) => offer.availability.length > 0 && offer.pricing.length > 0);
    },

    /**
     * The free start times of a private lesson of `durationMins` (by default the shortest the
     * instructor offers) in the 7-day window `from` names (its dates, from its start date), as the
     * hosted page offers them: the same rule (`freeLessonTimes`), within the same booking horizon.
     */
    async privateLessonSlots(studioId: string, instructorId: string, rawFrom: unknown, rawDuration: unknown): Promise<LessonSlots> {
      const from = requireFrom(rawFrom);
      const studio = await requireStudio(studioId);
      const offer = (await reader.listPrivateLessonOffers(studioId)).find((candidate) => candidate.person.id === instructorId);
      if (!offer || offer.availability.length === 0 || offer.pricing.length === 0) {
        throw new NotFoundError('instructor_not_found', `The studio lists no private lesson instructor with the id "${clipForDetail(instructorId)}".`);
      }
      const pricing = requireDuration(rawDuration, offer);
      const zone = studio.timezone;
      const nowMs = now();
      const adjacent = adjacentWindows(from, zone, nowMs, 'events');
      const window = eventWindow(from, zone, nowMs);
      const nextMidnight = wallTimeToInstant(addDays(todayIn(zone, nowMs), 1), '00:00', zone);
      const horizon = lessonHorizon(zone, nowMs, BOOKING_HORIZON_DAYS);
      if (!window || window.untilDate <= horizon.first || window.fromDate > horizon.last) {
        return { studio, offer, pricing, slots: [], adjacent, validUntil: nextMidnight };
      }
      // Only the window's dates of the horizon, and only their busy intervals: a week, not four.
      const windowLast = addDays(window.untilDate, -1);
      const within = { first: window.fromDate > horizon.first ? window.fromDate : horizon.first, last: windowLast < horizon.last ? windowLast : horizon.last };
      const span = busySpan(zone, within);
      const busy = await reader.busyIntervals(studioId, instructorId, span.fromMs, span.untilMs);
      const free = freeLessonTimes({ zone, nowMs, availability: offer.availability, busy, durationMins: pricing.durationMins }, within);
      const slots = [...free.values()].flat();
      return { studio, offer, pricing, slots, adjacent, validUntil: Math.min(nextMidnight, slots[0]?.startsAt ?? Infinity) };
    },

    async privateLessonQuestions(studioId: string) {
      await requireStudio(studioId);
      return reader.listActiveQuestions(studioId);
    },

    /**
     * A calendar feed's classes and events: from 2 weeks before today to 12 weeks after (studio-local
     * dates), cancelled ones included (calendars show them cancelled), of every visible dance type
     * and the events, or of one dance type (`type`), or only those one person teaches or hosts
     * (`instructor`, a person id).
     */
    async calendar(studioId: string, filter: { type?: unknown; instructor?: unknown }): Promise<CalendarFeedContent> {
      const studio = await requireStudio(studioId);
      const typeName = singleValue(filter.type, 'type', 'dance_type_not_found');
      const instructorId = singleValue(filter.instructor, 'instructor', 'instructor_not_found');
      const types = requireTypes(studio, typeName);
      let instructor: CalendarFeedContent['instructor'] = null;
      if (instructorId !== undefined) {
        // Whoever the listings name as a class's instructor or an event's host: a host need not be one of the studio's instructors.
        const person = isDocumentId(instructorId) ? await reader.findTeacherOrHost(studioId, instructorId) : null;
        if (!person) throw new NotFoundError('instructor_not_found', `The studio has no instructor or host with the id "${clipForDetail(instructorId)}".`);
        instructor = { id: person.id, name: person.name, lastname: person.lastname };
      }
      const zone = studio.timezone;
      const today = todayIn(zone, now());
      const window = {
        fromMs: wallTimeToInstant(addDays(today, -7 * CALENDAR_WEEKS_BEHIND), '00:00', zone),
        untilMs: wallTimeToInstant(addDays(today, 7 * CALENDAR_WEEKS_AHEAD), '00:00', zone),
      };
      const occurrences = await reader.listCalendarOccurrences(studioId, window, { danceTypeKeys: visibleKeys(types), events: typeName === undefined, instructorId });
      return { studio, occurrences, danceType: typeName === undefined ? null : (types[0]?.name ?? null), instructor };
    },
  };
}

/** `durationMins`: one of the instructor's durations (the shortest when absent); 400 invalid_duration otherwise. */
function requireDuration(raw: unknown, offer: PrivateLessonOfferView): PrivateLessonOfferView['pricing'][number] {
  const durations = [...new Set(offer.pricing.map((entry) => entry.durationMins))];
  if (raw === undefined || raw === '') return offer.pricing[0] as PrivateLessonOfferView['pricing'][number];
  const wanted = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  const pricing = offer.pricing.find((entry) => entry.durationMins === wanted);
  if (!pricing) throw new InvalidInputError('invalid_duration', `durationMins must be one of this instructor's lesson lengths in minutes: ${durations.join(', ')}.`);
  return pricing;
}

/** A feed's filter, given once: given more than once it names no one type or person (404 with `code`, saying so). */
function singleValue(value: unknown, name: 'type' | 'instructor', code: NotFoundCode): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') return value;
  const times = Array.isArray(value) ? `${value.length} times` : 'more than once';
  throw new NotFoundError(code, `${name} is given ${times}: a feed is of one ${name === 'type' ? 'dance type' : 'instructor or host'} at most.`);
}

export type PublicCatalog = ReturnType<typeof createPublicCatalog>;
