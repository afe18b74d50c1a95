import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { withDeadline } from '../../domain/deadline';
import type { KeptAnswer } from '../cache/kept-answer';
import type { ResponseCache } from '../cache/response-cache';
import { surrogateKeyOf, withSurrogateKey } from '../cache/surrogate-keys';
import { cachedJsonSender, publicCacheControl, type SharedCacheLifetimes } from '../cache/send-cached';
import type { StudioStamps } from '../cache/studio-stamps';
import { sendErrorProblem, sendNotFound } from '../middleware/errors';
import { sendProblem } from '../problem';
import { cacheKeyOf } from './cache-keys';
import { clientAddressOf, type TrustProxy } from './client-address';
import { API_VERSION, API_VERSION_HEADER } from './api-version';
import { ALLOWED_METHODS, CORS_HEAD, answerPreflight } from './cors';
import type { Endpoint, EndpointSources } from './endpoint';
import { urlRoutes, type Route, type RouteOrNone } from './url-routes';
import type { ClientRateLimit } from './rate-limit';
import type { OpenedLine, RequestLog } from '../middleware/request-logger';

export interface PublicApiDependencies {
  endpoints: readonly Endpoint[];
  sources: EndpointSources;
  cache: ResponseCache;
  stamps: StudioStamps;
  limit: ClientRateLimit | null;
  logger: Logger;
  /** the request log: each request's line is opened here, and a cache hit is said to be one */
  requestLog: RequestLog;
  now: () => number;
  cacheMaxAgeSeconds: number;
  /** how long CDNs may serve the answers stale; absent: Cache-Control says max-age only */
  sharedCaches?: SharedCacheLifetimes;
  /** how long one request may wait for the database before it is answered 503 */
  storeTimeoutMs: number;
  /** Express's `trust proxy` setting (TRUST_PROXY), for the client address the rate limit counts */
  trustProxy: TrustProxy;
}

const READ_ONLY = `The public API is read-only: ${ALLOWED_METHODS.join(', ')} only.`;

/**
 * An answer's headers, gathered as name, value, name, value... and written in one writeHead: a cached
 * answer costs half as much to send as with a setHeader per header (bench/last-results.md).
 */
export type Head = string[];

/** Puts the gathered headers on the response, for the answers written by setHeader (problems, preflights). */
function setHead(res: ServerResponse, head: Head): void {
  for (let i = 0; i < head.length; i += 2) res.setHeader(head[i] as string, head[i + 1] as string);
}

/**
 * Every request under /api/public, answered along one path, for every endpoint of the table: the
 * request's id and log line -> CORS (a preflight ends here, 204; other methods than GET and HEAD,
 * 405 with Allow) -> the rate limit -> the endpoint the path names (404 not_found otherwise) -> the
 * cache (ETag, 304, the coding) -> the producer, within the store's deadline -> problem answers for
 * whatever it throws. Plain Node, no Express: Express's per-request set-up cost more than a cached
 * answer (bench/last-results.md). Answers false, having done nothing, for a request outside the API.
 */
export function publicApiHandler(deps: PublicApiDependencies): (req: IncomingMessage, res: ServerResponse) => boolean {
  const routeOf = urlRoutes(deps.endpoints);
  const keyOf = cacheKeyOf(deps.stamps, deps.now);
  const clientAddress = clientAddressOf(deps.trustProxy);
  const logOf = (line: OpenedLine) => () => deps.logger.child({ reqId: line.id });
  /** Answers that never change while the server runs (the OpenAPI document), kept apart from the bounded cache. */
  const fixedAnswers = new Map<string, KeptAnswer>();
  const keep = (endpoint: Endpoint, key: string, entry: KeptAnswer) => {
    if (endpoint.scope === 'fixed') fixedAnswers.set(key, entry);
    else deps.cache.set(key, entry);
  };
  const sender = cachedJsonSender(publicCacheControl(deps.cacheMaxAgeSeconds, deps.sharedCaches));
  /**
   * Answers being produced, by cache key: a request that misses while the same answer is on its way
   * waits for it instead of asking the database again. When a studio changes, every request for its
   * popular answers misses at once (a busy page's week, each subscriber's calendar feed): one
   * production each, not one per request.
   */
  const inProduction = new Map<string, Promise<KeptAnswer>>();
  const produce = (endpoint: Endpoint, request: Route['request'], key: string | undefined): Promise<KeptAnswer> => {
    const pending = key === undefined ? undefined : inProduction.get(key);
    if (pending) return pending;
    // Tagged once, when produced: a cache hit sends the tag with the answer's other kept headers.
    // Cached when produced, not when sent: an answer the database gave after its request was
    // answered 503 (the store's deadline) serves the client's retry, instead of being asked again
    // of a database that is slow already.
    const produced = endpoint.answer(deps.sources, request).then((answered) => {
      const kept = sender.keep(withSurrogateKey(answered, surrogateKeyOf(endpoint, request)));
      if (key !== undefined) keep(endpoint, key, kept);
      return kept;
    });
    if (key !== undefined) {
      inProduction.set(key, produced);
      const settled = () => inProduction.delete(key);
      produced.then(settled, settled);
    }
    return produced;
  };
  const fail = (res: ServerResponse, line: OpenedLine, head: Head, error: unknown) => {
    setHead(res, head);
    sendErrorProblem(error, res, logOf(line));
  };

  const answer = (req: IncomingMessage, res: ServerResponse, line: OpenedLine, head: Head, route: RouteOrNone) => {
    if (typeof route === 'string') {
      setHead(res, head);
      return route === 'no-such-endpoint' ? sendNotFound(res) : sendProblem(res, 404, 'not_found', 'No such endpoint: the path is not validly encoded.');
    }
    const { endpoint, request } = route;
    const key = keyOf(route);
    const kept = key === undefined ? undefined : endpoint.scope === 'fixed' ? fixedAnswers.get(key) : deps.cache.get(key);
    if (kept) {
      sendKept(req, res, endpoint, key, kept, head);
      deps.requestLog.cacheHitSent(line, res.statusCode);
      return;
    }
    withDeadline(produce(endpoint, request, key), deps.storeTimeoutMs).then(
      (produced) => sendKept(req, res, endpoint, key, produced, head),
      (error: unknown) => fail(res, line, head, error),
    );
  };
  /** Sends a kept answer; the first request for a coding compressed its body: kept again, for the cache to count its bytes. */
  const sendKept = (req: IncomingMessage, res: ServerResponse, endpoint: Endpoint, key: string | undefined, kept: KeptAnswer, head: Head) => {
    if (sender.send(req, res, kept, head) && key !== undefined) keep(endpoint, key, kept);
  };

  /** A bug that throws before the producer runs is answered 500 too, as for a producer's failure. */
  const answerOrFail = (req: IncomingMessage, res: ServerResponse, line: OpenedLine, head: Head, route: RouteOrNone) => {
    try {
      answer(req, res, line, head, route);
    } catch (error) {
      fail(res, line, head, error);
    }
  };

  const refuse = (res: ServerResponse, head: Head, retryAfterSeconds: number, requestsPerMinute: number) => {
    head.push('Retry-After', String(retryAfterSeconds));
    setHead(res, head);
    sendProblem(res, 429, 'rate_limited', `Too many requests: at most ${requestsPerMinute} a minute from one address. Retry after ${retryAfterSeconds} s.`);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, line: OpenedLine, route: RouteOrNone): void => {
    if (req.method === 'OPTIONS') {
      setHead(res, ['X-Request-Id', line.id, 'X-Content-Type-Options', 'nosniff', API_VERSION_HEADER, API_VERSION]);
      return answerPreflight(req, res);
    }
    const head: Head = API_HEAD_WITH_ID.slice();
    head[1] = line.id;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      head.push('Allow', ALLOWED_METHODS.join(', '));
      setHead(res, head);
      return sendProblem(res, 405, 'method_not_allowed', READ_ONLY);
    }
    const { limit } = deps;
    if (!limit) return answerOrFail(req, res, line, head, route);
    const wait = limit.admit(clientAddress(req), head);
    if (wait === 0) answerOrFail(req, res, line, head, route);
    else if (typeof wait === 'number') refuse(res, head, wait, limit.requestsPerMinute);
    else
      wait.then(
        (seconds) => (seconds === 0 ? answerOrFail(req, res, line, head, route) : refuse(res, head, seconds, limit.requestsPerMinute)),
        (error: unknown) => fail(res, line, head, error),
      );
  };

  return (req, res) => {
    const route = routeOf(req);
    if (route === 'not-the-api') return false;
    const line = deps.requestLog.open(req);
    try {
      handle(req, res, line, route);
    } finally {
      // Whatever was not a cache hit sent just now (logged then) has its line when it finishes.
      deps.requestLog.follow(line, res);
    }
    return true;
  };
}

/**
 * What every answer of the API but a preflight carries: its request id (written in place of the
 * empty value, on a copy), nosniff, and CORS with the API's version (cors.ts). Copied by slice, not
 * spread into a new literal each request: the spread iterates (about twice the time, measured alone).
 */
const API_HEAD_WITH_ID: readonly string[] = ['X-Request-Id', '', 'X-Content-Type-Options', 'nosniff', ...CORS_HEAD];
