import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { BookingQuery } from '../domain/studio-api/booking-query';
import type { BookingSearch } from '../domain/studio-api/booking-search';
import type { StudioBookingSource } from '../domain/studio-api/booking-view';
import type { ListedBooking, RosterClass, StudioBookingReader } from '../domain/studio-api/ports';
import { toBookingRecord } from './booking-records';
import type { BookingsTable, Database } from './tables';

/**
 * The studio's bookings as its API lists them: newest change first (the index
 * `bookings_by_studio_change`: studio, last change, id), a page at a time from a cursor; the place in
 * line of each waiting one read from its class's queue.
 */

export function createStudioBookingReader(db: Kysely<Database>): StudioBookingReader {
  return {
    async studioZone(studioId) {
      const row = await db.selectFrom('studios').select('timezone').where('id', '=', studioId).executeTakeFirst();
      return row?.timezone ?? null;
    },

    async page(studioId, query: BookingQuery & { limit: number }) {
      const rows = await bookingPageQuery(db, studioId, query).execute();
      const places = await waitlistPlaces(db, rows);
      return rows.map((row) => toListed(row, places.get(row.id) ?? null));
    },

    async findByReference(studioId, reference) {
      const row = await db.selectFrom('bookings').selectAll().where('studio_id', '=', studioId).where('reference', '=', reference).executeTakeFirst();
      return row ? toListed(row, (await waitlistPlaces(db, [row])).get(row.id) ?? null) : null;
    },

    async roster(studioId, classId) {
      const occurrence = await db
        .selectFrom('occurrences')
        .select(['id', 'name', 'dance_type_key', 'starts_at', 'ends_at', 'room', 'capacity', 'cancelled', 'instructor_id'])
        .where('studio_id', '=', studioId)
        .where('id', '=', classId)
        .executeTakeFirst();
      const rows = await db
        .selectFrom('bookings')
        .selectAll()
        .where('studio_id', '=', studioId)
        .where('class_id', '=', classId)
        .where('status', 'in', ['confirmed', 'waiting'])
        .orderBy('waitlist_position')
        .orderBy('id')
        .execute();
      const rosterClass = occurrence
        ? {
            id: occurrence.id,
            name: occurrence.name,
            isEvent: occurrence.dance_type_key === null,
            startsAt: Number(occurrence.starts_at),
            endsAt: Number(occurrence.ends_at),
            room: occurrence.room,
            capacity: occurrence.capacity === null ? null : Number(occurrence.capacity),
            cancelled: Number(occurrence.cancelled) !== 0,
            instructorId: occurrence.instructor_id,
          }
        : await classOfBookings(db, studioId, classId);
      if (!rosterClass) return null;
      // Seats in the order they were taken (a booking, or a promotion from the waitlist, is a seat's last change).
      const booked = rows
        .filter((row) => row.status === 'confirmed')
        .sort((a, b) => Number(a.updated_at) - Number(b.updated_at) || Number(a.created_at) - Number(b.created_at))
        .map((row) => toSource(row, null));
      const waiting = rows.filter((row) => row.status === 'waiting').map((row, index) => toSource(row, index + 1));
      return { occurrence: rosterClass, booked, waiting };
    },
  };
}

/**
 * A class the schedule no longer lists, as its bookings remember it (each keeps what was booked: its
 * name, time, room and teacher), so that the studio still has the roster of a class held before the
 * import that dropped it (a term's last weeks, once the document lists only what is to come). Its
 * capacity is no longer known; it counts as cancelled when the import ended its bookings (it was
 * dropped before it took place). Null when no one ever booked it: the studio never had such a class.
 */
async function classOfBookings(db: Kysely<Database>, studioId: string, classId: string): Promise<RosterClass | null> {
  // Every booking the class ever had, cancelled ones too: they say whether the import that dropped it ended them. The latest change first.
  const rows = await db
    .selectFrom('bookings')
    .select(['title', 'is_event', 'starts_at', 'ends_at', 'room', 'class_instructor_id', 'cancelled_by'])
    .where('studio_id', '=', studioId)
    .where('class_id', '=', classId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  const [latest] = rows;
  if (latest === undefined) return null;
  return {
    id: classId,
    name: latest.title,
    isEvent: Number(latest.is_event) !== 0,
    startsAt: Number(latest.starts_at),
    endsAt: Number(latest.ends_at),
    room: latest.room,
    capacity: null,
    cancelled: rows.some((row) => row.cancelled_by === 'class_cancelled'),
    instructorId: latest.class_instructor_id,
  };
}

/**
 * One page of the studio's bookings: filtered, after the cursor, newest change first. The page's ids
 * are found first, in the order of the index `bookings_by_studio_change` (studio, last change, id),
 * starting where the cursor points; only then are those rows read (a "deferred join"). Read in one
 * go, MariaDB walks the index from the newest booking to the cursor on every page.
 */
export function bookingPageQuery(db: Kysely<Database>, studioId: string, { filters, after, limit }: BookingQuery & { limit: number }) {
  const ids = db
    .selectFrom('bookings as p')
    .select('p.id')
    .where('p.studio_id', '=', studioId)
    .$if(filters.fromMs !== null, (query) => query.where('p.starts_at', '>=', filters.fromMs!))
    .$if(filters.toMs !== null, (query) => query.where('p.starts_at', '<', filters.toMs!))
    .$if(filters.status !== null, (query) => query.where('p.status', '=', filters.status!))
    .$if(filters.classId !== null, (query) => query.where('p.class_id', '=', filters.classId!))
    .$if(filters.instructorId !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('p.instructor_id', '=', filters.instructorId!),
          eb('p.class_id', 'in', eb.selectFrom('occurrences').select('id').where('studio_id', '=', studioId).where('instructor_id', '=', filters.instructorId!)),
          // A class the schedule no longer lists: its teacher, written onto its bookings when it was dropped.
          eb('p.class_instructor_id', '=', filters.instructorId!),
        ]),
      ),
    )
    .$if(filters.search !== null, (query) => query.where((eb) => searchCondition(eb, filters.search!)))
    // After the cursor: (updated_at, id) < (cursor); the first condition alone is a range of the index.
    .$if(after !== null, (query) =>
      query.where('p.updated_at', '<=', after!.updatedAt).where((eb) => eb.or([eb('p.updated_at', '<', after!.updatedAt), eb('p.id', '<', after!.id)])),
    )
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit);
  return db.selectFrom('bookings as b').innerJoin(ids.as('page'), 'page.id', 'b.id').selectAll('b').orderBy('b.updated_at', 'desc').orderBy('b.id', 'desc');
}

/** "SD-7KQ4-M2XP" */
const REFERENCE_LENGTH = 12;

/**
 * `q`: a whole reference is one entry of the references' unique index, its beginning a range of it
 * (the symbols sort after "-" and digits and before "~", so the range ends at the prefix and "~");
 * words are each looked for in the folded text of the studio's bookings, walked newest change first
 * on the index above until the page is full (`LIKE` with `!` as its escape, which both databases
 * read alike).
 */
function searchCondition(eb: ExpressionBuilder<Database & { p: BookingsTable }, 'p'>, search: BookingSearch) {
  if (search.kind === 'reference') {
    if (search.prefix.length === REFERENCE_LENGTH) return eb('p.reference', '=', search.prefix);
    return eb.and([eb('p.reference', '>=', search.prefix), eb('p.reference', '<', `${search.prefix}~`)]);
  }
  return eb.and(search.words.map((word) => eb('p.search_text', 'like', sql<string>`${`%${word.replace(/[!%_]/g, '!$&')}%`} escape '!'`)));
}

/**
 * The place in line of each waiting booking among the rows: each of their classes' queue read once,
 * in order, from the index (class, status, position); not counted again for every waiting row.
 */
async function waitlistPlaces(db: Kysely<Database>, rows: Selectable<BookingsTable>[]): Promise<Map<string, number>> {
  const classes = [...new Set(rows.filter((row) => row.status === 'waiting' && row.class_id !== null).map((row) => row.class_id!))];
  const places = new Map<string, number>();
  if (classes.length === 0) return places;
  const queues = await db
    .selectFrom('bookings')
    .select(['id', 'class_id'])
    .where('class_id', 'in', classes)
    .where('status', '=', 'waiting')
    .orderBy('class_id')
    .orderBy('waitlist_position')
    .execute();
  let classId: string | null = null;
  let place = 0;
  for (const entry of queues) {
    place = entry.class_id === classId ? place + 1 : 1;
    classId = entry.class_id;
    places.set(entry.id, place);
  }
  return places;
}

function toSource(row: Selectable<BookingsTable>, waitlistPlace: number | null): StudioBookingSource {
  return { booking: toBookingRecord(row), isEvent: Number(row.is_event) === 1, waitlistPlace };
}

function toListed(row: Selectable<BookingsTable>, place: number | null): ListedBooking {
  return { ...toSource(row, place), updatedAt: Number(row.updated_at) };
}

/** One booking as the studio sees it, read inside a transaction (a webhook's body is the booking as the change left it). */
export async function readStudioBookingSource(trx: Kysely<Database>, bookingId: string): Promise<StudioBookingSource | null> {
  const row = await trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
  if (!row) return null;
  if (row.status !== 'waiting' || row.class_id === null) return toSource(row, null);
  const ahead = await trx
    .selectFrom('bookings')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('class_id', '=', row.class_id)
    .where('status', '=', 'waiting')
    .where('waitlist_position', '<=', row.waitlist_position)
    .executeTakeFirstOrThrow();
  return toSource(row, Number(ahead.n));
}
