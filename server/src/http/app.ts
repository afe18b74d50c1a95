import type { RequestListener } from 'node:http';
import express from 'express';
import type { Logger } from 'pino';
import type { PublicCatalog } from '../domain/public-api/public-catalog';
import type { ResponseCache } from './cache/response-cache';
import type { StudioStamps } from './cache/studio-stamps';
import { apiErrors, apiNotFound } from './middleware/errors';
import { publicCors, readOnlyMethods } from './middleware/public-api-guards';
import { clientRateLimit } from './middleware/rate-limit';
import { answerFastPath } from './cache/answer-fast-path';
import { publicAnswers } from './routes/public-answers';
import { answerKeys } from './routes/answer-keys';
import { provideRequestLog, requestLogger } from './middleware/request-logger';
import { publicApiRouter } from './routes/public-api';
import { serviceRouter } from './routes/service';
import type { BookingService } from '../domain/booking/booking-service';
import { bookingPageErrors, bookingPagesRouter } from './pages/routes';
import { ASSET_BASE } from './pages/renderer';
import { csrfProtection, securityHeaders } from './pages/security';
import path from 'node:path';
import { DEMO_ASSETS_PATH } from '../demo/demo-studio';
import { demoAssets } from './demo-assets';

export interface AppDependencies {
  logger: Logger;
  catalog: PublicCatalog;
  booking: BookingService;
  /** called after a booking is written (the public API's cached answers of that studio must go) */
  onBooked: (studioId: string) => void;
  cache: ResponseCache;
  stamps: StudioStamps;
  openApiDocument: object;
  /** answers whether the database is reachable now (for /readyz) */
  checkDatabase: () => Promise<void>;
  now?: () => number;
  settings: {
    cacheMaxAgeSeconds: number;
    rateLimitPerMinute: number;
    storeTimeoutMs: number;
    publicBaseUrl: string;
    checkoutBaseUrl: string;
    trustProxy: string | false;
    bookingSecret: string;
    bookingPostsPerTenMinutes: number;
  };
}

/**
 * The HTTP application, built from its dependencies only: tests, the bench and main.ts all start it
 * the same way. A plain Node request handler: it logs the request, then answers the public API's
 * usual requests itself (cache/answer-fast-path.ts) and hands everything else to Express.
 */
export function createApp(deps: AppDependencies): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  // ETags of API answers are computed once per cached body, not by Express on every send.
  app.set('etag', false);
  app.set('trust proxy', deps.settings.trustProxy);

  provideRequestLog(app, deps.logger);

  const keys = answerKeys(deps.stamps, deps.now ?? Date.now);
  const produce = publicAnswers(deps.catalog);
  const limit = clientRateLimit(deps.settings.rateLimitPerMinute);

  const api = express.Router();
  api.use(publicCors);
  api.use(readOnlyMethods);
  if (limit) api.use(limit.middleware);
  api.use(
    publicApiRouter({
      produce,
      cache: deps.cache,
      keys,
      cacheMaxAgeSeconds: deps.settings.cacheMaxAgeSeconds,
      storeTimeoutMs: deps.settings.storeTimeoutMs,
      openApiDocument: deps.openApiDocument,
    }),
  );
  api.use(apiNotFound);
  api.use(apiErrors);
  app.use('/api/public', api);

  // The demo studio's logo and photos (no cookies, no booking-page headers: other sites show them too).
  app.use(DEMO_ASSETS_PATH, demoAssets());

  // The hosted booking pages, behind their own security headers.
  const pages = express.Router();
  pages.use(securityHeaders({ imageOrigins: [new URL(deps.settings.publicBaseUrl).origin] }));
  pages.use(ASSET_BASE, express.static(path.join(__dirname, 'pages', 'assets'), { maxAge: '1h', fallthrough: false }));
  pages.use(
    bookingPagesRouter({
      service: deps.booking,
      csrf: csrfProtection({ secret: deps.settings.bookingSecret, secureCookies: deps.settings.checkoutBaseUrl.startsWith('https:') }),
      bookingPostsPerTenMinutes: deps.settings.bookingPostsPerTenMinutes,
      onBooked: deps.onBooked,
    }),
  );
  pages.use(bookingPageErrors);
  app.use(pages);

  app.use(serviceRouter({ checkDatabase: deps.checkDatabase, storeTimeoutMs: deps.settings.storeTimeoutMs, publicBaseUrl: deps.settings.publicBaseUrl }));
  app.use(apiNotFound);
  app.use(apiErrors);

  const logRequest = requestLogger(deps.logger);
  const serveAnswer = answerFastPath({
    cache: deps.cache,
    keys,
    produce,
    limit,
    cacheMaxAgeSeconds: deps.settings.cacheMaxAgeSeconds,
    storeTimeoutMs: deps.settings.storeTimeoutMs,
    logger: deps.logger,
    parseQuery: app.get('query parser fn') as (query: string) => Record<string, unknown>,
    trustProxy: deps.settings.trustProxy !== false,
  });
  return (req, res) => {
    logRequest(req, res);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    serveAnswer(req, res, () => app(req, res));
  };
}
