import type { OccurrenceView } from '../../domain/public-api/reader';

/** Fields a class and an event share; `description` is a real object here, not a JSON string. */
function serializeOccurrence(occurrence: OccurrenceView) {
  return {
    id: occurrence.id,
    name: occurrence.name,
    dayOfWeek: occurrence.dayOfWeek,
    startTime: occurrence.startTime,
    endTime: occurrence.endTime,
    level: occurrence.level,
    room: occurrence.room,
    price: occurrence.price,
    capacity: occurrence.capacity,
    allowPackages: occurrence.allowPackages,
    description: occurrence.description,
  };
}

/** Capacity minus confirmed bookings, never below 0; null when the capacity is not limited. */
function spotsLeft(occurrence: OccurrenceView): number | null {
  return occurrence.capacity === null ? null : Math.max(0, occurrence.capacity - occurrence.confirmedBookings);
}

export function serializeClass(occurrence: OccurrenceView) {
  const { price, capacity, allowPackages, description, ...head } = serializeOccurrence(occurrence);
  return {
    ...head,
    // The UTC start instant with milliseconds, e.g. 2026-11-23T18:00:00.000Z.
    date: new Date(occurrence.startsAt).toISOString(),
    price,
    capacity,
    allowPackages,
    description,
    instructor: occurrence.instructor,
    danceType: occurrence.danceType,
    spotsLeft: spotsLeft(occurrence),
  };
}

export function serializeEvent(occurrence: OccurrenceView) {
  const { price, capacity, allowPackages, description, ...head } = serializeOccurrence(occurrence);
  return {
    ...head,
    // The studio-local date only; client libraries read it as midnight UTC.
    date: occurrence.localDate,
    price,
    capacity,
    allowPackages,
    description,
    host: occurrence.instructor,
    danceType: null,
    spotsLeft: spotsLeft(occurrence),
  };
}
