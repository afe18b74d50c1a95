import dns from 'node:dns/promises';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createBookingCatalogReader } from '../data/booking-catalog-reader';
import { createBookingStore } from '../data/booking-store';
import type { Store } from '../data/database';
import { createOutboxStore } from '../data/outbox-store';
import { createWebhookStore } from '../data/webhooks';
import type { ResolveHost } from '../domain/studio-api/webhook-address';
import { listingRenderer } from '../http/listing/listing-entries';
import { createMailTransport, type MailTransport } from '../mail/mail-transport';
import { addressOf, createDeliveryWorker, type DeliveryWorker } from './delivery-worker';
import { createOutboxRetention } from './outbox-retention';
import { createWebhookSender } from './webhook-delivery';

/**
 * The outbox's delivery, put together from the configuration: the same in a server process and in
 * `npm run worker`. Its worker removes the outbox's expired messages too (outbox-retention.ts).
 */
export function createOutboxDelivery(
  store: Store,
  config: Config,
  logger: Logger,
  now: () => number,
  resolveHost: ResolveHost = resolveWithSystem,
): { worker: DeliveryWorker; transport: MailTransport } {
  const transport = createMailTransport(config.mail);
  const outbox = createOutboxStore(store.db, store.dialect);
  const delivery = createDeliveryWorker({
    outbox,
    bookings: createBookingStore(store.db, store.dialect, listingRenderer),
    studios: createBookingCatalogReader(store.db),
    transport,
    checkoutBaseUrl: config.checkoutBaseUrl,
    senderAddress: addressOf(config.mail.from),
    now,
    logger,
    pollMs: config.outboxPollMilliseconds,
    webhooks: createWebhookSender({ webhooks: createWebhookStore(store.db), outbox, resolveHost, addresses: { allowLocalhost: config.webhooksToLocalhost }, now }),
  });
  // Where the outbox is delivered, its finished messages are removed once past their retention.
  const retention = createOutboxRetention({ outbox, retentionDays: config.outboxRetentionDays, now, logger });
  const worker: DeliveryWorker = {
    ...delivery,
    start() {
      delivery.start();
      retention.start();
    },
    async stop() {
      await Promise.all([delivery.stop(), retention.stop()]);
    },
  };
  return { worker, transport };
}

/** The system's resolver (what any connection by name would use), every address of the name. */
export const resolveWithSystem: ResolveHost = async (hostname) => (await dns.lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family }));
