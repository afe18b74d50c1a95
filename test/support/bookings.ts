import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/data/tables';

/** Writes a confirmed class booking straight into the table and counts it on its class, as the booking store does. */
export async function insertConfirmedClassBooking(db: Kysely<Database>, booking: { id: string; studioId: string; classId: string; email?: string }): Promise<void> {
  await db
    .insertInto('bookings')
    .values({
      id: booking.id,
      studio_id: booking.studioId,
      kind: 'class',
      class_id: booking.classId,
      instructor_id: null,
      pricing_id: null,
      starts_at: 0,
      ends_at: 0,
      status: 'confirmed',
      first_name: 'Eva',
      last_name: 'Ruiz',
      email: booking.email ?? 'eva@example.com',
      email_key: (booking.email ?? 'eva@example.com').toLowerCase(),
      active_key: (booking.email ?? 'eva@example.com').toLowerCase(),
      phone: null,
      answers: null,
      price: null,
      currency: null,
      locale: null,
      created_at: Date.now(),
    })
    .execute();
  await db
    .updateTable('occurrences')
    .set((eb) => ({ confirmed_bookings: eb('confirmed_bookings', '+', 1) }))
    .where('id', '=', booking.classId)
    .execute();
}

/** How many confirmed bookings match: a class's seats, or an instructor's private lessons. */
export async function countConfirmedBookings(db: Kysely<Database>, of: { classId: string } | { instructorId: string }): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select(sql<number | string>`count(*)`.as('n'))
    .$if('classId' in of, (query) => query.where('class_id', '=', (of as { classId: string }).classId))
    .$if('instructorId' in of, (query) => query.where('instructor_id', '=', (of as { instructorId: string }).instructorId))
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
