import type { RequestHandler } from 'express';
import { setSimpleCorsHeaders } from '../middleware/public-api-guards';
import type { ClientRateLimit } from '../middleware/rate-limit';
import { keyOfPath, type AnswerKeys } from '../routes/answer-keys';
import type { ResponseCache } from './response-cache';
import { sendCachedJson } from './send-cached';

/**
 * Serves a cached public API answer before any routing: for a GET or HEAD whose answer the cache
 * holds, it does what the API's middleware and route would (CORS headers, the rate limit, ETag and
 * 304, Cache-Control) and nothing else. Everything else (a miss, preflights, other methods, other
 * spellings of a path) goes on to the router, which stores answers under the same keys. It sits
 * after the request logger, so these answers have their request id and log line too.
 *
 * Why: a cached answer is a few hundred bytes of work, and the router's layers (mounting, each
 * route's pattern, the CORS and limit middleware) cost as much again as the answer itself
 * (bench/last-results.md).
 */
export function cachedAnswerFastPath(deps: { cache: ResponseCache; keys: AnswerKeys; limit: ClientRateLimit | null; cacheMaxAgeSeconds: number }): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/api/public/')) return next();
    const key = keyOfPath(deps.keys, req.path, req.query.from);
    const entry = key === undefined ? undefined : deps.cache.get(key);
    if (!entry) return next();
    setSimpleCorsHeaders(res);
    if (!deps.limit) return sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
    deps.limit.admit(req, res).then((admitted) => {
      if (admitted) sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
    }, next);
  };
}
