import type { BookingStatus } from '../booking/types';
import { InvalidInputError, type BodyProblem } from '../errors';
import { isDocumentId, isOccurrenceId } from '../ids';
import { dateToUtcMidnight } from '../time/calendar';
import { parseFromParameter } from '../time/from-parameter';
import { wallTimeToInstant } from '../time/zoned-time';
import { parseBookingSearch, type BookingSearch } from './booking-search';

/**
 * The studio's bookings query (studio-api.md): `from` and `to` bound the start instant (`from`
 * inclusive, `to` exclusive), in the forms the public API's `from` takes (a date, or a date-time
 * without an offset, is read in the studio's zone); `status`, `classId`, `instructorId` filter, and
 * `q` finds by name, email or reference (booking-search.ts);
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
  /** `q`: a reference or its beginning, or words in the guest's names, email or reference */
  search: BookingSearch | null;
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

const QUERY_NAMES = ['from', 'to', 'status', 'classId', 'instructorId', 'q', 'limit', 'cursor'];

/**
 * Reads the query of `GET bookings`. Anything unusable is `400 invalid_parameter`, every parameter
 * that is wrong listed in `errors` (`{ path: "limit", message: … }`); the detail names the first.
 */
export function parseBookingQuery(query: Record<string, unknown>, zone: string): BookingQuery {
  const problems: BodyProblem[] = [];
  const problem = (path: string, message: string) => void problems.push({ path: path.slice(0, 40), message });
  for (const name of Object.keys(query)) if (!QUERY_NAMES.includes(name)) problem(name, `is not a parameter of the bookings, which take ${QUERY_NAMES.join(', ')}`);
  const text = (name: string): string | null => {
    const value = query[name];
    if (value === undefined || value === '') return null;
    if (typeof value === 'string') return value;
    problem(name, 'is given more than once');
    return null;
  };

  const status = text('status');
  if (status !== null && !(BOOKING_STATUSES as readonly string[]).includes(status)) problem('status', `must be one of ${BOOKING_STATUSES.join(', ')}`);
  const classId = text('classId');
  if (classId !== null && !isOccurrenceId(classId)) problem('classId', 'is not a class or event id');
  const instructorId = text('instructorId');
  if (instructorId !== null && !isDocumentId(instructorId)) problem('instructorId', 'is not a person id');
  const searchText = text('q');
  const search = searchText === null ? null : parseBookingSearch(searchText);
  if (search !== null && 'problem' in search) problem('q', search.problem);

  const limitText = text('limit');
  let limit: number | null = null;
  if (limitText !== null) {
    limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
    if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) problem('limit', `must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  const cursorText = text('cursor');
  const after = cursorText === null ? null : readCursor(cursorText);
  if (after === undefined) problem('cursor', 'is not one this API gave: pass the `next` of the previous answer as it is');
  const fromMs = instantOf('from', text('from'), zone, problem);
  const toMs = instantOf('to', text('to'), zone, problem);
  // A window that ends where it starts, or before, holds nothing: said, not answered with an empty list (a desk that typed the dates the wrong way round).
  if (fromMs !== null && toMs !== null && toMs <= fromMs) problem('to', 'must be after from (to is not included: for the bookings of one day, to is the next day)');

  if (problems.length > 0) {
    const [first] = problems;
    const more = problems.length === 1 ? '' : ` (and ${problems.length - 1} more: see errors)`;
    throw new InvalidInputError('invalid_parameter', `${first!.path} ${first!.message}${more}.`, problems);
  }
  return {
    filters: { fromMs, toMs, status: status as BookingStatus | null, classId, instructorId, search: search as BookingSearch | null },
    limit,
    after: after ?? null,
  };
}

function instantOf(name: string, value: string | null, zone: string, problem: (path: string, message: string) => void): number | null {
  if (value === null) return null;
  const parsed = parseFromParameter(value);
  if (parsed === null || parsed.kind === 'absent') {
    problem(name, 'must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:mm, :ss or :ss.sss), optionally followed by Z or ±HH:mm');
    return null;
  }
  if (parsed.kind === 'local') return wallTimeToInstant(parsed.date, parsed.time, zone);
  const [hours, minutes, seconds] = parsed.time.split(':').map(Number) as [number, number, number];
  return dateToUtcMidnight(parsed.date) + Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000) - parsed.offsetMinutes * 60_000;
}

/** The opaque `next` of an answer: where the following page starts. */
export function writeCursor(cursor: BookingCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.id]), 'utf8').toString('base64url');
}

/** The cursor, or undefined when it is not one this API gave. */
function readCursor(text: string): BookingCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === 'string' && value[1].length <= 64) {
      return { updatedAt: value[0] as number, id: value[1] };
    }
  } catch {
    // not base64url JSON
  }
  return undefined;
}
