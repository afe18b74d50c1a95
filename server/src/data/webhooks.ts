import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BookingChange } from '../domain/notifications/owed-messages';
import { toStudioBooking } from '../domain/studio-api/booking-view';
import type { DeliveryRecord, DeliveryStatus, WebhookRecord, WebhookStore } from '../domain/studio-api/ports';
import { isWebhookEventType, webhookBody, webhookEventOf } from '../domain/studio-api/webhook-events';
import { readJson } from './json-columns';
import { readStudioBookingSource } from './studio-bookings';
import type { Database, OutboxTable, WebhooksTable } from './tables';

/**
 * A studio's webhooks, and their calls: each call is an outbox row of channel `webhook`, written in
 * the transaction of the booking change it tells of (enqueueWebhookCalls), with its body fixed then
 * (the booking as that change left it), and delivered by the outbox's worker
 * (delivery/webhook-delivery.ts). The row's id is the call's `webhook-id`, the same on every try.
 */

export const WEBHOOK_CHANNEL = 'webhook';

export function createWebhookStore(db: Kysely<Database>): WebhookStore & { findForDelivery(webhookId: string): Promise<WebhookRecord | null> } {
  const find = async (webhookId: string, studioId?: string) => {
    const row = await db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', webhookId)
      .$if(studioId !== undefined, (query) => query.where('studio_id', '=', studioId!))
      .executeTakeFirst();
    return row ? toWebhook(row) : null;
  };

  return {
    async list(studioId) {
      const rows = await db.selectFrom('webhooks').selectAll().where('studio_id', '=', studioId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toWebhook);
    },

    async count(studioId) {
      return (await db.selectFrom('webhooks').select('id').where('studio_id', '=', studioId).execute()).length;
    },

    async create(webhook) {
      await db
        .insertInto('webhooks')
        .values({ id: webhook.id, studio_id: webhook.studioId, url: webhook.url, events: JSON.stringify(webhook.events), secret: webhook.secret, created_at: webhook.createdAt })
        .execute();
    },

    async remove(studioId, webhookId) {
      const result = await db.deleteFrom('webhooks').where('studio_id', '=', studioId).where('id', '=', webhookId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    find: (studioId, webhookId) => find(webhookId, studioId),

    /** The webhook a call goes to, whichever studio's (null: deleted since the call was owed). */
    findForDelivery: (webhookId) => find(webhookId),

    async deliveries(webhookId, limit) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toDelivery);
    },

    async retryNow(webhookId, deliveryId, nowMs) {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending', due_at: nowMs, available_at: nowMs, attempts: 0, claim_token: null, done_at: null })
        .where('id', '=', deliveryId)
        .where('webhook_id', '=', webhookId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      const row = await db.selectFrom('outbox').selectAll().where('id', '=', deliveryId).executeTakeFirstOrThrow();
      return toDelivery(row);
    },
  };
}

/**
 * The webhook calls a booking change owes: one per webhook of the studio that takes the change's
 * event, each with the booking as the change left it. Inside the change's transaction, after the
 * booking row is written.
 */
export async function enqueueWebhookCalls(trx: Kysely<Database>, change: BookingChange, nowMs: number): Promise<void> {
  const type = webhookEventOf(change);
  const hooks = await trx.selectFrom('webhooks').select(['id', 'events']).where('studio_id', '=', change.booking.studioId).execute();
  const subscribed = hooks.filter((hook) => readJson<string[]>(hook.events, []).includes(type));
  if (subscribed.length === 0) return;
  const source = await readStudioBookingSource(trx, change.booking.id);
  if (!source) return;
  const body = JSON.stringify(webhookBody(type, nowMs, toStudioBooking(source)));
  await trx
    .insertInto('outbox')
    .values(
      subscribed.map((hook) => ({
        id: randomUUID(),
        studio_id: change.booking.studioId,
        booking_id: change.booking.id,
        channel: WEBHOOK_CHANNEL,
        audience: 'studio',
        event: type,
        payload: body,
        due_at: nowMs,
        available_at: nowMs,
        status: 'pending',
        created_at: nowMs,
        webhook_id: hook.id,
      })),
    )
    .execute();
}

function toWebhook(row: Selectable<WebhooksTable>): WebhookRecord {
  return {
    id: row.id,
    studioId: row.studio_id,
    url: row.url,
    events: readJson<unknown[]>(row.events, []).filter(isWebhookEventType),
    secret: row.secret,
    createdAt: Number(row.created_at),
  };
}

const STATUS_SHOWN: Record<string, DeliveryStatus> = { pending: 'pending', sent: 'delivered', failed: 'failed', dropped: 'dropped' };

function toDelivery(row: Selectable<OutboxTable>): DeliveryRecord {
  const status = STATUS_SHOWN[row.status] ?? 'pending';
  return {
    id: row.id,
    event: row.event,
    status,
    attempts: Number(row.attempts),
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    attemptedAt: row.attempted_at === null ? null : Number(row.attempted_at),
    nextAttemptAt: status === 'pending' ? Number(row.available_at) : null,
    createdAt: Number(row.created_at),
    lastError: row.last_error,
  };
}
