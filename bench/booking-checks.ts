import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/src/data/tables';
import type { RushedClass } from './booking-studio';
import type { RushResult } from './booking-rush';

/**
 * What must hold after a rush, read from the database: each student booked exactly once, exactly as
 * many seats confirmed as the class has (the seat counter agreeing), the rest on the waitlist in
 * places 1, 2, 3… with no gap or repeat, and each student told the truth by the answer they got.
 * And what the bookings owe in the outbox. A failed check throws: the bench must not report the
 * speed of wrong answers.
 */

export interface RushCheck {
  confirmed: number;
  waiting: number;
}

export async function checkRush(db: Kysely<Database>, rushed: RushedClass, rush: RushResult): Promise<RushCheck> {
  const problems: string[] = [];
  const rows = await db.selectFrom('bookings').select(['access_token', 'email_key', 'status', 'waitlist_position']).where('class_id', '=', rushed.id).execute();
  const students = rush.students.length;
  const expectedConfirmed = Math.min(rushed.capacity, students);
  const confirmed = rows.filter((row) => row.status === 'confirmed');
  const waiting = rows.filter((row) => row.status === 'waiting');

  if (rows.length !== students) problems.push(`${rows.length} bookings written for ${students} students`);
  const emails = new Set(rows.map((row) => row.email_key));
  if (emails.size !== rows.length) problems.push(`${rows.length - emails.size} duplicate bookings (the same email twice)`);
  if (confirmed.length !== expectedConfirmed) problems.push(`${confirmed.length} confirmed, expected ${expectedConfirmed}`);
  if (waiting.length !== students - expectedConfirmed) problems.push(`${waiting.length} waiting, expected ${students - expectedConfirmed}`);
  if (confirmed.length + waiting.length !== rows.length) problems.push(`${rows.length - confirmed.length - waiting.length} bookings neither confirmed nor waiting`);

  const counter = await db.selectFrom('occurrences').select('confirmed_bookings').where('id', '=', rushed.id).executeTakeFirst();
  if (Number(counter?.confirmed_bookings) !== confirmed.length) problems.push(`the class counts ${String(counter?.confirmed_bookings)} seats taken, ${confirmed.length} bookings are confirmed`);

  const places = waiting.map((row) => Number(row.waitlist_position)).sort((a, b) => a - b);
  const gapOrRepeat = places.findIndex((place, index) => place !== index + 1);
  if (gapOrRepeat !== -1) problems.push(`the waitlist's places are not 1 to ${places.length}: place ${gapOrRepeat + 1} is ${places[gapOrRepeat]}`);

  // Each student's answer matches the row: confirmed when the first post went through, waiting when it took the waitlist form.
  const byToken = new Map(rows.map((row) => [row.access_token, row]));
  for (const student of rush.students) {
    const row = byToken.get(student.accessToken);
    const expected = student.joinedWaitlist ? 'waiting' : 'confirmed';
    if (!row) problems.push(`${student.email} was sent to a booking that is not in the database`);
    else if (row.status !== expected) problems.push(`${student.email} was answered as ${expected}, the booking is ${row.status}`);
  }
  if (new Set(rush.students.map((student) => student.accessToken)).size !== students) problems.push('two students were sent to the same booking');

  if (problems.length > 0) throw new Error(`the rush on ${rushed.id} (capacity ${rushed.capacity}, ${students} students) went wrong:\n  ${problems.join('\n  ')}`);
  return { confirmed: confirmed.length, waiting: waiting.length };
}

export interface OwedMessages {
  /** due now: a confirmation and the studio's copy per seat, a waitlist email per place in line */
  due: number;
  /** reminders, due the day before the class */
  later: number;
}

/** Checks that the outbox holds exactly what the bookings owe (the studio has a notification address); answers the counts. */
export async function checkOwedMessages(db: Kysely<Database>, nowMs: number): Promise<OwedMessages> {
  const bookings = await db.selectFrom('bookings').select(['status', sql<number | string>`count(*)`.as('n')]).groupBy('status').execute();
  const count = (status: string) => Number(bookings.find((row) => row.status === status)?.n ?? 0);
  const seats = count('confirmed');
  const places = count('waiting');
  const expected: Record<string, number> = { 'student confirmed': seats, 'studio confirmed': seats, 'student reminder': seats, 'student waitlist_joined': places };

  const rows = await db.selectFrom('outbox').select(['audience', 'event', sql<number | string>`count(*)`.as('n')]).where('status', '=', 'pending').groupBy(['audience', 'event']).execute();
  const found: Record<string, number> = Object.fromEntries(rows.map((row) => [`${row.audience} ${row.event}`, Number(row.n)]));
  const kinds = new Set([...Object.keys(expected), ...Object.keys(found)]);
  const wrong = [...kinds].filter((kind) => (expected[kind] ?? 0) !== (found[kind] ?? 0));
  if (wrong.length > 0) {
    throw new Error(`the outbox does not hold what ${seats} seats and ${places} places in line owe:\n  ${wrong.map((kind) => `${kind}: ${found[kind] ?? 0}, expected ${expected[kind] ?? 0}`).join('\n  ')}`);
  }
  const due = await db.selectFrom('outbox').select(sql<number | string>`count(*)`.as('n')).where('status', '=', 'pending').where('due_at', '<=', nowMs).executeTakeFirstOrThrow();
  if (Number(due.n) !== 2 * seats + places) throw new Error(`${String(due.n)} messages are due now, expected ${2 * seats + places} (the reminders are not due yet)`);
  return { due: Number(due.n), later: seats };
}
