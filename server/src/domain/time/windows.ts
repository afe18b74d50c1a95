import { FIRST_SCHEDULABLE_YEAR, LAST_SCHEDULABLE_YEAR, addDays, dateToUtcMidnight } from './calendar';
import type { FromParameter } from './from-parameter';
import { hasOneOffsetBetween, instantToLocal, todayIn, wallTimeToInstant } from './zoned-time';

/**
 * The 7-day windows of the listings (decisions.md, "Windows and time zones").
 * Classes: start instants from the window start (inclusive) to the same wall-clock time 7 calendar
 * days later in the studio's zone (exclusive), so a week across a DST change lasts 167 or 169 hours.
 * Events: studio-local dates from D (inclusive) to D + 7 days (exclusive).
 */

const WINDOW_DAYS = 7;

export interface InstantWindow {
  startMs: number;
  endMs: number;
}

/**
 * A class window, and the same window as studio-local dates when it is exactly whole days: it
 * starts at midnight and the zone's offset does not change within it. The classes in it are then
 * exactly those whose local date is in `wholeDays`, and the listing can be read by day.
 */
export interface ClassWindow extends InstantWindow {
  wholeDays: DateWindow | null;
}

export interface DateWindow {
  /** first studio-local date, inclusive */
  fromDate: string;
  /** studio-local date, exclusive */
  untilDate: string;
}

/** The window's start as a wall-clock date and time in the studio's zone. */
function windowStartWallTime(from: FromParameter, zone: string, nowMs: number): { date: string; time: string } {
  switch (from.kind) {
    case 'absent':
      return { date: todayIn(zone, nowMs), time: '00:00' };
    case 'local':
      return { date: from.date, time: from.time };
    case 'instant': {
      const instant = dateToUtcMidnight(from.date) + timeOfDayMs(from.time) - from.offsetMinutes * 60_000;
      const local = instantToLocal(instant, zone);
      const seconds = new Date(instant).toISOString().slice(17, 23);
      return { date: local.date, time: `${local.time}:${seconds}` };
    }
  }
}

/** Windows far outside the years a schedule may use hold nothing; they are answered without zone arithmetic. */
function isOutsideSchedulableYears(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return year < FIRST_SCHEDULABLE_YEAR - 1 || year > LAST_SCHEDULABLE_YEAR;
}

export function classWindow(from: FromParameter, zone: string, nowMs: number): ClassWindow | null {
  if (from.kind !== 'absent' && isOutsideSchedulableYears(from.date)) return null;
  const start = windowStartWallTime(from, zone, nowMs);
  if (isOutsideSchedulableYears(start.date)) return null;
  const endMs = wallTimeToInstant(addDays(start.date, WINDOW_DAYS), start.time, zone);
  if (from.kind === 'instant') {
    return { startMs: dateToUtcMidnight(from.date) + timeOfDayMs(from.time) - from.offsetMinutes * 60_000, endMs, wholeDays: null };
  }
  const startMs = wallTimeToInstant(start.date, start.time, zone);
  // With one offset throughout, local midnight happens once each day and local dates only go forward.
  const wholeDays = isMidnight(start.time) && hasOneOffsetBetween(startMs, endMs, zone) ? { fromDate: start.date, untilDate: addDays(start.date, WINDOW_DAYS) } : null;
  return { startMs, endMs, wholeDays };
}

export function eventWindow(from: FromParameter, zone: string, nowMs: number): DateWindow | null {
  if (from.kind !== 'absent' && isOutsideSchedulableYears(from.date)) return null;
  const start = windowStartWallTime(from, zone, nowMs);
  if (isOutsideSchedulableYears(start.date)) return null;
  return { fromDate: start.date, untilDate: addDays(start.date, WINDOW_DAYS) };
}

/** `00:00` (no `from`) or `00:00:00.000` (a `from` date, or a date-time at midnight). */
const isMidnight = (time: string) => /^00:00(?::00(?:\.0+)?)?$/.test(time);

function timeOfDayMs(time: string): number {
  const [hours, minutes, seconds] = time.split(':').map(Number) as [number, number, number];
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/** The `from` of the windows just before and just after a listing's window: what its `Link` header names. */
export interface AdjacentWindows {
  previous: string;
  next: string;
}

/**
 * The windows before and after the one `from` names, as `from` values in the studio's wall-clock
 * time (no offset, so a link never carries a `+`): the same wall-clock time 7 days earlier and
 * later, a date alone when the window starts at midnight (always, for events, whose windows are
 * dates). Null for a window far outside the years a schedule may use (it lists nothing).
 */
export function adjacentWindows(from: FromParameter, zone: string, nowMs: number, kind: 'classes' | 'events'): AdjacentWindows | null {
  if (from.kind !== 'absent' && isOutsideSchedulableYears(from.date)) return null;
  const start = windowStartWallTime(from, zone, nowMs);
  if (isOutsideSchedulableYears(start.date)) return null;
  const time = kind === 'events' || isMidnight(start.time) ? '' : `T${shortestTime(start.time)}`;
  return { previous: `${addDays(start.date, -WINDOW_DAYS)}${time}`, next: `${addDays(start.date, WINDOW_DAYS)}${time}` };
}

/** `HH:mm`, `HH:mm:ss` or `HH:mm:ss.sss`, whichever says the time whole. */
function shortestTime(time: string): string {
  return time.replace(/\.0+$/, '').replace(/^(\d{2}:\d{2}):00$/, '$1');
}
