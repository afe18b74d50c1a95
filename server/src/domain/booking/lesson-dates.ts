import { addDays, isRealDate } from '../time/calendar';
import { instantToLocal, wallTimeToInstant } from '../time/zoned-time';
import { SLOT_STEP_MINS, bookableDates, computeFreeSlots, type AvailabilityWindow, type Slot } from './slots';
import type { Interval } from './types';

/**
 * The dates a student can choose on the private lesson page: only those with at least one free
 * slot for the chosen duration, so no date is offered that turns out empty once chosen.
 */

export interface LessonDatesQuery {
  zone: string;
  nowMs: number;
  availability: readonly AvailabilityWindow[];
  /** the instructor's busy intervals over the whole horizon */
  busy: readonly Interval[];
  durationMins: number;
  /** how many days from today, today included */
  days: number;
  stepMins: number;
}

/** How far ahead private lessons can be booked: the page offers these days, from today, and so does the API's slots endpoint. */
export const BOOKING_HORIZON_DAYS = 28;

/** Studio-local dates from `first` to `last`, both included. */
export interface DateSpan {
  first: string;
  last: string;
}

/**
 * The free times of a private lesson over the booking horizon, by date: what the private lesson
 * page offers and what the API's slots endpoint lists (one rule, `computeFreeSlots`). `within`
 * keeps only the horizon's dates in that span (the API's week: a quarter of the work, and of the
 * busy intervals to read). `busy` must cover `busySpan` of `within`, or `horizonBusySpan`.
 */
export function freeLessonTimes(query: Omit<LessonDatesQuery, 'days' | 'stepMins'>, within?: DateSpan): Map<string, Slot[]> {
  return freeSlotsByDate({ ...query, days: BOOKING_HORIZON_DAYS, stepMins: SLOT_STEP_MINS }, within);
}

/** The instants whose busy intervals the free times of those dates depend on: the dates and a day either side. */
export function busySpan(zone: string, { first, last }: DateSpan): { fromMs: number; untilMs: number } {
  return { fromMs: wallTimeToInstant(addDays(first, -1), '00:00', zone), untilMs: wallTimeToInstant(addDays(last, 2), '00:00', zone) };
}

/** The instants whose busy intervals the horizon's free times depend on. */
export function horizonBusySpan(zone: string, nowMs: number): { fromMs: number; untilMs: number } {
  return busySpan(zone, lessonHorizon(zone, nowMs, BOOKING_HORIZON_DAYS));
}

/** The studio-local dates the horizon covers: from today to its last day, both included. */
export function lessonHorizon(zone: string, nowMs: number, days: number): DateSpan {
  const first = instantToLocal(nowMs, zone).date;
  return { first, last: addDays(first, days - 1) };
}

/** The free slots of each date of the horizon (within `within`, when given) that has at least one, in date order. */
export function freeSlotsByDate({ zone, nowMs, availability, busy, durationMins, days, stepMins }: LessonDatesQuery, within?: DateSpan): Map<string, Slot[]> {
  const found = new Map<string, Slot[]>();
  for (const date of bookableDates(zone, nowMs, availability, days)) {
    if (within && (date < within.first || date > within.last)) continue;
    const slots = computeFreeSlots({ zone, date, durationMins, availability, busy, nowMs, stepMins });
    if (slots.length > 0) found.set(date, slots);
  }
  return found;
}

export interface LessonDateChoice {
  /** the date whose free times the page shows; null when no date has any */
  selectedDate: string | null;
  /** the date asked for, when it lies in the horizon and has no free time: the page says so */
  unavailableDate: string | null;
}

/**
 * The date the page shows: the one asked for when it has free time. Otherwise the next date that
 * has (or the first one, when none comes after it), and a date asked for within the horizon is
 * named as having none: an old link, the last time just taken, or a longer duration that no longer
 * fits that day. Anything else asked for (no date, a past one, nonsense) quietly gives the first.
 */
export function chooseLessonDate(requested: unknown, freeDates: readonly string[], horizon: DateSpan): LessonDateChoice {
  const asked = typeof requested === 'string' && isRealDate(requested) ? requested : null;
  if (asked !== null && freeDates.includes(asked)) return { selectedDate: asked, unavailableDate: null };
  const inHorizon = asked !== null && asked >= horizon.first && asked <= horizon.last;
  const next = inHorizon ? freeDates.find((date) => date > asked) : undefined;
  return { selectedDate: next ?? freeDates[0] ?? null, unavailableDate: inHorizon ? asked : null };
}
