import type { Logger } from 'pino';
import type { BookingRecord } from '../domain/booking/types';
import { noLongerOwed } from '../domain/notifications/owed-messages';
import { isGivenUp, retryDelayMs } from '../domain/notifications/retry-schedule';
import type { BookingCatalogReader } from '../domain/booking/ports';
import type { ClaimedMessage, OutboxStore } from '../data/outbox-store';
import { renderBookingEmail } from '../mail/booking-email';
import { SMTP_CONNECTIONS, type MailTransport } from '../mail/mail-transport';
import type { WebhookSender } from './webhook-delivery';

/**
 * Delivers the outbox: claims due messages (outbox-store.ts), renders each with the booking and
 * studio as they are now, sends it, and marks it sent (or dropped, when it no longer describes the
 * booking: owed-messages.ts); a failure is retried on the schedule of
 * retry-schedule.ts and given up (logged as an error) after 72 hours. One runs in every server
 * process and in `npm run worker`; any number of them share the work.
 */

export interface DeliveryWorkerDeps {
  outbox: Pick<OutboxStore, 'claimDue' | 'markSent' | 'markRetry' | 'markFailed' | 'markDropped'>;
  bookings: { findById(bookingId: string): Promise<BookingRecord | null>; waitlistPlace(booking: BookingRecord): Promise<number | null> };
  studios: Pick<BookingCatalogReader, 'findStudio' | 'listActiveQuestions'>;
  transport: MailTransport;
  /** where the students' manage pages are: `{checkoutBaseUrl}/booking/{token}` */
  checkoutBaseUrl: string;
  /** the address emails are sent from (the calendar invitations' organizer) */
  senderAddress: string;
  now: () => number;
  logger: Logger;
  /** how often an idle worker looks for due messages (a wake() looks at once) */
  pollMs: number;
  /** posts the studios' webhook calls (channel 'webhook'); without it they wait in the outbox */
  webhooks?: WebhookSender;
}

export interface DeliveryWorker {
  /** starts the loop (idempotent) */
  start(): void;
  /** looks for due messages now: after a commit that owes some */
  wake(): void;
  /** one pass: claims the due messages (a batch at a time) and delivers them; answers how many were handled */
  deliverDue(): Promise<number>;
  /** stops the loop and waits for the delivery in progress */
  stop(): Promise<void>;
}

/** Messages claimed at once: small, so the claims of several workers interleave. */
const BATCH_SIZE = 20;
/**
 * How long a claim lasts: a worker killed mid-delivery gives its messages back after this. Longer
 * than a batch of slow sends (each SMTP step times out after 30 s) takes, so no live worker loses
 * its claim.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

export function createDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const { outbox, logger } = deps;
  let loop: Promise<void> | null = null;
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let wakeRequested = false;

  async function deliver(message: ClaimedMessage): Promise<void> {
    const log = { messageId: message.id, event: message.event, audience: message.audience, bookingId: message.bookingId, attempt: message.attempts };
    /** Not sent, and never to be: said in the log, and the row keeps why. */
    const drop = async (reason: string) => {
      logger.info({ ...log, reason }, 'email dropped: no longer owed');
      await outbox.markDropped(message, reason, deps.now());
    };
    try {
      if (message.channel === 'webhook') return await deliverWebhookCall(message, log);
      const booking = message.bookingId === null ? null : await deps.bookings.findById(message.bookingId);
      const studio = booking === null ? null : await deps.studios.findStudio(booking.studioId);
      if (booking === null || studio === null) return await drop('the booking or its studio no longer exists');
      const stale = noLongerOwed(message, booking, deps.now());
      if (stale !== null) return await drop(stale);
      const email = renderBookingEmail({
        messageId: message.id,
        audience: message.audience,
        event: message.event,
        payload: message.payload,
        booking,
        studio,
        manageUrl: `${deps.checkoutBaseUrl}/booking/${booking.accessToken}`,
        senderAddress: deps.senderAddress,
        waitlistPlace: await deps.bookings.waitlistPlace(booking),
        // Only the studio's copy lists the answers, and only a private lesson's booking has any.
        questions: message.audience === 'studio' && booking.answers !== null ? await deps.studios.listActiveQuestions(booking.studioId) : [],
      });
      if (email === null) return await drop('the studio has no notification address');
      await deps.transport.send(email);
      await outbox.markSent(message, deps.now());
      logger.info(log, 'email delivered');
    } catch (error) {
      const failedAt = deps.now();
      const reason = error instanceof Error ? error.message : String(error);
      if (isGivenUp(message.dueAt, failedAt)) {
        logger.error({ ...log, reason }, `gave up delivering ${message.channel === 'webhook' ? 'a webhook call' : 'an email'}: it failed for 72 hours`);
        await outbox.markFailed(message, reason, failedAt).catch((markError: unknown) => logger.warn({ ...log, err: markError }, 'could not mark an email as failed'));
      } else {
        const retryAt = failedAt + retryDelayMs(message.attempts);
        logger.warn({ ...log, reason, retryAt: new Date(retryAt).toISOString() }, `could not deliver ${message.channel === 'webhook' ? 'a webhook call' : 'an email'}; it will be tried again`);
        // If this write fails too, the claim ends by itself and the message is tried again then.
        await outbox.markRetry(message, reason, retryAt).catch((markError: unknown) => logger.warn({ ...log, err: markError }, 'could not schedule an email retry'));
      }
    }
  }

  /** A studio's webhook call: posted and marked sent, or thrown back to be retried like an email. */
  async function deliverWebhookCall(message: ClaimedMessage, log: Record<string, unknown>): Promise<void> {
    if (!deps.webhooks) throw new Error('this worker has no webhook sender');
    const outcome = await deps.webhooks.deliver(message);
    if (outcome === 'webhook_deleted') return await outbox.markDropped(message, 'the webhook was deleted', deps.now());
    await outbox.markSent(message, deps.now());
    logger.info({ ...log, webhookId: message.webhookId }, 'webhook delivered');
  }

  async function deliverDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await outbox.claimDue(deps.now(), BATCH_SIZE, CLAIM_LEASE_MS);
      await deliverBatch(batch);
      handled += batch.length;
      if (batch.length < BATCH_SIZE || stopping) return handled;
    }
  }

  /**
   * A few emails at once (the mail transport keeps as many connections open); the messages of one
   * booking one after the other, in the order they were owed, so a student never reads the
   * cancellation before the confirmation.
   */
  async function deliverBatch(batch: ClaimedMessage[]): Promise<void> {
    const byBooking = new Map<string, ClaimedMessage[]>();
    for (const message of batch) {
      const key = message.bookingId ?? message.id;
      byBooking.set(key, [...(byBooking.get(key) ?? []), message]);
    }
    const queues = [...byBooking.values()];
    const lane = async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) for (const message of queue) await deliver(message);
    };
    await Promise.all(Array.from({ length: Math.min(SMTP_CONNECTIONS, queues.length) }, lane));
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
      if (wakeRequested) done();
    });
  }

  async function run(): Promise<void> {
    while (!stopping) {
      wakeRequested = false;
      try {
        await deliverDue();
      } catch (error) {
        // The database is away, say: the messages wait in the outbox, and the next pass tries again.
        logger.warn({ err: error }, 'the delivery worker could not read the outbox');
      }
      if (!stopping) await sleep(deps.pollMs);
    }
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      loop = run();
    },
    wake() {
      wakeRequested = true;
      wakeUp?.();
    },
    deliverDue,
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
      loop = null;
    },
  };
}

/** The address part of `Name <address>`. */
export function addressOf(from: string): string {
  return /<([^<>]+)>/.exec(from)?.[1] ?? from.trim();
}
