/**
 * Plain calendar arithmetic on `YYYY-MM-DD` strings, free of any time zone: a studio-local date
 * plus seven days is a calendar fact, not an instant computation.
 */

const DAY_MS = 86_400_000;

/**
 * The years a schedule may use: dates outside them are almost surely typos. The import refuses
 * them, and the listings answer windows far outside them as empty, which bounds every window
 * computation.
 */
export const FIRST_SCHEDULABLE_YEAR = 1970;
export const LAST_SCHEDULABLE_YEAR = 2999;

/** Milliseconds of 00:00 UTC on the date; years below 100 are kept as written (Date.UTC would add 1900). */
export function dateToUtcMidnight(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const value = new Date(Date.UTC(2000, month - 1, day));
  value.setUTCFullYear(year);
  return value.getTime();
}

export function formatUtcDate(ms: number): string {
  const value = new Date(ms);
  const year = value.getUTCFullYear();
  const yearText = year < 0 ? `-${String(-year).padStart(6, '0')}` : year > 9999 ? `+${String(year).padStart(6, '0')}` : String(year).padStart(4, '0');
  return `${yearText}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
}

export function isRealDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return formatUtcDate(dateToUtcMidnight(date)) === date;
}

export function addDays(date: string, days: number): string {
  return formatUtcDate(dateToUtcMidnight(date) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, as in the contract's availability windows. */
export function weekdayIndex(date: string): number {
  return new Date(dateToUtcMidnight(date)).getUTCDay();
}

export function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
