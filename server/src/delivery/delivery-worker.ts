import type { Logger } from 'pino';
import { failureStreak } from '../logging/failure-streak';
import { studentCancellation } from '../domain/booking/cancellation';
import type { BookingRecord } from '../domain/booking/types';
import { noLongerOwed } from '../domain/notifications/owed-messages';
import { isGivenUp, retryDelayMs } from '../domain/notifications/retry-schedule';
import type { BookingCatalogReader } from '../domain/booking/ports';
import type { ClaimedMessage, MessageLine, OutboxStore } from '../data/outbox-store';
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

/** A wait that ends by itself, or early with cancel(). */
interface Pause {
  over: Promise<void>;
  cancel(): void;
}

/** Messages claimed at once: small, so the claims of several workers interleave. */
const BATCH_SIZE = 20;
/** Webhook calls in flight at once: posts to the studios' receivers, each waited for up to 10 s. */
const WEBHOOK_CALLS_AT_ONCE = 16;
/**
 * How long a claim lasts: a worker killed mid-delivery gives its messages back after this. Longer
 * than a batch of slow sends (each SMTP step times out after 30 s) takes, so no live worker loses
 * its claim.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

export function createDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const { outbox, logger } = deps;
  let loops: { done: Promise<void>; wake(): void }[] | null = null;
  let stopping = false;

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
      const stale = noLongerOwed(message, booking, studio.policies, deps.now());
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
        cancellableOnline: studentCancellation(booking, studio.policies, deps.now()) === 'open',
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

  /**
   * The channels, each delivered on its own: a receiver that takes its time (a webhook's 10 s) never
   * holds back the emails, nor the other receivers' calls. `lanes`: how many messages are in flight
   * at once (the emails: as many as the mail transport keeps connections open).
   */
  const channels = [{ name: 'email', lanes: SMTP_CONNECTIONS }, ...(deps.webhooks ? [{ name: 'webhook', lanes: WEBHOOK_CALLS_AT_ONCE }] : [])];

  /**
   * Claims one at a time in this worker: on MariaDB a claim locks the rows it reads, and a claim of
   * the other channel beside it could skip them as taken (an index per channel keeps their reads
   * apart, migration 032; the optimizer is not bound to use it).
   */
  let claiming: Promise<unknown> = Promise.resolve();
  const claimDue = (...args: Parameters<typeof outbox.claimDue>): Promise<ClaimedMessage[]> => {
    const claimed = claiming.then(() => outbox.claimDue(...args));
    claiming = claimed.catch(() => undefined);
    return claimed;
  };

  /**
   * Delivers a channel's due messages until none is due: claims more as soon as a lane is free, not
   * when the slowest of a batch is done. A booking's messages to one recipient go one after the
   * other, in the order they were owed (a student never reads the cancellation before the
   * confirmation): those claimed together in one lane, and none claimed while an earlier one of that
   * line is in flight. `idle`: how the loop waits for new messages while lanes are busy.
   */
  async function deliverChannel(channel: string, lanes: number, idle?: () => Pause): Promise<number> {
    const inFlight = new Map<string, { line: MessageLine | null; delivered: Promise<void> }>();
    const waitForOne = () => Promise.race([...inFlight.values()].map((lane) => lane.delivered));
    let handled = 0;
    for (;;) {
      const room = lanes - inFlight.size;
      const except = [...inFlight.values()].flatMap((lane) => (lane.line ? [lane.line] : []));
      let batch: ClaimedMessage[] = [];
      try {
        if (room > 0 && !stopping) batch = await claimDue(deps.now(), Math.min(BATCH_SIZE, room), CLAIM_LEASE_MS, { channel, except });
      } catch (error) {
        // What is in flight finishes (each delivery marks its own message) before the pass gives up.
        await Promise.all([...inFlight.values()].map((lane) => lane.delivered));
        throw error;
      }
      handled += batch.length;
      for (const [key, queue] of byLine(batch)) {
        const first = queue[0] as ClaimedMessage;
        const delivered = (async () => {
          for (const message of queue) await deliver(message);
        })().finally(() => inFlight.delete(key));
        inFlight.set(key, { line: first.bookingId === null ? null : { bookingId: first.bookingId, webhookId: first.webhookId }, delivered });
      }
      if (inFlight.size === 0) return handled;
      if (inFlight.size >= lanes) {
        // No lane free: wait for one.
        await waitForOne();
      } else if (batch.length === 0) {
        // Lanes free and nothing due: wait for one in flight, or for new messages (a wake, the next poll), whichever comes first.
        const pause = idle?.();
        await Promise.race(pause ? [waitForOne(), pause.over] : [waitForOne()]);
        pause?.cancel();
      }
    }
  }

  async function deliverDue(): Promise<number> {
    const handled = await Promise.all(channels.map((channel) => deliverChannel(channel.name, channel.lanes)));
    return handled.reduce((sum, count) => sum + count, 0);
  }

  /** Each channel's own loop: a pass over what is due, then a pause until the next poll or a wake(). */
  function channelLoop(channel: { name: string; lanes: number }) {
    let wakeUp: (() => void) | null = null;
    let wakeRequested = false;
    /** Over after the poll interval, at a wake() (or at once if one came since the last pause); cancel() ends it early, quietly. */
    const pause = (): Pause => {
      let end = () => {};
      const over = new Promise<void>((resolve) => {
        const timer = setTimeout(done, deps.pollMs);
        function done() {
          clearTimeout(timer);
          if (wakeUp === done) wakeUp = null;
          resolve();
        }
        end = done;
        wakeUp = done;
        // A wake that came meanwhile ends this pause, and is used up by it.
        if (wakeRequested) {
          wakeRequested = false;
          done();
        }
      });
      return { over, cancel: () => end() };
    };
    // The database is away, say: the messages wait in the outbox, and the next pass tries again; said once a minute, not every pass.
    const passes = failureStreak(logger, { failing: 'the delivery worker could not read the outbox', recovered: 'the delivery worker reads the outbox again' }, { channel: channel.name }, deps.now);
    const run = async () => {
      while (!stopping) {
        wakeRequested = false;
        try {
          await deliverChannel(channel.name, channel.lanes, pause);
          passes.succeeded();
        } catch (error) {
          passes.failed(error);
        }
        if (!stopping) await pause().over;
      }
    };
    return {
      done: run(),
      wake() {
        wakeRequested = true;
        wakeUp?.();
      },
    };
  }

  return {
    start() {
      if (loops) return;
      stopping = false;
      loops = channels.map(channelLoop);
    },
    wake() {
      for (const loop of loops ?? []) loop.wake();
    },
    deliverDue,
    async stop() {
      stopping = true;
      for (const loop of loops ?? []) loop.wake();
      await Promise.all((loops ?? []).map((loop) => loop.done));
      loops = null;
    },
  };
}

/**
 * A batch's messages by line: one booking's to one recipient (its emails, or its calls to one
 * webhook; a message of no booking on its own), each line's in the order they were claimed (owed).
 */
function byLine(batch: ClaimedMessage[]): Map<string, ClaimedMessage[]> {
  const queues = new Map<string, ClaimedMessage[]>();
  for (const message of batch) {
    const key = `${message.webhookId ?? 'email'} ${message.bookingId ?? message.id}`;
    queues.set(key, [...(queues.get(key) ?? []), message]);
  }
  return queues;
}

/** The address part of `Name <address>`. */
export function addressOf(from: string): string {
  return /<([^<>]+)>/.exec(from)?.[1] ?? from.trim();
}
