import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BookingStore } from '../domain/booking/ports';
import type { BookingRecord, CancelOutcome, ClassBookingOutcome, PrivateLessonBookingOutcome } from '../domain/booking/types';
import type { StudioPolicies } from '../domain/catalog';
import { messagesOwed } from '../domain/notifications/owed-messages';
import { bookingSearchText } from '../domain/studio-api/booking-search';
import { enqueueMessages } from './outbox-store';
import { enqueueWebhookCalls } from './webhooks';
import { toBookingRecord } from './booking-records';
import { markCancelled, nextWaitlistPosition, promoteFromWaitlist, type ChangingStudio } from './booking-changes';
import type { ListingRenderer } from './listing-format';
import { readBusyIntervals } from './busy-intervals';
import type { Dialect } from './database-url';
import { rebuildDays } from './listing-days';
import type { BookingsTable, Database } from './tables';
import { isDeadlockVictim, isDuplicateKey } from './sql-errors';
import { inWriteTransaction } from './write-transaction';

/** 32 symbols without the look-alikes 0/O and 1/I: a byte modulo 32 picks one without bias. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const DAY_MS = 86_400_000;
/** Tries per booking when a transaction loses to a rare collision (reference, token) or an InnoDB deadlock. */
const ATTEMPTS = 5;

/** A short code the student can quote to the studio: "SD-" and 8 random symbols, e.g. "SD-7KQ4-M2XP". */
function newBookingReference(): string {
  const symbols = Array.from(randomBytes(8), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('');
  return `SD-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/** The confirmation page's secret: 32 random bytes, base64url (43 characters). */
function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How emails are compared: one seat per email and class. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

type BookingRow = Selectable<BookingsTable>;

/**
 * Writes bookings, each in one transaction.
 *
 * MySQL/MariaDB: READ COMMITTED, and the studio row is locked first (`FOR UPDATE`), then the class
 * or the instructor's offer. The import locks the studio row first too, so the two never deadlock;
 * bookings of one studio run one after the other, and the version bump at the end needs that lock
 * anyway. SQLite: `BEGIN IMMEDIATE` takes the write lock at the start (Kysely's single connection
 * already serializes this process; the busy timeout queues other processes, such as the import CLI).
 */
export function createBookingStore(db: Kysely<Database>, dialect: Dialect, renderer: ListingRenderer): BookingStore {
  const mysql = dialect === 'mysql';

  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> => inWriteTransaction(db, dialect, work);

  async function lockStudio(trx: Kysely<Database>, studioId: string): Promise<void> {
    if (mysql) await trx.selectFrom('studios').select('id').where('id', '=', studioId).forUpdate().execute();
  }

  /** Runs one booking attempt; on a unique-key violation answers with the row that won, else tries again. */
  async function withRetries<T>(attempt: () => Promise<T>, winner: () => Promise<T | null>): Promise<T> {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        const duplicate = isDuplicateKey(error);
        if (duplicate) {
          // Read after the rollback, outside the failed transaction: the racing duplicate has committed.
          const won = await winner();
          if (won) return won;
        }
        // Otherwise a reference or token collided (astronomically rare), or InnoDB chose this one as a deadlock victim.
        if (tries < ATTEMPTS && (duplicate || isDeadlockVictim(error))) continue;
        throw error;
      }
    }
  }

  /**
   * A seat given back: the first student waiting gets it in this transaction; with nobody to take it
   * (or past the cutoff) the class counts one confirmed booking less, and its listing day shows the
   * spot. The class is locked (MySQL), or the database is (SQLite).
   */
  async function freeSeat(trx: Kysely<Database>, classId: string, studioId: string, studio: ChangingStudio, nowMs: number): Promise<void> {
    const occurrence = await trx.selectFrom('occurrences').select(['local_date', 'starts_at', 'capacity']).where('id', '=', classId).$if(mysql, (query) => query.forUpdate()).executeTakeFirst();
    // A class dropped by an import since: no counter, no listing and no waitlist to follow.
    if (!occurrence) return;
    // A seat is free only under the capacity: an import may have lowered it below the seats already taken, which it leaves taken.
    const underCapacity = occurrence.capacity === null || (await countConfirmed(trx, studioId, classId)) < occurrence.capacity;
    const promoted = underCapacity ? await promoteFromWaitlist(trx, dialect, { id: classId, startsAt: Number(occurrence.starts_at) }, 1, studio, nowMs) : [];
    if (promoted.length > 0) return;
    await trx
      .updateTable('occurrences')
      .set((eb) => ({ confirmed_bookings: sql<number>`case when ${eb.ref('confirmed_bookings')} > 0 then ${eb.ref('confirmed_bookings')} - 1 else 0 end` }))
      .where('id', '=', classId)
      .execute();
    await rebuildDays(trx, studioId, renderer, nowMs, [occurrence.local_date]);
  }

  return {
    async bookClass(request, admit) {
      const key = emailKey(request.guest.email);
      const idempotencyKey = request.idempotencyKey === '' ? null : request.idempotencyKey;
      return withRetries<ClassBookingOutcome>(
        () =>
          inTransaction(async (trx): Promise<ClassBookingOutcome> => {
            const located = await trx.selectFrom('occurrences').select('studio_id').where('id', '=', request.classId).executeTakeFirst();
            if (!located) return { outcome: 'not_found' };
            await lockStudio(trx, located.studio_id);
            const occurrence = await trx
              .selectFrom('occurrences')
              .select(['studio_id', 'id', 'name', 'room', 'starts_at', 'ends_at', 'local_date', 'price', 'capacity', 'cancelled', 'dance_type_key'])
              .where('id', '=', request.classId)
              .$if(mysql, (query) => query.forUpdate())
              .executeTakeFirst();
            // Gone between the two reads: a re-import removed it.
            if (!occurrence) return { outcome: 'not_found' };

            const studio = await readNotifiedStudio(trx, occurrence.studio_id);
            const taken = occurrence.capacity === null ? 0 : await countConfirmed(trx, occurrence.studio_id, occurrence.id);
            const admission = admit(
              { cancelled: occurrence.cancelled !== 0, startsAt: Number(occurrence.starts_at), capacity: occurrence.capacity, confirmedBookings: taken },
              studio.policies,
            );
            // A cancelled or started class books nothing, not even an answer with an earlier booking.
            if (admission === 'cancelled' || admission === 'past') return { outcome: admission };
            const earlier = await earlierBooking(trx, idempotencyKey, occurrence.id, key);
            if (earlier) return earlier;
            if (admission === 'full') return { outcome: 'full' };
            // A full class that takes this student's name on its waitlist: a place, no seat.
            const waiting = admission === 'waitlist';

            const price = occurrence.price === null ? null : Number(occurrence.price);
            const row: BookingRow = withSearchText({
              ...newBookingIdentity(),
              studio_id: occurrence.studio_id,
              kind: 'class',
              class_id: occurrence.id,
              instructor_id: null,
              class_instructor_id: null,
              pricing_id: null,
              starts_at: Number(occurrence.starts_at),
              ends_at: Number(occurrence.ends_at),
              ...guestColumns(request.guest),
              answers: null,
              price,
              currency: price === null ? null : studio.defaultCurrency,
              locale: request.locale,
              formats_locale: request.formatsLocale ?? null,
              created_at: request.nowMs,
              idempotency_key: idempotencyKey,
              title: occurrence.name,
              room: occurrence.room,
              is_event: occurrence.dance_type_key === null ? 1 : 0,
              ...activeColumns(request.guest, request.nowMs),
              ...(waiting ? { status: 'waiting', waitlist_position: await nextWaitlistPosition(trx, occurrence.id) } : {}),
            });
            await trx.insertInto('bookings').values(row).execute();
            const booking = toBookingRecord(row);
            const change = { change: waiting ? 'waiting' : 'confirmed', booking } as const;
            await enqueueMessages(trx, messagesOwed(change, studio, request.nowMs), request.nowMs);
            await enqueueWebhookCalls(trx, change, request.nowMs);
            // A place on the waitlist takes no seat: the listings do not change.
            if (waiting) return { outcome: 'waiting', booking };
            // The listings read spotsLeft from this counter; the class row is locked (MySQL) or the database is (SQLite).
            await trx
              .updateTable('occurrences')
              .set((eb) => ({ confirmed_bookings: eb('confirmed_bookings', '+', 1) }))
              .where('id', '=', occurrence.id)
              .execute();
            // ...and the class's joined day of the week listings, under the same lock.
            await rebuildDays(trx, occurrence.studio_id, renderer, request.nowMs, [occurrence.local_date]);
            await bumpVersion(trx, occurrence.studio_id);
            return { outcome: 'confirmed', booking };
          }),
        () => earlierBooking(db, idempotencyKey, request.classId, key),
      );
    },

    async bookPrivateLesson(request, isStillFree) {
      const idempotencyKey = request.idempotencyKey === '' ? null : request.idempotencyKey;
      return withRetries<PrivateLessonBookingOutcome>(
        () =>
          inTransaction(async (trx): Promise<PrivateLessonBookingOutcome> => {
            await lockStudio(trx, request.studioId);
            const offer = await trx
              .selectFrom('private_lesson_offers')
              .select('person_id')
              .where('studio_id', '=', request.studioId)
              .where('person_id', '=', request.instructorId)
              .$if(mysql, (query) => query.forUpdate())
              .executeTakeFirst();
            const repeated = await repeatedForm(trx, idempotencyKey);
            if (repeated) return repeated;
            // The offer was withdrawn (re-imported away) since the form was shown.
            if (!offer) return { outcome: 'slot_taken' };

            const busy = await readBusyIntervals(trx, request.studioId, request.instructorId, request.startsAt - DAY_MS, request.endsAt + DAY_MS);
            if (!isStillFree(busy)) return { outcome: 'slot_taken' };

            const row: BookingRow = withSearchText({
              ...newBookingIdentity(),
              studio_id: request.studioId,
              kind: 'private_lesson',
              class_id: null,
              instructor_id: request.instructorId,
              class_instructor_id: null,
              pricing_id: request.pricingId,
              starts_at: request.startsAt,
              ends_at: request.endsAt,
              ...guestColumns(request.guest),
              answers: JSON.stringify(request.answers),
              price: request.price,
              currency: request.currency,
              locale: request.locale,
              formats_locale: request.formatsLocale ?? null,
              created_at: request.nowMs,
              idempotency_key: idempotencyKey,
              title: request.title,
              room: null,
              is_event: 0,
              ...activeColumns(request.guest, request.nowMs),
            });
            await trx.insertInto('bookings').values(row).execute();
            const booking = toBookingRecord(row);
            await enqueueMessages(trx, messagesOwed({ change: 'confirmed', booking }, await readNotifiedStudio(trx, request.studioId), request.nowMs), request.nowMs);
            await enqueueWebhookCalls(trx, { change: 'confirmed', booking }, request.nowMs);
            await bumpVersion(trx, request.studioId);
            return { outcome: 'confirmed', booking };
          }),
        () => repeatedForm(db, idempotencyKey),
      );
    },

    async cancelBooking(request, mayCancel) {
      return inTransaction(async (trx): Promise<CancelOutcome> => {
        const located = await trx.selectFrom('bookings').select('studio_id').where('id', '=', request.bookingId).executeTakeFirst();
        if (!located) return { outcome: 'not_found' };
        await lockStudio(trx, located.studio_id);
        const row = await trx.selectFrom('bookings').selectAll().where('id', '=', request.bookingId).$if(mysql, (query) => query.forUpdate()).executeTakeFirst();
        if (!row) return { outcome: 'not_found' };
        const before = toBookingRecord(row);
        if (before.status === 'cancelled') return { outcome: 'already_cancelled', booking: before };
        const studio = await readNotifiedStudio(trx, row.studio_id);
        if (!mayCancel(before, studio.policies)) return { outcome: 'refused', booking: before };

        const after = await markCancelled(trx, row, request.by, studio, request.nowMs);
        if (before.status === 'confirmed' && row.class_id !== null) await freeSeat(trx, row.class_id, row.studio_id, studio, request.nowMs);
        await bumpVersion(trx, row.studio_id);
        return { outcome: 'cancelled', booking: after };
      });
    },

    async findByAccessToken(accessToken) {
      if (accessToken === '') return null;
      const row = await db.selectFrom('bookings').selectAll().where('access_token', '=', accessToken).executeTakeFirst();
      return row ? toBookingRecord(row) : null;
    },

    async findById(bookingId: string) {
      const row = await db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
      return row ? toBookingRecord(row) : null;
    },

    /** A waiting booking's place in its class's queue (1: the next to get a seat); null when it is not waiting. */
    async waitlistPlace(booking: BookingRecord) {
      if (booking.status !== 'waiting' || booking.classId === null) return null;
      const row = await db
        .selectFrom('bookings as mine')
        .innerJoin('bookings as ahead', (join) => join.onRef('ahead.class_id', '=', 'mine.class_id'))
        .select(sql<number | string>`count(*)`.as('n'))
        .where('mine.id', '=', booking.id)
        .where('ahead.status', '=', 'waiting')
        .whereRef('ahead.waitlist_position', '<=', 'mine.waitlist_position')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

function newBookingIdentity(): Pick<BookingRow, 'id' | 'reference' | 'access_token' | 'status'> {
  return { id: randomUUID(), reference: newBookingReference(), access_token: newAccessToken(), status: 'confirmed' };
}

function guestColumns(guest: BookingRecord['guest']): Pick<BookingRow, 'first_name' | 'last_name' | 'email' | 'email_key' | 'phone'> {
  return { first_name: guest.firstName, last_name: guest.lastName, email: guest.email, email_key: emailKey(guest.email), phone: guest.phone };
}

/** The row with the text the studio finds it by (its guest and reference, folded). */
function withSearchText(row: Omit<BookingRow, 'search_text'>): BookingRow {
  return { ...row, search_text: bookingSearchText({ firstName: row.first_name, lastName: row.last_name, email: row.email }, row.reference) };
}

/** The columns of a booking that holds its seat (or place): the email's one active booking of the class, not cancelled. */
function activeColumns(guest: BookingRecord['guest'], nowMs: number): Pick<BookingRow, 'active_key' | 'cancelled_at' | 'cancelled_by' | 'waitlist_position' | 'calendar_sequence' | 'updated_at'> {
  return { active_key: emailKey(guest.email), cancelled_at: null, cancelled_by: null, waitlist_position: null, calendar_sequence: 0, updated_at: nowMs };
}

/** The studio's policies, what the outbox needs of it and its currency, read inside the booking's transaction. */
async function readNotifiedStudio(trx: Kysely<Database>, studioId: string): Promise<ChangingStudio & { defaultCurrency: string; policies: StudioPolicies }> {
  const row = await trx
    .selectFrom('studios')
    .select(['default_currency', 'notification_email', 'cancellation_cutoff_minutes', 'waitlist_enabled', 'reminder_minutes', 'terms_url', 'privacy_url'])
    .where('id', '=', studioId)
    .executeTakeFirstOrThrow();
  return {
    defaultCurrency: row.default_currency,
    notificationEmail: row.notification_email,
    policies: {
      cancellationCutoffMinutes: Number(row.cancellation_cutoff_minutes),
      waitlist: Number(row.waitlist_enabled) !== 0,
      reminderMinutes: Number(row.reminder_minutes),
      termsUrl: row.terms_url,
      privacyUrl: row.privacy_url,
    },
  };
}

/** The booking the same form made already (a double tap, a reloaded POST): answered again, as made. */
async function repeatedForm(db: Kysely<Database>, idempotencyKey: string | null): Promise<{ outcome: 'repeated'; booking: BookingRecord } | null> {
  const booking = idempotencyKey === null ? null : await findByIdempotencyKey(db, idempotencyKey);
  return booking ? { outcome: 'repeated', booking } : null;
}

/** The form's own booking made already, else the seat (or place) the same email holds on the class. */
async function earlierBooking(db: Kysely<Database>, idempotencyKey: string | null, classId: string, key: string): Promise<ClassBookingOutcome | null> {
  const repeated = await repeatedForm(db, idempotencyKey);
  if (repeated) return repeated;
  const seat = await findSeat(db, classId, key);
  return seat ? { outcome: 'existing', booking: seat } : null;
}

async function findByIdempotencyKey(db: Kysely<Database>, idempotencyKey: string): Promise<BookingRecord | null> {
  const row = await db.selectFrom('bookings').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row ? toBookingRecord(row) : null;
}

/** The booking holding this email's seat (or place on the waitlist) in the class, if any. */
async function findSeat(db: Kysely<Database>, classId: string, key: string): Promise<BookingRecord | null> {
  const row = await db.selectFrom('bookings').selectAll().where('class_id', '=', classId).where('active_key', '=', key).executeTakeFirst();
  return row ? toBookingRecord(row) : null;
}

/** The class's seats taken now: its confirmed bookings, counted under the class's lock. */
async function countConfirmed(trx: Kysely<Database>, studioId: string, classId: string): Promise<number> {
  const counted = await trx
    .selectFrom('bookings')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('studio_id', '=', studioId)
    .where('class_id', '=', classId)
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** The public API's cache and `spotsLeft` follow the studio's change counter. */
async function bumpVersion(trx: Kysely<Database>, studioId: string): Promise<void> {
  await trx
    .updateTable('studios')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', studioId)
    .execute();
}
