import { sql, type Kysely, type Selectable } from 'kysely';
import type { BookingQuery } from '../domain/studio-api/booking-query';
import type { StudioBookingSource } from '../domain/studio-api/booking-view';
import type { ListedBooking, StudioBookingReader } from '../domain/studio-api/ports';
import { toBookingRecord } from './booking-records';
import type { BookingsTable, Database } from './tables';

/**
 * The studio's bookings as its API lists them: newest change first (the index
 * `bookings_by_studio_change`: studio, last change, id), a page at a time from a cursor; the place in
 * line of each waiting one counted by the index of the class's queue.
 */

type BookingRow = Selectable<BookingsTable> & { waitlist_place?: number | string | null };

export function createStudioBookingReader(db: Kysely<Database>): StudioBookingReader {
  return {
    async studioZone(studioId) {
      const row = await db.selectFrom('studios').select('timezone').where('id', '=', studioId).executeTakeFirst();
      return row?.timezone ?? null;
    },

    async page(studioId, query: BookingQuery & { limit: number }) {
      const rows = await bookingPageQuery(db, studioId, query).execute();
      return rows.map(toListed);
    },

    async findByReference(studioId, reference) {
      const row = await withWaitlistPlace(db).where('b.studio_id', '=', studioId).where('b.reference', '=', reference).executeTakeFirst();
      return row ? toListed(row) : null;
    },

    async roster(studioId, classId) {
      const occurrence = await db
        .selectFrom('occurrences')
        .select(['id', 'name', 'dance_type_key', 'starts_at', 'ends_at', 'room', 'capacity', 'cancelled', 'instructor_id'])
        .where('studio_id', '=', studioId)
        .where('id', '=', classId)
        .executeTakeFirst();
      if (!occurrence) return null;
      const rows = await db
        .selectFrom('bookings')
        .selectAll()
        .where('class_id', '=', classId)
        .where('status', 'in', ['confirmed', 'waiting'])
        .orderBy('waitlist_position')
        .orderBy('id')
        .execute();
      // Seats in the order they were taken (a booking, or a promotion from the waitlist, is a seat's last change).
      const booked = rows
        .filter((row) => row.status === 'confirmed')
        .sort((a, b) => Number(a.updated_at) - Number(b.updated_at) || Number(a.created_at) - Number(b.created_at))
        .map((row) => toSource(row, null));
      const waiting = rows.filter((row) => row.status === 'waiting').map((row, index) => toSource(row, index + 1));
      return {
        occurrence: {
          id: occurrence.id,
          name: occurrence.name,
          isEvent: occurrence.dance_type_key === null,
          startsAt: Number(occurrence.starts_at),
          endsAt: Number(occurrence.ends_at),
          room: occurrence.room,
          capacity: occurrence.capacity === null ? null : Number(occurrence.capacity),
          cancelled: Number(occurrence.cancelled) !== 0,
          instructorId: occurrence.instructor_id,
        },
        booked,
        waiting,
      };
    },
  };
}

/** Bookings with, for each waiting one, its place in line (counted on the class's queue index). */
function withWaitlistPlace(db: Kysely<Database>) {
  return db
    .selectFrom('bookings as b')
    .selectAll('b')
    .select((eb) =>
      eb
        .case()
        .when('b.status', '=', 'waiting')
        .then(
          eb
            .selectFrom('bookings as w')
            .select(sql<number | string>`count(*)`.as('n'))
            .whereRef('w.class_id', '=', 'b.class_id')
            .where('w.status', '=', 'waiting')
            .whereRef('w.waitlist_position', '<=', 'b.waitlist_position'),
        )
        .else(null)
        .end()
        .as('waitlist_place'),
    );
}

/** One page of the studio's bookings: filtered, after the cursor, newest change first (the index `bookings_by_studio_change`). */
export function bookingPageQuery(db: Kysely<Database>, studioId: string, { filters, after, limit }: BookingQuery & { limit: number }) {
  return withWaitlistPlace(db)
    .where('b.studio_id', '=', studioId)
    .$if(filters.fromMs !== null, (query) => query.where('b.starts_at', '>=', filters.fromMs!))
    .$if(filters.toMs !== null, (query) => query.where('b.starts_at', '<', filters.toMs!))
    .$if(filters.status !== null, (query) => query.where('b.status', '=', filters.status!))
    .$if(filters.classId !== null, (query) => query.where('b.class_id', '=', filters.classId!))
    .$if(filters.instructorId !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('b.instructor_id', '=', filters.instructorId!),
          eb('b.class_id', 'in', eb.selectFrom('occurrences').select('id').where('studio_id', '=', studioId).where('instructor_id', '=', filters.instructorId!)),
        ]),
      ),
    )
    .$if(after !== null, (query) => query.where((eb) => eb.or([eb('b.updated_at', '<', after!.updatedAt), eb.and([eb('b.updated_at', '=', after!.updatedAt), eb('b.id', '<', after!.id)])])))
    .orderBy('b.updated_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit);
}

function toSource(row: Selectable<BookingsTable>, waitlistPlace: number | null): StudioBookingSource {
  return { booking: toBookingRecord(row), isEvent: Number(row.is_event) === 1, waitlistPlace };
}

function toListed(row: BookingRow): ListedBooking {
  const place = row.waitlist_place === null || row.waitlist_place === undefined ? null : Number(row.waitlist_place);
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
