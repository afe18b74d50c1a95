import type { OccurrenceView } from '../../domain/public-api/reader';

/**
 * Classes and events, field by field in the contract's order. Each is one object literal on
 * purpose: a week of a large studio is hundreds of rows per answer, and building them with spread
 * (`{ ...head(o), date }`) measured 6-8 times slower to create and stringify (bench/: 5 ms against
 * 0.7 ms for 300 rows), so the seven shared fields are written out twice.
 */

/** Capacity minus confirmed bookings, never below 0; null when the capacity is not limited. */
function spotsLeft(occurrence: OccurrenceView): number | null {
  return occurrence.capacity === null ? null : Math.max(0, occurrence.capacity - occurrence.confirmedBookings);
}

export function serializeClass(o: OccurrenceView) {
  return {
    id: o.id,
    name: o.name,
    dayOfWeek: o.dayOfWeek,
    startTime: o.startTime,
    endTime: o.endTime,
    level: o.level,
    room: o.room,
    // The UTC start instant with milliseconds, e.g. 2026-11-23T18:00:00.000Z.
    date: new Date(o.startsAt).toISOString(),
    price: o.price,
    capacity: o.capacity,
    allowPackages: o.allowPackages,
    description: o.description,
    instructor: o.instructor,
    danceType: o.danceType,
    spotsLeft: spotsLeft(o),
  };
}

export function serializeEvent(o: OccurrenceView) {
  return {
    id: o.id,
    name: o.name,
    dayOfWeek: o.dayOfWeek,
    startTime: o.startTime,
    endTime: o.endTime,
    level: o.level,
    room: o.room,
    // The studio-local date only; client libraries read it as midnight UTC.
    date: o.localDate,
    price: o.price,
    capacity: o.capacity,
    allowPackages: o.allowPackages,
    description: o.description,
    host: o.instructor,
    danceType: null,
    spotsLeft: spotsLeft(o),
  };
}
