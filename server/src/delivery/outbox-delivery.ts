import type { Logger } from 'pino';
import type { Config } from '../config';
import { createBookingCatalogReader } from '../data/booking-catalog-reader';
import { createBookingStore } from '../data/booking-store';
import type { Store } from '../data/database';
import { createOutboxStore } from '../data/outbox-store';
import { listingRenderer } from '../http/listing/listing-entries';
import { createMailTransport, type MailTransport } from '../mail/mail-transport';
import { addressOf, createDeliveryWorker, type DeliveryWorker } from './delivery-worker';

/**
 * The outbox's delivery, put together from the configuration: the same in a server process and in
 * `npm run worker`.
 */
export function createOutboxDelivery(store: Store, config: Config, logger: Logger, now: () => number): { worker: DeliveryWorker; transport: MailTransport } {
  const transport = createMailTransport(config.mail);
  const worker = createDeliveryWorker({
    outbox: createOutboxStore(store.db, store.dialect),
    bookings: createBookingStore(store.db, store.dialect, listingRenderer),
    studios: createBookingCatalogReader(store.db),
    transport,
    checkoutBaseUrl: config.checkoutBaseUrl,
    senderAddress: addressOf(config.mail.from),
    now,
    logger,
    pollMs: config.outboxPollMilliseconds,
  });
  return { worker, transport };
}
