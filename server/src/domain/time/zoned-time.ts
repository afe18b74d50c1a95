import { dateToUtcMidnight, formatUtcDate } from './calendar';
import { WEEKDAY_NAMES } from './weekdays';

/**
 * Conversions between instants and a studio's wall clock, on the IANA database that ships with
 * Node (Intl). dayjs's timezone plugin gives the same offsets (the tests use it as the oracle) but
 * costs ~140 µs a call, builds a new formatter each time and reads years below 100 as 19xx; an import
 * of a year of classes makes hundreds of thousands of these calls, so the offset is read here from
 * one cached formatter per zone (~2 µs).
 *
 * Turning a wall-clock time back into an instant follows the "compatible" rule of RFC 5545 and
 * Temporal: a time that happens twice (the night clocks go back) is the first one, and a time skipped
 * by a DST gap moves forward by the gap (02:30 on the spring-forward night is 03:30).
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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * Offsets change a few times a year, so they are remembered per zone at the edges of 6-hour spans:
 * when a span starts and ends with the same offset, every instant in it has that offset (no zone
 * changes its clocks twice within six hours); otherwise the instant is looked up exactly.
 */
const SPAN_MS = 6 * 3_600_000;
const MAX_REMEMBERED_SPANS = 100_000;
const spanEdges = new Map<string, Map<number, number>>();

function offsetAtSpanEdge(span: number, zone: string): number {
  let edges = spanEdges.get(zone);
  if (!edges) spanEdges.set(zone, (edges = new Map()));
  let offset = edges.get(span);
  if (offset === undefined) {
    if (edges.size >= MAX_REMEMBERED_SPANS) edges.clear();
    offset = exactOffsetMinutesAt(span * SPAN_MS, zone);
    edges.set(span, offset);
  }
  return offset;
}

/** The zone's offset from UTC in whole minutes at an instant. */
export function offsetMinutesAt(instantMs: number, zone: string): number {
  const span = Math.floor(instantMs / SPAN_MS);
  const atStart = offsetAtSpanEdge(span, zone);
  return atStart === offsetAtSpanEdge(span + 1, zone) ? atStart : exactOffsetMinutesAt(instantMs, zone);
}

/**
 * Whether the zone keeps one offset from `startMs` to `endMs` (both included): no clock change in
 * between. Read at the 6-hour span edges, which holds for the same reason as above.
 */
export function hasOneOffsetBetween(startMs: number, endMs: number, zone: string): boolean {
  const first = offsetAtSpanEdge(Math.floor(startMs / SPAN_MS), zone);
  for (let span = Math.floor(startMs / SPAN_MS) + 1; span <= Math.floor(endMs / SPAN_MS) + 1; span++) {
    if (offsetAtSpanEdge(span, zone) !== first) return false;
  }
  return true;
}

function exactOffsetMinutesAt(instantMs: number, zone: string): number {
  const fields: Record<string, number> = {};
  let beforeCommonEra = false;
  for (const part of formatterFor(zone).formatToParts(instantMs)) {
    if (part.type === 'era') beforeCommonEra = part.value === 'BC' || part.value === 'B';
    else if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = new Date(Date.UTC(2000, (fields.month ?? 1) - 1, fields.day ?? 1, fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0));
  wall.setUTCFullYear(beforeCommonEra ? 1 - (fields.year ?? 0) : (fields.year ?? 0));
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  return Math.round((wall.getTime() - wholeSeconds) / MINUTE_MS);
}

/**
 * The instant at which the zone's clocks show `date` `time` (`HH:MM`, `HH:MM:SS` or `HH:MM:SS.sss`).
 * Ambiguous times take the earlier instant; times skipped by a DST gap move forward by the gap.
 */
export function wallTimeToInstant(date: string, time: string, zone: string): number {
  const wallAsUtc = dateToUtcMidnight(date) + timeToMs(time);
  const candidates = instantsShowing(wallAsUtc, zone);
  if (candidates.length > 0) return candidates[0] as number;
  // In a gap: read the wall time with the offset from before the transition.
  return wallAsUtc - offsetMinutesAt(wallAsUtc - 36 * HOUR_MS, zone) * MINUTE_MS;
}

/**
 * Whether the zone's clocks show the instant's wall-clock time only once (`once`), or twice — the
 * night they go back — and this is the `first` (still summer time) or the `second` of the two.
 * A time written without an offset means the first, so the second needs saying.
 */
export function wallClockRepeat(instantMs: number, zone: string): 'once' | 'first' | 'second' {
  const wallAsUtc = instantMs + offsetMinutesAt(instantMs, zone) * MINUTE_MS;
  const candidates = instantsShowing(wallAsUtc, zone);
  if (candidates.length < 2) return 'once';
  return instantMs === candidates[0] ? 'first' : 'second';
}

/** The instants, earliest first, at which the zone's clocks show the wall time (given as if it were UTC): none in a gap, two in a repeated hour. */
function instantsShowing(wallAsUtc: number, zone: string): number[] {
  // The offsets in force a little before and after cover both sides of any transition near this time.
  const offsetBefore = offsetMinutesAt(wallAsUtc - 36 * HOUR_MS, zone);
  const offsetAfter = offsetMinutesAt(wallAsUtc + 36 * HOUR_MS, zone);
  return [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((instant) => instant - wallAsUtc === -offsetMinutesAt(instant, zone) * MINUTE_MS)
    .sort((a, b) => a - b);
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

const todayByZone = new Map<string, { date: string; validUntil: number }>();

/** Today's date in the zone. Asked on every cached request, so it is remembered until the next minute starts. */
export function todayIn(zone: string, nowMs: number): string {
  const known = todayByZone.get(zone);
  if (known && nowMs < known.validUntil && nowMs >= known.validUntil - MINUTE_MS) return known.date;
  const date = instantToLocal(nowMs, zone).date;
  todayByZone.set(zone, { date, validUntil: Math.floor(nowMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS });
  return date;
}

function timeToMs(time: string): number {
  const [hours, minutes, seconds = '0'] = time.split(':') as [string, string, string?];
  return Number(hours) * HOUR_MS + Number(minutes) * MINUTE_MS + Math.round(Number(seconds) * 1000);
}
