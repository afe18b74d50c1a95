import type { RequestListener } from 'node:http';
import compression from 'compression';
import express from 'express';
import type { Logger } from 'pino';
import type { PublicCatalog } from '../domain/public-api/public-catalog';
import type { ResponseCache } from './cache/response-cache';
import type { SharedCacheLifetimes } from './cache/send-cached';
import type { StudioStamps } from './cache/studio-stamps';
import { apiErrors, apiNotFound } from './middleware/errors';
import { WINDOW_MS, clientRateLimit, type SharedRateLimitCounters } from './api/rate-limit';
import { ENDPOINTS } from './api/endpoint-table';
import { publicApiHandler } from './api/public-api-handler';
import type { TrustProxy } from './api/client-address';
import type { ListingStore } from './listing/listing-store';
import { provideRequestLog, requestLogger, type RequestLog } from './middleware/request-logger';
import { serviceChecks } from './routes/service';
import type { BookingService } from '../domain/booking/booking-service';
import { bookingPageErrors, bookingPagesRouter } from './pages/routes';
import { ASSET_BASE } from './pages/renderer';
import { csrfProtection, securityHeaders } from './pages/security';
import path from 'node:path';
import { DEMO_ASSETS_PATH } from '../demo/demo-studio';
import { demoAssets } from './demo-assets';
import { studioApiRouter, type StudioApiRouterDeps } from './studio-api/router';
import { frontDoor } from './front-door/front-door';
import { closingWriteHead } from './closing-connections';
import { DEPRECATIONS, deprecationHeaders, deprecationPolicyUrl, type Deprecation } from './api/deprecations';

export interface AppDependencies {
  logger: Logger;
  /** the request log (server.ts makes it, to flush it at shutdown); a line for every request on `logger` when absent */
  requestLog?: RequestLog;
  catalog: PublicCatalog;
  /** the listings' read model (data/listing-reads.ts) */
  listings: ListingStore;
  booking: BookingService;
  /** called after a booking is written (the public API's cached answers of that studio must go) */
  onBooked: (studioId: string) => void;
  cache: ResponseCache;
  stamps: StudioStamps;
  openApiDocument: object;
  /** what the public API has deprecated (api/deprecations.ts's DEPRECATIONS unless a test gives its own) */
  deprecations?: readonly Deprecation[];
  /** the studio API (/api/studio): its use-cases, key checks and what to do after a change */
  studio: StudioApiRouterDeps;
  /** rate limit counters shared by every instance (Redis, REDIS_URL); each process counts alone when absent */
  rateLimits?: SharedRateLimitCounters;
  /** answers whether the database is reachable now (for /readyz) */
  checkDatabase: () => Promise<void>;
  /** true once shutdown has begun: /readyz answers 503, so a load balancer sends new work elsewhere */
  isStopping?: () => boolean;
  now?: () => number;
  settings: {
    cacheMaxAgeSeconds: number;
    /** how long CDNs may serve public answers stale (Cache-Control); absent: max-age only */
    sharedCaches?: SharedCacheLifetimes;
    rateLimitPerMinute: number;
    storeTimeoutMs: number;
    publicBaseUrl: string;
    checkoutBaseUrl: string;
    trustProxy: TrustProxy;
    bookingSecret: string;
    bookingPostsPerTenMinutes: number;
  };
}

/**
 * The HTTP application, built from its dependencies only: tests, the bench and main.ts all start it
 * the same way. A plain Node request handler: it hands every request under /api/public to the API's
 * one handler (api/public-api-handler.ts), the health checks (/healthz, /readyz) to theirs
 * (routes/service.ts), and everything else (the booking pages, the demo's assets, /) to Express; all
 * log each request alike (middleware/request-logger.ts).
 */
export function createApp(deps: AppDependencies): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  // No ETags computed by Express on every send (the API's are computed once per cached body, by its handler).
  app.set('etag', false);
  app.set('trust proxy', typeof deps.settings.trustProxy === 'object' ? [...deps.settings.trustProxy] : deps.settings.trustProxy);
  // Express answers with a response prototype of its own (app.response) in place of the server's:
  // a stopping server's answers close their connection on this path too.
  if (deps.isStopping) app.response.writeHead = closingWriteHead<express.Response>(deps.isStopping);

  provideRequestLog(app, deps.logger);

  // The booking pages' HTML and assets, and the demo's drawings, compressed by Accept-Encoding (br or
  // gzip; per answer, as the pages are made per visitor). The API compresses its cached answers itself.
  const compressed = compression();

  // The demo studio's logo and photos (no cookies, no booking-page headers: other sites show them too).
  app.use(DEMO_ASSETS_PATH, compressed, demoAssets());

  // The studio API: for the studios' own servers, with a key; before the pages and their headers and cookies.
  app.use('/api/studio', studioApiRouter({ ...deps.studio, rateLimitStore: deps.rateLimits?.store('studio'), failedKeysStore: deps.rateLimits?.store('studio-failed-keys') }));

  // The hosted booking pages, behind their own security headers.
  const pages = express.Router();
  pages.use(securityHeaders({ imageOrigins: [new URL(deps.settings.publicBaseUrl).origin] }));
  pages.use(compressed);
  pages.use(ASSET_BASE, express.static(path.join(__dirname, 'pages', 'assets'), { maxAge: '1h', fallthrough: false }));
  pages.use(
    bookingPagesRouter({
      service: deps.booking,
      csrf: csrfProtection({ secret: deps.settings.bookingSecret, checkoutBaseUrl: deps.settings.checkoutBaseUrl }),
      bookingPostsPerTenMinutes: deps.settings.bookingPostsPerTenMinutes,
      onBooked: deps.onBooked,
      rateLimitStore: deps.rateLimits?.store('booking'),
    }),
  );
  pages.use(bookingPageErrors);
  app.use(pages);

  // What a browser sees at `/`, and the API reference (front-door/); a client asking for JSON at `/` gets the index.
  app.use(frontDoor({ catalog: deps.catalog, listings: deps.listings, publicBaseUrl: deps.settings.publicBaseUrl, checkoutBaseUrl: deps.settings.checkoutBaseUrl }));
  app.use(apiNotFound);
  app.use(apiErrors);

  const requestLog = deps.requestLog ?? requestLogger(deps.logger);
  const answerApi = publicApiHandler({
    endpoints: ENDPOINTS,
    sources: {
      catalog: deps.catalog,
      listings: deps.listings,
      openApiDocument: deps.openApiDocument,
      addresses: { publicBaseUrl: deps.settings.publicBaseUrl, checkoutBaseUrl: deps.settings.checkoutBaseUrl },
      deprecations: deprecationHeaders(deps.deprecations ?? DEPRECATIONS, deprecationPolicyUrl(deps.settings.publicBaseUrl)),
    },
    cache: deps.cache,
    stamps: deps.stamps,
    limit: clientRateLimit(deps.settings.rateLimitPerMinute, deps.now ?? Date.now, deps.rateLimits?.apiCounter(WINDOW_MS)),
    logger: deps.logger,
    requestLog,
    now: deps.now ?? Date.now,
    cacheMaxAgeSeconds: deps.settings.cacheMaxAgeSeconds,
    sharedCaches: deps.settings.sharedCaches,
    storeTimeoutMs: deps.settings.storeTimeoutMs,
    trustProxy: deps.settings.trustProxy,
  });
  const answerServiceCheck = serviceChecks({
    checkDatabase: deps.checkDatabase,
    storeTimeoutMs: deps.settings.storeTimeoutMs,
    isStopping: deps.isStopping,
    logger: deps.logger,
    requestLog,
  });
  return (req, res) => {
    if (answerApi(req, res) || answerServiceCheck(req, res)) return;
    res.setHeader('X-Request-Id', requestLog.start(req, res));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    app(req, res);
  };
}
