import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { MessageAudience, MessageEvent, OwedMessage } from '../domain/notifications/owed-messages';
import type { Dialect } from './database-url';
import type { Database, OutboxTable } from './tables';
import { inWriteTransaction } from './write-transaction';

/**
 * The outbox: messages owed to someone, written in the transaction of the change that owes them
 * (`enqueueMessages`), and taken by the delivery workers of any number of processes.
 *
 * A worker claims a batch of due messages in one short transaction: on MySQL/MariaDB the rows are
 * read `FOR UPDATE SKIP LOCKED`, so workers of other processes take other rows instead of waiting;
 * on SQLite the transaction holds the database's write lock. A claim moves the message's
 * `available_at` past a lease: a worker killed mid-delivery gives its messages back when the lease
 * ends, and another one delivers them. What a worker writes afterwards carries its claim token, so
 * a worker whose lease was taken over writes nothing.
 */

export interface ClaimedMessage {
  id: string;
  studioId: string;
  bookingId: string | null;
  /** 'email', or 'webhook' (data/webhooks.ts) */
  channel: string;
  /** a webhook call: its webhook, and its body as written when the change was made */
  webhookId: string | null;
  webhookBody: string | null;
  audience: MessageAudience;
  event: MessageEvent;
  payload: OwedMessage['payload'];
  dueAt: number;
  /** tries so far, this one included */
  attempts: number;
  claimToken: string;
}

/** The messages of one booking to one recipient (the student and studio by email, or one webhook), delivered in the order they were owed. */
export interface MessageLine {
  bookingId: string;
  webhookId: string | null;
}

const LAST_ERROR_LENGTH = 1000;

/** A message in one of these states is done with: kept for the record until the retention ends (delivery/outbox-retention.ts). */
const FINISHED_STATUSES = ['sent', 'failed', 'dropped'];

/** A booking's pending reminder emails, no longer owed (`reason`): its class moved, and a new one is owed at the new time. */
export async function dropPendingReminders(trx: Kysely<Database>, bookingId: string, reason: string, nowMs: number): Promise<void> {
  await trx
    .updateTable('outbox')
    .set({ status: 'dropped', done_at: nowMs, last_error: reason })
    .where('booking_id', '=', bookingId)
    .where('channel', '=', 'email')
    .where('event', '=', 'reminder')
    .where('status', '=', 'pending')
    .execute();
}

/** Writes the messages inside the caller's transaction. */
export async function enqueueMessages(trx: Kysely<Database>, messages: OwedMessage[], nowMs: number): Promise<void> {
  if (messages.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(
      messages.map((message) => ({
        id: randomUUID(),
        studio_id: message.studioId,
        booking_id: message.bookingId,
        channel: 'email',
        audience: message.audience,
        event: message.event,
        payload: message.payload === null ? null : JSON.stringify(message.payload),
        due_at: message.dueAt,
        available_at: message.dueAt,
        status: 'pending',
        created_at: nowMs,
      })),
    )
    .execute();
}

export function createOutboxStore(db: Kysely<Database>, dialect: Dialect) {
  const finish = (message: ClaimedMessage, values: Partial<Selectable<OutboxTable>>) =>
    db
      .updateTable('outbox')
      .set({ ...values, claim_token: null })
      .where('id', '=', message.id)
      .where('claim_token', '=', message.claimToken)
      .execute();

  return {
    /**
     * Up to `limit` due messages, oldest first, each claimed until `nowMs + leaseMs`: of one channel
     * (`only.channel`, 'email' or 'webhook') when given, and none of a line in `only.except` (one
     * booking's messages to one recipient: the claimer's still in flight, as a line's messages go out
     * one after the other).
     */
    async claimDue(nowMs: number, limit: number, leaseMs: number, only: { channel?: string; except?: readonly MessageLine[] } = {}): Promise<ClaimedMessage[]> {
      const claimToken = randomUUID();
      const { channel, except = [] } = only;
      const claimed = await inWriteTransaction(db, dialect, async (trx) => {
        const due = await trx
          .selectFrom('outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('available_at', '<=', nowMs)
          .$if(channel !== undefined, (query) => query.where('channel', '=', channel as string))
          .$if(except.length > 0, (query) =>
            query.where((eb) =>
              eb.not(
                eb.or(
                  except.map((line) => eb.and([eb('booking_id', '=', line.bookingId), line.webhookId === null ? eb('webhook_id', 'is', null) : eb('webhook_id', '=', line.webhookId)])),
                ),
              ),
            ),
          )
          .orderBy('available_at')
          .limit(limit)
          .$if(dialect === 'mysql', (query) => query.forUpdate().skipLocked())
          .execute();
        if (due.length === 0) return 0;
        await trx
          .updateTable('outbox')
          .set((eb) => ({ claim_token: claimToken, available_at: nowMs + leaseMs, attempts: eb('attempts', '+', 1) }))
          .where(
            'id',
            'in',
            due.map((row) => row.id),
          )
          .execute();
        return due.length;
      });
      if (claimed === 0) return [];
      const rows = await db.selectFrom('outbox').selectAll().where('claim_token', '=', claimToken).orderBy('due_at').orderBy('created_at').execute();
      return rows.map(toClaimedMessage);
    },

    async markSent(message: ClaimedMessage, nowMs: number): Promise<void> {
      await finish(message, { status: 'sent', done_at: nowMs, last_error: null });
    },

    /** Not delivered this time: tried again from `retryAt`. */
    async markRetry(message: ClaimedMessage, error: string, retryAt: number): Promise<void> {
      await finish(message, { available_at: retryAt, last_error: error.slice(0, LAST_ERROR_LENGTH) });
    },

    /** Given up after the last retry. */
    async markFailed(message: ClaimedMessage, error: string, nowMs: number): Promise<void> {
      await finish(message, { status: 'failed', done_at: nowMs, last_error: error.slice(0, LAST_ERROR_LENGTH) });
    },

    /** No longer owed (a reminder of a booking cancelled since, a studio with no address any more). */
    async markDropped(message: ClaimedMessage, reason: string, nowMs: number): Promise<void> {
      await finish(message, { status: 'dropped', done_at: nowMs, last_error: reason.slice(0, LAST_ERROR_LENGTH) });
    },

    /** A webhook call's answer (its status code; null when none came) and when it was tried: the studio's list of deliveries shows them. */
    async recordResponse(message: ClaimedMessage, responseStatus: number | null, nowMs: number): Promise<void> {
      await db.updateTable('outbox').set({ response_status: responseStatus, attempted_at: nowMs }).where('id', '=', message.id).where('claim_token', '=', message.claimToken).execute();
    },

    /**
     * Removes up to `limit` messages that were finished (sent, given up or dropped) before
     * `finishedBeforeMs`, in no particular order (an order would sort every expired message each
     * time); answers how many. Pending messages are never removed, however old. Read, then deleted by
     * id: MariaDB takes no LIMIT in an `IN` subquery, SQLite none on a DELETE.
     */
    async removeFinished(finishedBeforeMs: number, limit: number): Promise<number> {
      const finished = await db
        .selectFrom('outbox')
        .select('id')
        .where('status', 'in', FINISHED_STATUSES)
        .where('done_at', '<', finishedBeforeMs)
        .limit(limit)
        .execute();
      if (finished.length === 0) return 0;
      const removed = await db
        .deleteFrom('outbox')
        .where(
          'id',
          'in',
          finished.map((row) => row.id),
        )
        .where('status', 'in', FINISHED_STATUSES)
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    /** When the next pending message is available, or null when none is: the worker sleeps until then. */
    async nextAvailableAt(): Promise<number | null> {
      const row = await db.selectFrom('outbox').select((eb) => eb.fn.min('available_at').as('next')).where('status', '=', 'pending').executeTakeFirst();
      return row?.next === null || row?.next === undefined ? null : Number(row.next);
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;

function toClaimedMessage(row: Selectable<OutboxTable>): ClaimedMessage {
  const webhook = row.channel === 'webhook';
  return {
    id: row.id,
    studioId: row.studio_id,
    bookingId: row.booking_id,
    channel: row.channel,
    webhookId: row.webhook_id,
    webhookBody: webhook ? row.payload : null,
    audience: row.audience as MessageAudience,
    event: row.event as MessageEvent,
    payload: row.payload === null || webhook ? null : (JSON.parse(row.payload) as OwedMessage['payload']),
    dueAt: Number(row.due_at),
    attempts: Number(row.attempts),
    claimToken: row.claim_token ?? '',
  };
}
