import { addDays, isRealDate, weekdayIndex } from '../time/calendar';
import { instantToLocal, wallTimeToInstant } from '../time/zoned-time';
import type { Interval } from './types';

/**
 * The free start times of a private lesson (decisions.md, "Hosted pages"): a slot lies wholly inside
 * an active availability window of that weekday (studio-local), starts in the future, and overlaps
 * no busy interval (half-open: a slot may end exactly when a class starts). Candidate starts follow
 * each other every `stepMins` of real time from the window's start; a window's ends are wall-clock
 * times turned into instants with `wallTimeToInstant`, so on the spring-forward night a 01:00–04:00
 * window lasts two real hours, and on the fall-back night four.
 */

const MINUTE_MS = 60_000;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The private lesson page offers a start every 15 minutes of real time from a window's start. */
export const SLOT_STEP_MINS = 15;

/** An instructor's weekly window, studio-local; `active: false` windows are ignored. */
export interface AvailabilityWindow {
  id: string;
  /** 0 = Sunday … 6 = Saturday */
  dayOfWeek: number;
  /** `HH:MM` */
  startTime: string;
  /** `HH:MM`, after startTime */
  endTime: string;
  active?: boolean;
}

export interface Slot {
  startsAt: number;
  endsAt: number;
  /** `HH:MM` in the studio's zone (on the fall-back night the same text can start two slots) */
  localStartTime: string;
  localEndTime: string;
}

export interface FreeSlotQuery {
  zone: string;
  /** studio-local `YYYY-MM-DD` */
  date: string;
  durationMins: number;
  availability: readonly AvailabilityWindow[];
  busy: readonly Interval[];
  nowMs: number;
  stepMins?: number;
}

export function computeFreeSlots({ zone, date, durationMins, availability, busy, nowMs, stepMins = SLOT_STEP_MINS }: FreeSlotQuery): Slot[] {
  if (!isRealDate(date) || !isPositiveWholeNumber(durationMins) || !isPositiveWholeNumber(stepMins)) return [];
  const durationMs = durationMins * MINUTE_MS;
  const starts = new Set<number>();
  for (const window of windowsOn(date, availability)) {
    const { startMs, endMs } = windowInstants(date, window, zone);
    for (let start = startMs; start + durationMs <= endMs; start += stepMins * MINUTE_MS) {
      if (start > nowMs && !overlapsAny({ startsAt: start, endsAt: start + durationMs }, busy)) starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => toSlot(start, start + durationMs, zone));
}

export interface SlotCheckContext {
  zone: string;
  availability: readonly AvailabilityWindow[];
  busy: readonly Interval[];
  nowMs: number;
  stepMins?: number;
}

/** Whether the interval is exactly one of the free slots of its studio-local date for its length. */
export function isSlotFree(slot: Interval, { zone, availability, busy, nowMs, stepMins = SLOT_STEP_MINS }: SlotCheckContext): boolean {
  const durationMs = slot.endsAt - slot.startsAt;
  if (!Number.isFinite(slot.startsAt) || durationMs <= 0 || durationMs % MINUTE_MS !== 0) return false;
  const date = instantToLocal(slot.startsAt, zone).date;
  return computeFreeSlots({ zone, date, durationMins: durationMs / MINUTE_MS, availability, busy, nowMs, stepMins }).some(
    (free) => free.startsAt === slot.startsAt && free.endsAt === slot.endsAt,
  );
}

/**
 * Studio-local dates, from today, on whose weekday the instructor has an active window. Today is
 * left out once every one of its windows has ended.
 */
export function bookableDates(zone: string, nowMs: number, availability: readonly AvailabilityWindow[], days = 28): string[] {
  const today = instantToLocal(nowMs, zone).date;
  const dates: string[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(today, offset);
    const windows = windowsOn(date, availability);
    const stillOpen = offset > 0 || windows.some((window) => windowInstants(date, window, zone).endMs > nowMs);
    if (windows.length > 0 && stillOpen) dates.push(date);
  }
  return dates;
}

function windowsOn(date: string, availability: readonly AvailabilityWindow[]): AvailabilityWindow[] {
  const weekday = weekdayIndex(date);
  return availability.filter(
    (window) => window.active !== false && window.dayOfWeek === weekday && TIME_PATTERN.test(window.startTime) && TIME_PATTERN.test(window.endTime),
  );
}

function windowInstants(date: string, window: AvailabilityWindow, zone: string): { startMs: number; endMs: number } {
  return { startMs: wallTimeToInstant(date, window.startTime, zone), endMs: wallTimeToInstant(date, window.endTime, zone) };
}

function overlapsAny(slot: Interval, busy: readonly Interval[]): boolean {
  return busy.some((interval) => interval.startsAt < slot.endsAt && interval.endsAt > slot.startsAt);
}

function toSlot(startsAt: number, endsAt: number, zone: string): Slot {
  return { startsAt, endsAt, localStartTime: instantToLocal(startsAt, zone).time, localEndTime: instantToLocal(endsAt, zone).time };
}

function isPositiveWholeNumber(value: number): boolean {
  return Number.isInteger(value) && value > 0;
}
