import type { BookingStatus } from '../booking/types';
import { InvalidInputError } from '../errors';
import { isDocumentId, isOccurrenceId } from '../ids';
import { dateToUtcMidnight } from '../time/calendar';
import { parseFromParameter } from '../time/from-parameter';
import { wallTimeToInstant } from '../time/zoned-time';

/**
 * The studio's bookings query (studio-api.md): `from` and `to` bound the start instant (`from`
 * inclusive, `to` exclusive), in the forms the public API's `from` takes (a date, or a date-time
 * without an offset, is read in the studio's zone); `status`, `classId`, `instructorId` filter;
 * `limit` (1 to 500, default 100) and `cursor` (the last answer's `next`) page through them, newest
 * change first.
 */

export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'waiting'] as const;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export interface BookingFilters {
  fromMs: number | null;
  toMs: number | null;
  status: BookingStatus | null;
  classId: string | null;
  /** a private lesson with this instructor, or a class or event this instructor teaches or hosts */
  instructorId: string | null;
}

/** Where a page starts: after this booking, in the order of the list (its last change, then its id, both descending). */
export interface BookingCursor {
  updatedAt: number;
  id: string;
}

export interface BookingQuery {
  filters: BookingFilters;
  /** null: no `limit` given (the CSV export then streams every row) */
  limit: number | null;
  after: BookingCursor | null;
}

const QUERY_NAMES = new Set(['from', 'to', 'status', 'classId', 'instructorId', 'limit', 'cursor']);

const invalid = (detail: string) => new InvalidInputError('invalid_parameter', detail);

/** Reads the query of `GET bookings`; anything unusable is `400 invalid_parameter`, saying which and why. */
export function parseBookingQuery(query: Record<string, unknown>, zone: string): BookingQuery {
  for (const name of Object.keys(query)) if (!QUERY_NAMES.has(name)) throw invalid(`Unknown query parameter "${name.slice(0, 40)}": the bookings take ${[...QUERY_NAMES].join(', ')}.`);
  for (const [name, value] of Object.entries(query)) if (typeof value !== 'string') throw invalid(`${name.slice(0, 40)} is given more than once.`);
  const text = (name: string) => (query[name] === undefined || query[name] === '' ? null : (query[name] as string));

  const status = text('status');
  if (status !== null && !(BOOKING_STATUSES as readonly string[]).includes(status)) throw invalid(`status must be one of ${BOOKING_STATUSES.join(', ')}.`);
  const classId = text('classId');
  if (classId !== null && !isOccurrenceId(classId)) throw invalid('classId is not a class or event id.');
  const instructorId = text('instructorId');
  if (instructorId !== null && !isDocumentId(instructorId)) throw invalid('instructorId is not a person id.');

  const limitText = text('limit');
  let limit: number | null = null;
  if (limitText !== null) {
    limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
    if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) throw invalid(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  }
  const cursorText = text('cursor');
  const fromMs = instantOf('from', text('from'), zone);
  const toMs = instantOf('to', text('to'), zone);
  return { filters: { fromMs, toMs, status: status as BookingStatus | null, classId, instructorId }, limit, after: cursorText === null ? null : readCursor(cursorText) };
}

function instantOf(name: string, value: string | null, zone: string): number | null {
  if (value === null) return null;
  const parsed = parseFromParameter(value);
  if (parsed === null || parsed.kind === 'absent') {
    throw invalid(`${name} must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:mm, :ss or :ss.sss), optionally followed by Z or ±HH:mm.`);
  }
  if (parsed.kind === 'local') return wallTimeToInstant(parsed.date, parsed.time, zone);
  const [hours, minutes, seconds] = parsed.time.split(':').map(Number) as [number, number, number];
  return dateToUtcMidnight(parsed.date) + Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000) - parsed.offsetMinutes * 60_000;
}

/** The opaque `next` of an answer: where the following page starts. */
export function writeCursor(cursor: BookingCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.id]), 'utf8').toString('base64url');
}

function readCursor(text: string): BookingCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === 'string' && value[1].length <= 64) {
      return { updatedAt: value[0] as number, id: value[1] };
    }
  } catch {
    // answered below
  }
  throw invalid('cursor is not one this API gave: pass the `next` of the previous answer as it is.');
}
