import type { OccurrenceRecord, PrivateLessonOfferRecord } from '../catalog';

/**
 * The booked private lessons a new schedule leaves for the owner to settle by hand. An import never
 * cancels a lesson (the student booked a person, not a class): it counts them, and the import's
 * report says what to do (cli/bookings-report.ts, the studio API's push answer).
 */

/** A confirmed private lesson to come: who gives it, and when. */
export interface BookedLesson {
  instructorId: string | null;
  startsAt: number;
  endsAt: number;
}

/** How many booked private lessons are with an instructor the schedule no longer offers private lessons with. */
export function lessonsWithoutOffer(lessons: readonly BookedLesson[], offers: readonly PrivateLessonOfferRecord[]): number {
  const offered = new Set(offers.map((offer) => offer.personId));
  return lessons.filter((lesson) => lesson.instructorId === null || !offered.has(lesson.instructorId)).length;
}

/**
 * How many booked private lessons an imported schedule puts at the same time as a class or event
 * their instructor teaches or hosts (not cancelled). Booking a lesson never offers such a time (the
 * free slots avoid the instructor's classes: booking/slots.ts), but a schedule imported afterwards
 * can move a class onto one; the lesson stays booked, and the owner is told to settle it.
 */
export function lessonsDuringClasses(lessons: readonly BookedLesson[], occurrences: readonly OccurrenceRecord[]): number {
  const classesOf = new Map<string, OccurrenceRecord[]>();
  for (const occurrence of occurrences) {
    if (occurrence.instructorId === null || occurrence.cancelled) continue;
    classesOf.set(occurrence.instructorId, [...(classesOf.get(occurrence.instructorId) ?? []), occurrence]);
  }
  return lessons.filter((lesson) => lesson.instructorId !== null && (classesOf.get(lesson.instructorId) ?? []).some((taught) => taught.startsAt < lesson.endsAt && taught.endsAt > lesson.startsAt)).length;
}
