import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { Router, type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { KeyAuthenticator } from '../../domain/studio-api/key-authentication';
import type { StudioApi } from '../../domain/studio-api/studio-api';
import { containsStudioKey } from '../../domain/studio-api/studio-keys';
import type { StudioBooking } from '../../domain/studio-api/booking-view';
import { sendErrorProblem } from '../middleware/errors';
import { sendProblem } from '../problem';
import { clientKey } from '../api/rate-limit';
import { CSV_HEADER, csvRows } from './bookings-csv';

/**
 * The studio API (studio-api.md), under /api/studio: thin routes over the use-cases of
 * domain/studio-api/studio-api.ts. Every request names its studio and carries that studio's key
 * (`Authorization: Bearer sdk_…`); a key in the query string is refused before anything else (URLs
 * end up in logs). Answers are never cached (`Cache-Control: no-store`) and carry no CORS headers:
 * the API is for servers, never for browsers, which must not hold a studio key.
 */

export interface StudioApiRouterDeps {
  api: StudioApi;
  keys: KeyAuthenticator;
  /** requests per key per minute; 0: no limit */
  rateLimitPerMinute: number;
  /** requests refused for a missing or unknown key, per client address per minute, before the address is refused; 0 or absent: no limit */
  failedKeysPerMinute?: number;
  openApiDocument: object;
  /** after the studio's data or bookings changed through the API: caches forget it, the outbox worker looks at once */
  onChanged: (studioId: string) => void;
  /** after a delivery was made due again: the outbox worker looks at once */
  onRetry: () => void;
  /** after a studio document was imported (the CDN's copies of the studio are purged) */
  onImported?: (studioId: string) => void;
  /** the per-key counters' store, shared by every instance (Redis); this process's memory when absent */
  rateLimitStore?: Store;
  /** where the failed keys are counted (Redis, shared by the instances); absent: this process's memory */
  failedKeysStore?: Store;
}

/** `npm run import`'s documents are a few MB at most; 10 MB leaves room and bounds what one request holds in memory. */
export const DOCUMENT_LIMIT_BYTES = 10 * 1024 * 1024;
const WEBHOOK_BODY_LIMIT = '16kb';
/** Query parameter names that would carry a credential. */
const CREDENTIAL_PARAMETERS = new Set(['key', 'apikey', 'api_key', 'access_token', 'token', 'studio_key', 'authorization', 'bearer']);
const REALM = 'Bearer realm="studio-data"';

interface Authenticated {
  studioId: string;
  keyId: string;
}

const authenticated = (res: Response) => res.locals.studioKey as Authenticated;
const studioOf = (res: Response) => authenticated(res).studioId;
const param = (req: Request, name: string) => String(req.params[name]);

export function studioApiRouter(deps: StudioApiRouterDeps): Router {
  const { api } = deps;
  const router = Router();

  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/openapi.json', (_req, res) => {
    res.json(deps.openApiDocument);
  });

  const refuseKeyInQuery: RequestHandler = (req, res, next) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const parameters = [...new URLSearchParams(query)];
    // As sent and as decoded: a key stays a key with some of its characters percent-encoded.
    const keySent = containsStudioKey(query) || parameters.some(([name, value]) => containsStudioKey(name) || containsStudioKey(value));
    if (keySent || parameters.some(([name]) => CREDENTIAL_PARAMETERS.has(name.toLowerCase()))) {
      return sendProblem(
        res,
        400,
        'key_in_query',
        'A key was sent in the URL, where logs and proxies keep it: it is refused. Send it as "Authorization: Bearer KEY", and revoke this key (npm run studio-key -- revoke KEY_ID), since it may have been recorded.',
      );
    }
    next();
  };

  const authenticate: RequestHandler = async (req, res, next) => {
    const header = req.headers.authorization;
    if (header === undefined || header.trim() === '') {
      res.setHeader('WWW-Authenticate', REALM);
      return sendProblem(res, 401, 'unauthorized', 'A studio key is needed: send "Authorization: Bearer KEY" (npm run studio-key -- create STUDIO_ID makes one).');
    }
    const presented = /^Bearer +([^\s]+) *$/i.exec(header)?.[1];
    const key = presented === undefined ? null : await deps.keys.authenticate(presented);
    if (!key) {
      res.setHeader('WWW-Authenticate', `${REALM}, error="invalid_token"`);
      return sendProblem(res, 401, 'unauthorized', 'The studio key is not valid: unknown, revoked, or not sent as "Authorization: Bearer KEY".');
    }
    // A key never learns whether another studio exists: any other studio is "not found".
    if (key.studioId !== param(req, 'studioId')) return sendProblem(res, 404, 'studio_not_found', `No studio has the id "${param(req, 'studioId').slice(0, 80)}".`);
    res.locals.studioKey = key;
    next();
  };

  const limitPerKey: RequestHandler =
    deps.rateLimitPerMinute > 0
      ? rateLimit({
          windowMs: 60_000,
          limit: deps.rateLimitPerMinute,
          standardHeaders: 'draft-8',
          legacyHeaders: false,
          identifier: `${deps.rateLimitPerMinute}-per-key-per-minute`,
          ...(deps.rateLimitStore ? { store: deps.rateLimitStore } : {}),
          keyGenerator: (_req, res) => authenticated(res).keyId,
          validate: false,
          handler: (_req, res, _next, options) => {
            sendProblem(res, 429, 'rate_limited', `Too many requests: at most ${options.limit as number} a minute with one studio key. Retry after ${res.getHeader('Retry-After') ?? 60} s.`);
          },
        })
      : (_req, _res, next) => next();

  /**
   * Per client address, the requests refused 401 (no key, or one unknown or revoked) are counted;
   * past the limit in a minute, the address is answered 429 before its key is looked up, valid or
   * not, until the window ends. Without it, anyone could make the server look keys up without end,
   * or try keys at the database's pace. Requests whose key is accepted are not counted.
   */
  const failedKeysPerMinute = deps.failedKeysPerMinute ?? 0;
  const limitFailedKeys: RequestHandler =
    failedKeysPerMinute > 0
      ? rateLimit({
          windowMs: 60_000,
          limit: failedKeysPerMinute,
          standardHeaders: false,
          legacyHeaders: false,
          identifier: `${failedKeysPerMinute}-failed-keys-per-address-per-minute`,
          ...(deps.failedKeysStore ? { store: deps.failedKeysStore } : {}),
          keyGenerator: (req) => clientKey(req.ip ?? ''),
          skipSuccessfulRequests: true,
          requestWasSuccessful: (_req, res) => res.statusCode !== 401,
          validate: false,
          handler: (req, res, _next, options) => {
            const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
            const retryAfter = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + 60_000) - Date.now()) / 1000));
            res.setHeader('Retry-After', String(retryAfter));
            sendProblem(
              res,
              429,
              'rate_limited',
              `Too many requests without a valid studio key from this address: at most ${options.limit as number} a minute. Retry after ${retryAfter} s, with "Authorization: Bearer KEY".`,
            );
          },
        })
      : (_req, _res, next) => next();

  const guard = [refuseKeyInQuery, limitFailedKeys, authenticate, limitPerKey];

  /** A path's methods; any other method is 405 with `Allow`. */
  const route = (path: string, handlers: Partial<Record<'get' | 'put' | 'post' | 'delete', RequestHandler[]>>) => {
    const chain = router.route(path);
    for (const [method, stack] of Object.entries(handlers)) chain[method as 'get'](...guard, ...stack!);
    const allow = Object.keys(handlers)
      .map((method) => method.toUpperCase())
      .join(', ');
    chain.all((_req, res) => {
      res.setHeader('Allow', allow);
      sendProblem(res, 405, 'method_not_allowed', `This path takes ${allow} only.`);
    });
  };

  const requireJson: RequestHandler = (req, res, next) => {
    if (!req.is('application/json')) return sendProblem(res, 415, 'unsupported_media_type', 'Send the body as JSON, with "Content-Type: application/json".');
    next();
  };

  route('/:studioId/document', {
    put: [
      requireJson,
      express.json({ limit: DOCUMENT_LIMIT_BYTES, strict: false }),
      async (req, res) => {
        const studioId = studioOf(res);
        const summary = await api.pushDocument(studioId, req.body);
        deps.onChanged(studioId);
        deps.onImported?.(studioId);
        res.json({ studioId: summary.studioId, created: summary.created, version: summary.version, counts: summary.counts, bookings: summary.bookings });
      },
    ],
  });

  route('/:studioId/bookings', {
    get: [
      async (req, res) => {
        const studioId = studioOf(res);
        const query = req.query as Record<string, unknown>;
        if (req.accepts(['application/json', 'text/csv']) === 'text/csv') return sendCsv(res, studioId, await api.bookingExport(studioId, query));
        res.json(await api.bookingPage(studioId, query));
      },
    ],
  });

  route('/:studioId/bookings/:reference', {
    get: [async (req, res) => void res.json({ booking: await api.booking(studioOf(res), param(req, 'reference')) })],
  });

  route('/:studioId/bookings/:reference/cancel', {
    post: [
      async (req, res) => {
        const studioId = studioOf(res);
        const { booking, changed } = await api.cancel(studioId, param(req, 'reference'));
        if (changed) deps.onChanged(studioId);
        res.json({ booking, changed });
      },
    ],
  });

  route('/:studioId/classes/:classId/roster', {
    get: [async (req, res) => void res.json(await api.roster(studioOf(res), param(req, 'classId')))],
  });

  route('/:studioId/webhooks', {
    get: [async (_req, res) => void res.json({ webhooks: await api.listWebhooks(studioOf(res)) })],
    post: [
      requireJson,
      express.json({ limit: WEBHOOK_BODY_LIMIT, strict: false }),
      async (req, res) => {
        res.status(201).json(await api.createWebhook(studioOf(res), req.body));
      },
    ],
  });

  route('/:studioId/webhooks/:webhookId', {
    delete: [
      async (req, res) => {
        await api.deleteWebhook(studioOf(res), param(req, 'webhookId'));
        res.status(204).end();
      },
    ],
  });

  route('/:studioId/webhooks/:webhookId/deliveries', {
    get: [async (req, res) => void res.json({ deliveries: await api.deliveries(studioOf(res), param(req, 'webhookId')) })],
  });

  route('/:studioId/webhooks/:webhookId/deliveries/:deliveryId/retry', {
    post: [
      async (req, res) => {
        const delivery = await api.retryDelivery(studioOf(res), param(req, 'webhookId'), param(req, 'deliveryId'));
        deps.onRetry();
        res.status(202).json({ delivery });
      },
    ],
  });

  router.use((_req, res) => sendProblem(res, 404, 'not_found', 'No such endpoint. The studio API is described in /api/studio/openapi.json.'));
  router.use(bodyErrors(api));
  return router;
}

/** The export as CSV, written as the pages come from the database; a failure after the first row cuts the download short (the client sees it incomplete). */
async function sendCsv(res: Response, studioId: string, { zone, pages }: { zone: string; pages: AsyncIterable<StudioBooking[]> }): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
  res.setHeader('Content-Disposition', `attachment; filename="bookings-${studioId}.csv"`);
  async function* chunks() {
    yield CSV_HEADER;
    for await (const page of pages) yield csvRows(page, zone);
  }
  try {
    await pipeline(Readable.from(chunks()), res);
  } catch (error) {
    res.destroy();
    res.req.log?.warn({ err: error }, 'the bookings export stopped before its end');
  }
}

/** Bodies that could not be read: too large (413), not JSON (a problem of the document or webhook, 422); anything else as the API's errors. */
function bodyErrors(api: StudioApi): ErrorRequestHandler {
  return (error: { type?: string; message?: string }, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return void res.destroy();
    if (error?.type === 'entity.too.large') {
      return sendProblem(res, 413, 'payload_too_large', `The body is larger than ${req.path.endsWith('/document') ? '10 MB' : WEBHOOK_BODY_LIMIT}.`);
    }
    if (error?.type === 'entity.parse.failed') {
      const reason = (error.message ?? 'unreadable').slice(0, 200);
      if (req.path.endsWith('/document')) return sendErrorProblem(api.unreadableDocument(reason), res, () => req.log);
      return sendProblem(res, 422, 'invalid_webhook', 'The webhook is not valid JSON; it was not saved.', { errors: [{ path: '(body)', message: `not valid JSON: ${reason}` }] });
    }
    if (error?.type === 'encoding.unsupported' || error?.type === 'charset.unsupported') return sendProblem(res, 415, 'unsupported_media_type', 'Send the body as UTF-8 JSON.');
    sendErrorProblem(error, res, () => req.log);
  };
}
