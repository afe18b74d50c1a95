import type { StudioClass, Weekday } from './types.js';

const DAY_MS = 86_400_000;
const WEEKDAYS: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A window start for `?from=`: a `Date` is sent as its instant (`…Z`), a string as written (the server validates it). */
export function fromParameter(from: Date | string): string {
  if (typeof from === 'string') return from;
  if (Number.isNaN(from.getTime())) throw new RangeError('from: the Date is invalid');
  return from.toISOString();
}

/** An event's `YYYY-MM-DD` as midnight UTC of that date, as the contract says client libraries read it. */
export function dateAtMidnightUtc(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/**
 * The studio-local date of a class, as midnight UTC of that date (like an event's `date`), without
 * knowing the studio's zone: the local date is the UTC date or a day either side (offsets stay
 * within ±14 hours), and of those three only one has the class's local `dayOfWeek`.
 */
export function classLocalDate(studioClass: Pick<StudioClass, 'date' | 'dayOfWeek'>): Date {
  const utcMidnight = Math.floor(studioClass.date.getTime() / DAY_MS) * DAY_MS;
  for (const shift of [0, -1, 1]) {
    const candidate = new Date(utcMidnight + shift * DAY_MS);
    if (WEEKDAYS[candidate.getUTCDay()] === studioClass.dayOfWeek) return candidate;
  }
  return new Date(utcMidnight);
}
