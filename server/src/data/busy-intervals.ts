import type { Kysely } from 'kysely';
import type { Interval } from '../domain/booking/types';
import type { Database } from './tables';

/**
 * When the instructor is not free within [fromMs, untilMs): confirmed private lessons, and classes
 * or events (not cancelled) the instructor teaches or hosts, each overlapping the span (half-open),
 * sorted by start then end. Takes a transaction too: the booking store reads it under its lock.
 */
export async function readBusyIntervals(db: Kysely<Database>, studioId: string, instructorId: string, fromMs: number, untilMs: number): Promise<Interval[]> {
  // One query, one round trip (on a transaction's one connection too): the lessons and the classes.
  const rows = await db
    .selectFrom('bookings')
    .select(['starts_at', 'ends_at'])
    .where('studio_id', '=', studioId)
    .where('instructor_id', '=', instructorId)
    .where('kind', '=', 'private_lesson')
    .where('status', '=', 'confirmed')
    .where('starts_at', '<', untilMs)
    .where('ends_at', '>', fromMs)
    .unionAll(
      db
        .selectFrom('occurrences')
        .select(['starts_at', 'ends_at'])
        .where('studio_id', '=', studioId)
        .where('instructor_id', '=', instructorId)
        .where('cancelled', '=', 0)
        .where('starts_at', '<', untilMs)
        .where('ends_at', '>', fromMs),
    )
    .execute();
  return rows
    .map((row): Interval => ({ startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) }))
    .sort((a, b) => a.startsAt - b.startsAt || a.endsAt - b.endsAt);
}
