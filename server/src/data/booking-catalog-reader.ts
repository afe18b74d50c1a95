import type { Kysely } from 'kysely';
import type { BookingCatalogReader } from '../domain/booking/ports';
import type { Interval } from '../domain/booking/types';
import { selectOccurrences, toOccurrence } from './occurrence-rows';
import { readCatalogBasics } from './public-catalog-reader';
import type { Database } from './tables';

/** What the booking pages read: a studio, one class or event by its global id, one instructor's offer, a studio's questions, an instructor's busy times. */
export function createBookingCatalogReader(db: Kysely<Database>): BookingCatalogReader {
  const catalog = readCatalogBasics(db);
  return {
    findStudio: (studioId) => catalog.findStudio(studioId),

    async findOccurrence(classId) {
      const row = await selectOccurrences(db).select(['o.studio_id', 'o.cancelled', 'o.entry_id']).where('o.id', '=', classId).executeTakeFirst();
      if (!row) return null;
      const studio = await catalog.findStudio(row.studio_id);
      if (!studio) return null;
      return { studio, occurrence: { ...toOccurrence(row), cancelled: row.cancelled !== 0, entryId: row.entry_id } };
    },

    async findNextOpenOccurrence(studioId, afterMs, { entryId, excludeId }) {
      let query = selectOccurrences(db)
        .where('o.studio_id', '=', studioId)
        .where('o.starts_at', '>', afterMs)
        .where('o.cancelled', '=', 0)
        .where('o.id', '<>', excludeId)
        .where((where) => where.or([where('o.capacity', 'is', null), where('o.confirmed_bookings', '<', where.ref('o.capacity'))]))
        // Only what the studio lists on the web: events, and classes of visible dance types.
        .where((where) => where.or([where('o.dance_type_key', 'is', null), where('t.is_visible_on_web', '=', 1)]));
      if (entryId !== undefined) query = query.where('o.entry_id', '=', entryId);
      const row = await query.orderBy('o.starts_at').orderBy('o.name').orderBy('o.id').limit(1).executeTakeFirst();
      return row ? toOccurrence(row) : null;
    },

    async findPrivateLessonOffer(instructorId) {
      // Person ids are global: the person (found by primary key) names the studio; the offer is read as the API lists it.
      const person = await db.selectFrom('people').select('studio_id').where('id', '=', instructorId).executeTakeFirst();
      if (!person) return null;
      const [studio, offers] = await Promise.all([catalog.findStudio(person.studio_id), catalog.listPrivateLessonOffers(person.studio_id)]);
      const offer = offers.find((candidate) => candidate.person.id === instructorId);
      return studio && offer ? { studio, offer } : null;
    },

    listActiveQuestions: (studioId) => catalog.listActiveQuestions(studioId),

    busyIntervals: (studioId, instructorId, fromMs, untilMs) => readBusyIntervals(db, studioId, instructorId, fromMs, untilMs),
  };
}

/**
 * When the instructor is not free within [fromMs, untilMs): confirmed private lessons, and classes
 * or events (not cancelled) the instructor teaches or hosts, each overlapping the span (half-open),
 * sorted by start then end. Takes a transaction too: the booking store reads it under its lock.
 */
export async function readBusyIntervals(db: Kysely<Database>, studioId: string, instructorId: string, fromMs: number, untilMs: number): Promise<Interval[]> {
  // One after the other: inside a transaction both run on its one connection.
  const lessons = await db
    .selectFrom('bookings')
    .select(['starts_at', 'ends_at'])
    .where('studio_id', '=', studioId)
    .where('instructor_id', '=', instructorId)
    .where('kind', '=', 'private_lesson')
    .where('status', '=', 'confirmed')
    .where('starts_at', '<', untilMs)
    .where('ends_at', '>', fromMs)
    .execute();
  const occurrences = await db
    .selectFrom('occurrences')
    .select(['starts_at', 'ends_at'])
    .where('studio_id', '=', studioId)
    .where('instructor_id', '=', instructorId)
    .where('cancelled', '=', 0)
    .where('starts_at', '<', untilMs)
    .where('ends_at', '>', fromMs)
    .execute();
  return [...lessons, ...occurrences]
    .map((row): Interval => ({ startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) }))
    .sort((a, b) => a.startsAt - b.startsAt || a.endsAt - b.endsAt);
}
