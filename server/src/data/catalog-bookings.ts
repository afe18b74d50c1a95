import type { Kysely } from 'kysely';
import type { Catalog } from '../domain/catalog';
import type { BookingsSettled } from '../domain/studio-document/import-studio';
import { lessonsDuringClasses, lessonsWithoutOffer, type BookedLesson } from '../domain/studio-document/lessons-to-settle';
import { markCancelled, followClass, promoteFromWaitlist, type ChangingStudio } from './booking-changes';
import type { Dialect } from './database-url';
import type { Database } from './tables';

/** More than any class holds: "everyone waiting" when a class no longer has a capacity. */
const ALL_WAITING = 1_000_000;

/**
 * What a new catalog does to the bookings it finds (booking-lifecycle.md), inside the import's
 * transaction, with the studio locked: a class or event the studio cancels (`"cancelled": true`) or
 * no longer lists cancels the bookings and the waitlist of its occurrences still to come, each
 * student told; one it moves to another time on the same day (or whose zone changed) takes its
 * bookings with it, each student told; a class with more room than before gives its free seats to
 * its waitlist (until the cutoff). Occurrences already past that a schedule no longer lists keep
 * their bookings.
 */
export async function settleBookingsWithCatalog(trx: Kysely<Database>, dialect: Dialect, catalog: Catalog, nowMs: number): Promise<BookingsSettled> {
  const settled: BookingsSettled = { cancelled: 0, waitlistPlacesEnded: 0, moved: 0, promoted: 0, privateLessonsWithoutOffer: 0, privateLessonsDuringClasses: 0 };
  const studio: ChangingStudio = { notificationEmail: catalog.studio.notificationEmail, policies: catalog.studio.policies };
  const occurrences = new Map(catalog.occurrences.map((occurrence) => [occurrence.id, occurrence]));
  const active = await trx
    .selectFrom('bookings')
    .selectAll()
    .where('studio_id', '=', catalog.studio.id)
    .where('kind', '=', 'class')
    .where('status', 'in', ['confirmed', 'waiting'])
    .where('starts_at', '>', nowMs)
    .orderBy('waitlist_position')
    .$if(dialect === 'mysql', (query) => query.forUpdate())
    .execute();

  const seatsTaken = new Map<string, number>();
  const withWaitlist = new Set<string>();
  for (const row of active) {
    const occurrence = row.class_id === null ? undefined : occurrences.get(row.class_id);
    if (!occurrence || occurrence.cancelled) {
      await markCancelled(trx, row, 'class_cancelled', studio, nowMs);
      if (row.status === 'confirmed') settled.cancelled += 1;
      else settled.waitlistPlacesEnded += 1;
      continue;
    }
    if (isChanged(row, occurrence)) {
      await followClass(trx, row, occurrence, studio, nowMs);
      if (Number(row.starts_at) !== occurrence.startsAt || Number(row.ends_at) !== occurrence.endsAt) settled.moved += 1;
    }
    if (row.status === 'confirmed') {
      seatsTaken.set(occurrence.id, (seatsTaken.get(occurrence.id) ?? 0) + 1);
    } else {
      withWaitlist.add(occurrence.id);
    }
  }
  for (const classId of withWaitlist) {
    const occurrence = occurrences.get(classId);
    if (!occurrence) continue;
    const free = occurrence.capacity === null ? ALL_WAITING : occurrence.capacity - (seatsTaken.get(classId) ?? 0);
    settled.promoted += (await promoteFromWaitlist(trx, dialect, { id: classId, startsAt: occurrence.startsAt }, free, studio, nowMs)).length;
  }
  const lessons = await lessonsToCome(trx, catalog, nowMs);
  settled.privateLessonsWithoutOffer = lessonsWithoutOffer(lessons, catalog.privateLessonOffers);
  settled.privateLessonsDuringClasses = lessonsDuringClasses(lessons, catalog.occurrences);
  return settled;
}

/** The studio's confirmed private lessons to come, with who gives them and when. */
async function lessonsToCome(trx: Kysely<Database>, catalog: Catalog, nowMs: number): Promise<BookedLesson[]> {
  const rows = await trx
    .selectFrom('bookings')
    .select(['instructor_id', 'starts_at', 'ends_at'])
    .where('studio_id', '=', catalog.studio.id)
    .where('kind', '=', 'private_lesson')
    .where('status', '=', 'confirmed')
    .where('starts_at', '>', nowMs)
    .execute();
  return rows.map((row) => ({ instructorId: row.instructor_id, startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) }));
}

/** Whether the booking shows its class elsewhere or at another time than the catalog now has it (a new name it keeps: what was booked). */
function isChanged(row: { starts_at: number | string; ends_at: number | string; room: string | null }, occurrence: Catalog['occurrences'][number]): boolean {
  return Number(row.starts_at) !== occurrence.startsAt || Number(row.ends_at) !== occurrence.endsAt || row.room !== occurrence.room;
}
