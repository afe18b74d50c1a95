import type { Kysely } from 'kysely';
import type { BookingCatalogReader } from '../domain/booking/ports';
import { seriesIdOf } from '../domain/ids';
import { selectOccurrences, toOccurrence } from './occurrence-rows';
import { readBusyIntervals } from './busy-intervals';
import { readCatalogBasics } from './public-catalog-reader';
import type { Database } from './tables';

/** What the booking pages read: a studio, one class or event by its global id, one instructor's offer, a studio's questions, an instructor's busy times. */
export function createBookingCatalogReader(db: Kysely<Database>): BookingCatalogReader {
  const catalog = readCatalogBasics(db);
  return {
    findStudio: (studioId) => catalog.findStudio(studioId),

    async findOccurrence(classId) {
      const row = await selectOccurrences(db).select(['o.studio_id', 'o.cancelled']).where('o.id', '=', classId).executeTakeFirst();
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

    async findSeriesStudio(seriesId) {
      // A series' dates are `{seriesId}-{YYYYMMDD}`: one of them, found on the ids' unique index (a digit follows the dash).
      const row = await db
        .selectFrom('occurrences')
        .select(['studio_id', 'id'])
        .where('id', '>=', `${seriesId}-0`)
        .where('id', '<', `${seriesId}-:`)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row && seriesIdOf(row.id) === seriesId ? row.studio_id : null;
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
