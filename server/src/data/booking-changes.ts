import { sql, type Kysely, type Selectable } from 'kysely';
import type { BookingRecord, CancelledBy } from '../domain/booking/types';
import type { StudioPolicies } from '../domain/catalog';
import { waitlistClosesAt } from '../domain/booking/waitlist';
import { messagesOwed, type NotifiedStudio } from '../domain/notifications/owed-messages';
import type { Dialect } from './database-url';
import { dropPendingReminders, enqueueMessages } from './outbox-store';
import { enqueueWebhookCalls } from './webhooks';
import type { BookingsTable, Database } from './tables';
import { toBookingRecord } from './booking-records';

/**
 * The changes of a booking's life that more than one writer makes: a student cancelling, the studio
 * cancelling a class in an import, a seat freed by either. Each runs inside the caller's transaction,
 * after the caller has locked the studio (and the class): it writes the booking rows and the messages
 * they owe; the class's seat counter, its listing day and the studio's version are the caller's.
 */

type BookingRow = Selectable<BookingsTable>;

export interface ChangingStudio extends NotifiedStudio {
  policies: Pick<StudioPolicies, 'reminderMinutes' | 'cancellationCutoffMinutes' | 'waitlist'>;
}

/** Ends a confirmed booking or a place on the waitlist; answers the booking as it is now. */
export async function markCancelled(trx: Kysely<Database>, row: BookingRow, by: CancelledBy, studio: ChangingStudio, nowMs: number): Promise<BookingRecord> {
  const before = toBookingRecord(row);
  const changes = {
    status: 'cancelled',
    cancelled_at: nowMs,
    cancelled_by: by,
    active_key: null,
    // A seat was in the student's calendar: the cancellation replaces that entry.
    calendar_sequence: Number(row.calendar_sequence) + (before.status === 'confirmed' ? 1 : 0),
    updated_at: nowMs,
  };
  await trx.updateTable('bookings').set(changes).where('id', '=', row.id).execute();
  await enqueueMessages(trx, messagesOwed({ change: 'cancelled', booking: before, by }, studio, nowMs), nowMs);
  await enqueueWebhookCalls(trx, { change: 'cancelled', booking: before, by }, nowMs);
  return toBookingRecord({ ...row, ...changes });
}

/**
 * Brings a confirmed booking or a place on the waitlist to where and when its class or event now is
 * (an import moved it, or gave it another room): its start, end and room follow the class (its title stays the name it was
 * booked under, as its price does); a seat's calendar entry is replaced (SEQUENCE raised), its
 * reminder owed at the new time instead of the old, and the student and the studio's webhooks are
 * told. Answers the booking as it is now.
 */
export async function followClass(
  trx: Kysely<Database>,
  row: BookingRow,
  occurrence: { startsAt: number; endsAt: number; room: string | null },
  studio: ChangingStudio,
  nowMs: number,
): Promise<BookingRecord> {
  const moved = Number(row.starts_at) !== occurrence.startsAt || Number(row.ends_at) !== occurrence.endsAt;
  const changes = {
    starts_at: occurrence.startsAt,
    ends_at: occurrence.endsAt,
    room: occurrence.room,
    calendar_sequence: Number(row.calendar_sequence) + (moved && row.status === 'confirmed' ? 1 : 0),
    updated_at: nowMs,
  };
  await trx.updateTable('bookings').set(changes).where('id', '=', row.id).execute();
  const booking = toBookingRecord({ ...row, ...changes });
  // A new room alone is shown where the booking is read (its page, its reminder); only a new time is worth a message.
  if (!moved) return booking;
  await dropPendingReminders(trx, row.id, 'the class moved: a reminder is owed at its new time', nowMs);
  const change = { change: 'rescheduled', booking, from: { startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) } } as const;
  await enqueueMessages(trx, messagesOwed(change, studio, nowMs), nowMs);
  await enqueueWebhookCalls(trx, change, nowMs);
  return booking;
}

/**
 * Gives up to `seats` freed seats of a class to the first students on its waitlist, in the order the
 * database accepted them, each told at once; none after the cutoff, when the waitlist closes.
 * Answers the promoted bookings.
 */
export async function promoteFromWaitlist(
  trx: Kysely<Database>,
  dialect: Dialect,
  occurrence: { id: string; startsAt: number },
  seats: number,
  studio: ChangingStudio,
  nowMs: number,
): Promise<BookingRecord[]> {
  if (seats <= 0 || nowMs >= waitlistClosesAt(occurrence.startsAt, studio.policies)) return [];
  const waiting = await trx
    .selectFrom('bookings')
    .selectAll()
    .where('class_id', '=', occurrence.id)
    .where('status', '=', 'waiting')
    .orderBy('waitlist_position')
    .limit(seats)
    .$if(dialect === 'mysql', (query) => query.forUpdate())
    .execute();
  const promoted: BookingRecord[] = [];
  for (const row of waiting) {
    const changes = { status: 'confirmed', updated_at: nowMs };
    await trx.updateTable('bookings').set(changes).where('id', '=', row.id).execute();
    const booking = toBookingRecord({ ...row, ...changes });
    await enqueueMessages(trx, messagesOwed({ change: 'promoted', booking }, studio, nowMs), nowMs);
    await enqueueWebhookCalls(trx, { change: 'promoted', booking }, nowMs);
    promoted.push(booking);
  }
  return promoted;
}

/** The next place on a class's waitlist: after every place it ever gave, so the order is the order of arrival. */
export async function nextWaitlistPosition(trx: Kysely<Database>, classId: string): Promise<number> {
  const row = await trx.selectFrom('bookings').select(sql<number | string | null>`max(waitlist_position)`.as('last')).where('class_id', '=', classId).executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}
