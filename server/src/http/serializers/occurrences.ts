import type { OccurrenceView } from '../../domain/public-api/reader';

/**
 * Classes and events, field by field in the contract's order. Built as plain object literals (a
 * week of a large studio is hundreds of them per answer); `description` is a real object here, not
 * a JSON string.
 */

/** Capacity minus confirmed bookings, never below 0; null when the capacity is not limited. */
function spotsLeft(occurrence: OccurrenceView): number | null {
  return occurrence.capacity === null ? null : Math.max(0, occurrence.capacity - occurrence.confirmedBookings);
}

/** The fields before `date`, the same for classes and events. */
function head(occurrence: OccurrenceView) {
  return {
    id: occurrence.id,
    name: occurrence.name,
    dayOfWeek: occurrence.dayOfWeek,
    startTime: occurrence.startTime,
    endTime: occurrence.endTime,
    level: occurrence.level,
    room: occurrence.room,
  };
}

export function serializeClass(occurrence: OccurrenceView) {
  return {
    ...head(occurrence),
    // The UTC start instant with milliseconds, e.g. 2026-11-23T18:00:00.000Z.
    date: new Date(occurrence.startsAt).toISOString(),
    price: occurrence.price,
    capacity: occurrence.capacity,
    allowPackages: occurrence.allowPackages,
    description: occurrence.description,
    instructor: occurrence.instructor,
    danceType: occurrence.danceType,
    spotsLeft: spotsLeft(occurrence),
  };
}

export function serializeEvent(occurrence: OccurrenceView) {
  return {
    ...head(occurrence),
    // The studio-local date only; client libraries read it as midnight UTC.
    date: occurrence.localDate,
    price: occurrence.price,
    capacity: occurrence.capacity,
    allowPackages: occurrence.allowPackages,
    description: occurrence.description,
    host: occurrence.instructor,
    danceType: null,
    spotsLeft: spotsLeft(occurrence),
  };
}
