import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import parseUrl from 'parseurl';
import type { Logger } from 'pino';
import { withDeadline } from '../../domain/deadline';
import type { CachedBody, ResponseCache } from '../cache/response-cache';
import { sendCachedJson } from '../cache/send-cached';
import type { StudioStamps } from '../cache/studio-stamps';
import { sendErrorProblem, sendNotFound } from '../middleware/errors';
import { sendProblem } from '../problem';
import { cacheKeyOf } from './cache-keys';
import { clientAddressOf } from './client-address';
import { ALLOWED_METHODS, answerPreflight, setCorsHeaders } from './cors';
import type { Endpoint, EndpointRequest, EndpointSources } from './endpoint';
import { endpointMatcher } from './endpoint-paths';
import type { ClientRateLimit } from './rate-limit';

export interface PublicApiDependencies {
  endpoints: readonly Endpoint[];
  sources: EndpointSources;
  cache: ResponseCache;
  stamps: StudioStamps;
  limit: ClientRateLimit | null;
  logger: Logger;
  now: () => number;
  cacheMaxAgeSeconds: number;
  /** how long one request may wait for the database before it is answered 503 */
  storeTimeoutMs: number;
  /** Express's `trust proxy` setting (TRUST_PROXY), for the client address the rate limit counts */
  trustProxy: string | false;
}

const READ_ONLY = `The public API is read-only: ${ALLOWED_METHODS.join(', ')} only.`;

/**
 * Every request under /api/public, answered along one path, for every endpoint of the table:
 * CORS (a preflight ends here, 204; other methods than GET and HEAD, 405 with Allow) -> the rate
 * limit -> the endpoint the path names (404 not_found otherwise) -> the cache (ETag, 304) -> the
 * producer, within the store's deadline -> problem answers for whatever it throws. The request
 * logger runs before it (app.ts). Plain Node, no Express: Express's per-request set-up cost more
 * than a cached answer (bench/last-results.md).
 */
export function publicApiHandler(deps: PublicApiDependencies): (req: IncomingMessage, res: ServerResponse) => void {
  const match = endpointMatcher(deps.endpoints);
  const keyOf = cacheKeyOf(deps.stamps, deps.now);
  const clientAddress = clientAddressOf(deps.trustProxy);
  const logOf = (req: IncomingMessage) => () => deps.logger.child({ reqId: req.id });
  /** Answers that never change while the server runs (the OpenAPI document), kept apart from the bounded cache. */
  const fixedAnswers = new Map<string, CachedBody>();

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = parseUrl(req);
    const found = match(url?.pathname ?? '');
    if (found === 'no-such-endpoint') return sendNotFound(res);
    if (found === 'badly-encoded') return sendProblem(res, 404, 'not_found', 'No such endpoint: the path is not validly encoded.');
    const { endpoint, params } = found;
    const rawQuery = url?.query;
    const query = typeof rawQuery === 'string' && rawQuery !== '' ? parseQuery(rawQuery) : undefined;
    const request: EndpointRequest = { params, from: query?.from, query };
    const key = keyOf(endpoint, request);
    const kept = key === undefined ? undefined : endpoint.scope === 'fixed' ? fixedAnswers.get(key) : deps.cache.get(key);
    if (kept) return sendCachedJson(req, res, kept, deps.cacheMaxAgeSeconds);
    withDeadline(endpoint.answer(deps.sources, request), deps.storeTimeoutMs).then(
      (produced) => {
        if (key !== undefined) {
          if (endpoint.scope === 'fixed') fixedAnswers.set(key, produced);
          else deps.cache.set(key, produced);
        }
        sendCachedJson(req, res, produced, deps.cacheMaxAgeSeconds);
      },
      (error: unknown) => sendErrorProblem(error, res, logOf(req)),
    );
  };

  /** A bug that throws before the producer runs is answered 500 too, as for a producer's failure. */
  const answerOrFail = (req: IncomingMessage, res: ServerResponse) => {
    try {
      answer(req, res);
    } catch (error) {
      sendErrorProblem(error, res, logOf(req));
    }
  };

  return (req, res) => {
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    setCorsHeaders(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', ALLOWED_METHODS.join(', '));
      return sendProblem(res, 405, 'method_not_allowed', READ_ONLY);
    }
    if (!deps.limit) return answerOrFail(req, res);
    deps.limit.admit(clientAddress(req), res).then(
      (admitted) => {
        if (admitted) answerOrFail(req, res);
      },
      (error: unknown) => sendErrorProblem(error, res, logOf(req)),
    );
  };
}
