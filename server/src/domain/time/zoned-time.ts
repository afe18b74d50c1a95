import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { dateToUtcMidnight, formatUtcDate } from './calendar';
import { WEEKDAY_NAMES } from './weekdays';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Conversions between instants and a studio's wall clock. dayjs (utc + timezone) reads the zone's
 * offset at an instant; turning a wall-clock time back into an instant is done here because
 * `dayjs.tz(string, zone)` picks the later instant of a repeated hour, and a class at 01:30 on the
 * night clocks go back happens the first time 01:30 comes round. Gaps resolve forward (02:30 on the
 * spring-forward night is 03:30), the "compatible" rule of RFC 5545 and Temporal.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface LocalDateTime {
  /** `YYYY-MM-DD` in the zone */
  date: string;
  /** `HH:MM` in the zone */
  time: string;
  /** lower-case English weekday name */
  dayOfWeek: string;
}

export function isKnownTimeZone(zone: string): boolean {
  if (!zone.includes('/') && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC in minutes at an instant. */
export function offsetMinutesAt(instantMs: number, zone: string): number {
  return dayjs.utc(instantMs).tz(zone).utcOffset();
}

/**
 * The instant at which the zone's clocks show `date` `time` (`HH:MM`, `HH:MM:SS` or `HH:MM:SS.sss`).
 * Ambiguous times take the earlier instant; times skipped by a DST gap move forward by the gap.
 */
export function wallTimeToInstant(date: string, time: string, zone: string): number {
  const wallAsUtc = dateToUtcMidnight(date) + timeToMs(time);
  // The offsets in force a little before and after cover both sides of any transition near this time.
  const offsetBefore = offsetMinutesAt(wallAsUtc - 36 * HOUR_MS, zone);
  const offsetAfter = offsetMinutesAt(wallAsUtc + 36 * HOUR_MS, zone);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((instant) => instant - wallAsUtc === -offsetMinutesAt(instant, zone) * MINUTE_MS)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0] as number;
  // In a gap: read the wall time with the offset from before the transition.
  return wallAsUtc - offsetBefore * MINUTE_MS;
}

export function instantToLocal(instantMs: number, zone: string): LocalDateTime {
  const local = instantMs + offsetMinutesAt(instantMs, zone) * MINUTE_MS;
  const value = new Date(local);
  return {
    date: formatUtcDate(local),
    time: `${String(value.getUTCHours()).padStart(2, '0')}:${String(value.getUTCMinutes()).padStart(2, '0')}`,
    dayOfWeek: WEEKDAY_NAMES[value.getUTCDay()] as string,
  };
}

export function todayIn(zone: string, nowMs: number): string {
  return instantToLocal(nowMs, zone).date;
}

function timeToMs(time: string): number {
  const [hours, minutes, seconds = '0'] = time.split(':') as [string, string, string?];
  return Number(hours) * HOUR_MS + Number(minutes) * MINUTE_MS + Math.round(Number(seconds) * 1000);
}
