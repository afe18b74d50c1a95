import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { listenProblem, type Config } from './config';
import { replaceCatalog } from './data/catalog-writer';
import { openStore, type Store } from './data/database';
import { migrateToLatest } from './data/migrate';
import { createPublicCatalogReader } from './data/public-catalog-reader';
import { createListingReads } from './data/listing-reads';
import { refreshListingJson } from './data/listing-refresh';
import { rememberStudios } from './data/remembered-studios';
import { removeStudio } from './data/studio-removal';
import { listingRenderer } from './http/listing/listing-entries';
import { countStudios, lastOccurrenceStart, ping, readStudioStamps, studioAddresses } from './data/studio-changes';
import { isUnreachableError, mapUnreachable } from './data/unavailable';
import { demoStudioId, isLoadedDemoAddress, pointDemoImagesAt, readDemoDocument, rollDemoDocument } from './demo/demo-studio';
import { StoreUnavailableError } from './domain/errors';
import { createPublicCatalog } from './domain/public-api/public-catalog';
import { importStudioDocument, type CatalogStore } from './domain/studio-document/import-studio';
import { createBookingService } from './domain/booking/booking-service';
import { createBookingCatalogReader } from './data/booking-catalog-reader';
import { createBookingStore } from './data/booking-store';
import { createApp } from './http/app';
import { requestLogger } from './http/middleware/request-logger';
import { bufferedFileDestination } from './logging/buffered-log-destination';
import { failureStreak } from './logging/failure-streak';
import { ResponseCache } from './http/cache/response-cache';
import { StudioStamps } from './http/cache/studio-stamps';
import { USER_KEY_PREFIX, catalogKeyPrefix } from './http/api/cache-keys';
import { openApiDocument } from './http/api/openapi-document';
import { createOutboxDelivery } from './delivery/outbox-delivery';
import type { DeliveryWorker } from './delivery/delivery-worker';
import { resolveWithSystem } from './delivery/outbox-delivery';
import { studioOpenApiDocument } from './http/api/openapi-document';
import { createStudioKeyStore } from './data/studio-keys';
import { createStudioBookingReader } from './data/studio-bookings';
import { createWebhookStore } from './data/webhooks';
import { createStudioApi } from './domain/studio-api/studio-api';
import { createKeyAuthenticator } from './domain/studio-api/key-authentication';
import type { ResolveHost } from './domain/studio-api/webhook-address';
import type { Deprecation } from './http/api/deprecations';
import { closingWriteHead } from './http/closing-connections';
import { ReplicaHealth, routeReads } from './data/read-replica';
import { connectRedis } from './shared-state/redis-connection';
import { sharedRateLimits } from './shared-state/shared-rate-limits';
import { studioChangeChannel, type StudioChangeChannel } from './shared-state/studio-change-channel';
import { cdnPurge } from './delivery/cdn-purge';

/** A request waits at most this long for the database, so an outage is answered 503 well within 2 s. */
const STORE_TIMEOUT_MS = 1500;
/** How often the server retries a database that was unreachable at start. */
const STARTUP_RETRY_MS = 2000;
/** In-flight requests get this long to finish after SIGTERM before connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;
/** The demo studio is re-rolled when its schedule runs out within this many days. */
const DEMO_REFRESH_HORIZON_DAYS = 8 * 7;
/** How often a running server checks that the demo's schedule is not running out (it rolls a year at a time). */
const DEMO_CHECK_INTERVAL_MS = 86_400_000;
/** How often the read replica's lag and change counters are checked. */
const REPLICA_CHECK_MS = 1000;
/** The public catalog's reads by a global id (not a studio's): the replica answers them only when it holds every studio as the primary does. */
const GLOBAL_READS = new Set(['findPerson', 'findOccurrenceSummary']);

export interface RunningServer {
  url: string;
  store: Store;
  logger: Logger;
  /** the studios' change counters; refreshed by polling, or at once with refresh() */
  stamps: StudioStamps;
  /** delivers the outbox (started once the database is ready, unless OUTBOX_WORKER=off) */
  delivery: DeliveryWorker;
  /** settles once the schema is migrated (and the demo loaded): until then the API answers 503 */
  ready: Promise<void>;
  /** stops accepting connections, lets in-flight requests finish, then closes the database */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  now?: () => number;
  /** how webhook hosts are resolved (the system's resolver; tests point names where they need) */
  resolveHost?: ResolveHost;
  /** what the public API has deprecated; by default http/api/deprecations.ts's DEPRECATIONS (tests of the mechanism give their own) */
  deprecations?: readonly Deprecation[];
}

/** A quiet server's buffered log lines are written at least this often. */
const LOG_FLUSH_MS = 1000;

/**
 * JSON logs on standard output. A server gathers them in a 64 KB buffer, written in one synchronous
 * write(2) when full (a write per request would cost more than serving a cached answer), at least every
 * second (a warning of a quiet server is read then, not at its exit), on shutdown and at exit
 * (logging/buffered-log-destination.ts). With `eachLineAtOnce` (`npm run worker`) every line is
 * written as it is logged: a worker logs a line per email, and the line of an email it gave up on must
 * be on standard output even if the process is killed right after.
 */
export function createLogger(level: string, { eachLineAtOnce = false }: { eachLineAtOnce?: boolean } = {}): Logger {
  const destination = eachLineAtOnce ? pino.destination({ dest: 1, sync: true }) : bufferedFileDestination(1, LOG_FLUSH_MS);
  return pino({ level, base: { service: 'studio-data' } }, destination);
}


export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const now = options.now ?? Date.now;
  const store = openStore(config.database);
  const cache = new ResponseCache(config.responseCacheMegabytes, now);
  let replica: ReplicaHealth | null = null;
  /** A studio changed: its answers, and the users' (a user belongs to one studio), are kept no longer. */
  const forgetStudioAnswers = (studioId: string) => {
    cache.forgetStudio(studioId);
    cache.forgetPrefix(USER_KEY_PREFIX);
  };
  const stamps = new StudioStamps(
    () => readStudioStamps(store.db),
    (studioId, change) => {
      forgetStudioAnswers(studioId);
      if (change.catalog) cache.forgetPrefix(catalogKeyPrefix(studioId));
      replica?.primaryChanged(studioId);
    },
  );
  let isReady = false;
  // One warning when the counters cannot be read (the database is away), one a minute while it lasts, one when they can again.
  const stampRefreshes = failureStreak(logger, { failing: 'could not refresh studio change counters', recovered: 'studio change counters refreshed again' }, {}, now);
  const refreshStamps = () => {
    if (isReady) stamps.refresh().then(stampRefreshes.succeeded, stampRefreshes.failed);
  };

  // Several instances share their state through Redis (REDIS_URL): the rate limits' counters, and a
  // message on every studio change so each one forgets the studio's answers at once.
  const redis = config.redisUrl === null ? null : connectRedis(config.redisUrl, logger);
  let changes: StudioChangeChannel | null = null;
  if (redis) {
    const subscriber = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
    // The first connection logs the outages; this one would only repeat them.
    subscriber.on('error', () => {});
    changes = studioChangeChannel(redis, subscriber, config.redisKeyPrefix, logger, {
      onChange: (studioId) => {
        forgetStudioAnswers(studioId);
        refreshStamps();
      },
      onReconnect: refreshStamps,
    });
  }
  const purgeCdn = config.cdnPurgeUrl === null ? undefined : cdnPurge(config.cdnPurgeUrl, config.cdnPurgeToken, logger);

  // The public API's reads go to the replica (DATABASE_READ_URL) while it is up, near enough, and
  // holds the studio as the primary does; everything else (bookings, the pages, stamps, outbox) reads the primary.
  const replicaStore = config.databaseRead === null ? null : openStore(config.databaseRead);
  if (replicaStore) {
    replica = new ReplicaHealth(
      replicaStore.db,
      { versionOf: (studioId) => stamps.get(studioId)?.version, all: () => stamps.all() },
      {
        maxLagSeconds: config.replicaMaxLagSeconds,
        onStateChange: (usable, reason) =>
          usable ? logger.info({ reason }, 'the read replica answers the public API') : logger.warn({ reason }, 'the read replica is bypassed: the primary answers every read'),
      },
    );
  }
  const health = replica;
  const onReplica = <T extends object>(primary: T, onReplicaDb: T, studioOf: (method: string, args: unknown[]) => string | undefined): T =>
    health ? routeReads(primary, onReplicaDb, health, studioOf) : primary;
  const firstArgument = (_method: string, args: unknown[]) => args[0] as string;

  const resolveHost = options.resolveHost ?? resolveWithSystem;
  const { worker: delivery, transport: mailTransport } = createOutboxDelivery(store, config, logger, now, resolveHost);
  const catalogReads = replicaStore
    ? onReplica(createPublicCatalogReader(store.db), createPublicCatalogReader(replicaStore.db), (method, args) => (GLOBAL_READS.has(method) ? undefined : (args[0] as string)))
    : createPublicCatalogReader(store.db);
  const reader = gateUntilReady(
    mapUnreachable(rememberStudios(catalogReads, (studioId) => stamps.get(studioId)?.catalogVersion)),
    () => isReady,
  );
  // The listings' read model: rendered and joined by the HTTP side's format (http/listing/), stored and read here.
  const listingReads = replicaStore ? onReplica(createListingReads(store.db, listingRenderer), createListingReads(replicaStore.db, listingRenderer), firstArgument) : createListingReads(store.db, listingRenderer);
  const listings = gateUntilReady(mapUnreachable(listingReads), () => isReady);
  const whenReady = <T extends object>(target: T): T => gateUntilReady(mapUnreachable(target), () => isReady);
  const bookingStore = whenReady(createBookingStore(store.db, store.dialect, listingRenderer));
  const booking = createBookingService({
    reader: whenReady(createBookingCatalogReader(store.db)),
    store: bookingStore,
    now,
  });
  const onBooked = (studioId: string) => {
    // The booking owes emails (and webhook calls): deliver them now rather than at the next poll.
    delivery.wake();
    // The booking bumped the studio's change counter: read it now so the next API answer is fresh.
    cache.forgetStudio(studioId);
    refreshStamps();
    // The other instances forget it too, now rather than at their next poll.
    changes?.publish(studioId);
  };
  const catalogStore = whenReady(catalogStoreFor(store));
  const studioApi = createStudioApi({
    bookings: whenReady(createStudioBookingReader(store.db)),
    cancelBooking: async (bookingId, mayCancel) => (await bookingStore.cancelBooking({ bookingId, by: 'studio', nowMs: now() }, (current) => mayCancel(current))).outcome,
    importDocument: (document, studioId) => importStudioDocument(catalogStore, document, now(), { studioId }),
    webhooks: whenReady(createWebhookStore(store.db)),
    resolveHost,
    webhookAddresses: { allowLocalhost: config.webhooksToLocalhost },
    now,
  });
  const requestLog = requestLogger(logger, { cacheHitLinesPerSecond: config.logCacheHitsPerSecond });
  const app = createApp({
    logger,
    requestLog,
    catalog: createPublicCatalog(reader, now),
    listings,
    booking,
    onBooked,
    studio: {
      api: studioApi,
      keys: createKeyAuthenticator({ keys: whenReady(createStudioKeyStore(store.db)), now, onTouchError: (error) => logger.warn({ err: error }, "could not record a studio key's last use") }),
      rateLimitPerMinute: config.studioRateLimitPerMinute,
      failedKeysPerMinute: config.studioFailedKeysPerMinute,
      openApiDocument: studioOpenApiDocument,
      onChanged: onBooked,
      onRetry: () => delivery.wake(),
      onImported: purgeCdn && ((studioId) => void purgeCdn(studioId)),
    },
    rateLimits: redis ? sharedRateLimits(redis, config.redisKeyPrefix, logger) : undefined,
    isStopping: () => closing,
    cache,
    stamps,
    openApiDocument,
    deprecations: options.deprecations,
    checkDatabase: async () => {
      if (!isReady) throw new StoreUnavailableError();
      await ping(store.db);
    },
    now,
    settings: {
      cacheMaxAgeSeconds: config.cacheMaxAgeSeconds,
      sharedCaches: { staleWhileRevalidateSeconds: config.cacheStaleWhileRevalidateSeconds, staleIfErrorSeconds: config.cacheStaleIfErrorSeconds },
      rateLimitPerMinute: config.rateLimitPerMinute,
      storeTimeoutMs: STORE_TIMEOUT_MS,
      publicBaseUrl: config.publicBaseUrl,
      checkoutBaseUrl: config.checkoutBaseUrl,
      trustProxy: config.trustProxy,
      bookingSecret: config.bookingSecret,
      bookingPostsPerTenMinutes: config.bookingPostsPerTenMinutes,
    },
  });

  let closing = false;
  /** The server's own responses (the API's answers) close their connection once it is stopping, as Express's do (app.ts). */
  class ShutdownAwareResponse extends http.ServerResponse {}
  ShutdownAwareResponse.prototype.writeHead = closingWriteHead(() => closing);
  const server = http.createServer({ ServerResponse: ShutdownAwareResponse }, app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenProblem(error, config.port, config.host)));
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let demoTimer: NodeJS.Timeout | undefined;
  const ready = (async () => {
    for (;;) {
      try {
        await prepareDatabase(store, now());
        if (config.demoStudio === 'auto') await keepDemoStudioCurrent(store, now(), logger, config.publicBaseUrl);
        else await removeLoadedDemoStudio(store, logger);
        await stamps.refresh();
        break;
      } catch (error) {
        if (closing || !isUnreachableError(error)) throw error;
        logger.warn({ err: error }, `database unreachable at start; retrying in ${STARTUP_RETRY_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, STARTUP_RETRY_MS));
      }
    }
    isReady = true;
    if (config.outboxWorker === 'on') {
      delivery.start();
      logger.info({ to: mailTransport.destination }, 'delivering booking emails');
    }
    stamps.start(config.changePollMilliseconds, stampRefreshes);
    replica?.start(REPLICA_CHECK_MS);
    // A server left running for months keeps its demo current too, not only one started afresh.
    if (config.demoStudio === 'auto') {
      demoTimer = setInterval(() => {
        keepDemoStudioCurrent(store, now(), logger, config.publicBaseUrl).catch((error: unknown) => logger.warn({ err: error }, 'could not keep the demo studio current'));
      }, DEMO_CHECK_INTERVAL_MS).unref();
    }
  })();
  ready.catch((error) => logger.fatal({ err: error }, 'the server could not prepare its database'));

  return {
    url,
    store,
    logger,
    stamps,
    delivery,
    ready,
    async close() {
      closing = true;
      stamps.stop();
      replica?.stop();
      clearInterval(demoTimer);
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS).unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      requestLog.flush();
      await ready.catch(() => undefined);
      // A delivery in progress finishes (or fails and is retried later) before the database closes.
      await delivery.stop();
      mailTransport.close();
      await changes?.close();
      redis?.disconnect();
      // A replica never reached fails its pool's close with the refusal it met: nothing to stop the shutdown for.
      await replicaStore?.close().catch((error: unknown) => logger.warn({ err: error }, 'the read replica could not be closed'));
      await store.close();
    },
  };
}

/** Until the schema is ready every read is answered as "database unavailable" (503), never as a failed query (500). */
function gateUntilReady<T extends object>(reader: T, isReady: () => boolean): T {
  return new Proxy(reader, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (isReady() ? value.apply(target, args) : Promise.reject(new StoreUnavailableError()));
    },
  });
}

export function catalogStoreFor(store: Store): CatalogStore {
  return { replaceCatalog: (catalog, nowMs) => replaceCatalog(store.db, store.dialect, catalog, nowMs, listingRenderer) };
}

/**
 * Brings the schema up to date and the stored listing entries to the current rendering. After an
 * upgrade that changes the rendering this renders every occurrence once (minutes for millions of
 * rows); otherwise it is one small read.
 */
export async function prepareDatabase(store: Store, nowMs: number = Date.now()): Promise<void> {
  await migrateToLatest(store);
  await refreshListingJson(store.db, listingRenderer, nowMs);
}

/**
 * Loads the demo studio into an empty database, and rolls it forward when its schedule is running
 * out. Its images, terms and privacy notice are served by this server: they are named on its public
 * address, and the demo is loaded again when that address has changed since (another PORT or
 * PUBLIC_BASE_URL), or when the stored demo lacks them (loaded by an older version).
 */
/** Whether the stored demo names its logo, terms and privacy notice where the document (pointed at this server) does. */
function servesDemoAssets(stored: Awaited<ReturnType<typeof studioAddresses>>, document: Record<string, unknown>): boolean {
  const studio = document.studio as { logo?: string; policies?: { termsUrl?: string; privacyUrl?: string } };
  return (
    stored !== null &&
    stored.logo === (studio.logo ?? null) &&
    stored.termsUrl === (studio.policies?.termsUrl ?? null) &&
    stored.privacyUrl === (studio.policies?.privacyUrl ?? null)
  );
}

/**
 * DEMO_STUDIO=off on a database a server once loaded the demo into (the default is auto, so a
 * production database's first start loads it): the demo goes, with the try-out bookings made on it,
 * so that students cannot book a studio that does not exist. A studio pushed or imported under the
 * demo's id (its images not on a server's demo address) is someone's own, and stays.
 */
export async function removeLoadedDemoStudio(store: Store, logger: Logger): Promise<void> {
  const demoId = demoStudioId();
  const stored = await studioAddresses(store.db, demoId);
  if (stored === null || !isLoadedDemoAddress(stored.logo)) return;
  const removed = await removeStudio(store.db, demoId);
  logger.info({ studioId: demoId, ...removed }, 'demo studio removed (DEMO_STUDIO=off)');
}

export async function keepDemoStudioCurrent(store: Store, nowMs: number, logger: Logger, publicBaseUrl: string): Promise<void> {
  const document = pointDemoImagesAt(readDemoDocument(), publicBaseUrl);
  const demoId = demoStudioId(document);
  const studios = await countStudios(store.db);
  if (studios > 0) {
    const last = await lastOccurrenceStart(store.db, demoId);
    // Another studio's database: leave it alone.
    if (last === null) return;
    const current = last > nowMs + DEMO_REFRESH_HORIZON_DAYS * 86_400_000;
    // A demo that still has weeks ahead and whose images, terms and privacy notice this server serves: leave it alone too.
    // So too one that someone pushed since (the README's walk-through pushes the demo's file as it is): their change stays until the schedule runs out.
    const stored = await studioAddresses(store.db, demoId);
    if (current && (servesDemoAssets(stored, document) || (stored !== null && !isLoadedDemoAddress(stored.logo)))) return;
  }
  const summary = await importStudioDocument(catalogStoreFor(store), rollDemoDocument(document, nowMs), nowMs);
  logger.info({ studioId: summary.studioId, occurrences: summary.counts.occurrences }, 'demo studio loaded with a current schedule');
}
