import type { IncomingMessage, ServerResponse } from 'node:http';
import { setSimpleCorsHeaders } from '../middleware/public-api-guards';
import type { ClientRateLimit } from '../middleware/rate-limit';
import { keyOfPath, type AnswerKeys } from '../routes/answer-keys';
import type { ResponseCache } from './response-cache';
import { sendCachedJson } from './send-cached';

export interface FastPathDependencies {
  cache: ResponseCache;
  keys: AnswerKeys;
  limit: ClientRateLimit | null;
  cacheMaxAgeSeconds: number;
  /** Express's own query parser (`app.get('query parser fn')`), so `from` reads as the router reads it */
  parseQuery: (query: string) => Record<string, unknown>;
  /** with `trust proxy` set, the client's address is Express's to work out: every request goes to Express */
  trustProxy: boolean;
}

/**
 * Serves a cached public API answer from the plain Node request handler, before Express: for a GET
 * or HEAD whose answer the cache holds, it does what the API's middleware and route would (CORS
 * headers, the rate limit and its 429, ETag and 304, Cache-Control) and nothing else. Everything
 * else (a miss, preflights, other methods, other spellings of a path, a limiter failure) goes to
 * `orElse`, Express, whose router stores answers under the same keys. The request logger runs
 * before it, so these answers have their request id and log line too.
 *
 * Why before Express: a cached answer is a few hundred bytes of work, and Express's per-request
 * set-up (its handler, the router's layers, `req.ip`, the query) costs as much again (bench/last-results.md).
 */
export function cachedAnswerFastPath(deps: FastPathDependencies): (req: IncomingMessage, res: ServerResponse, orElse: () => void) => void {
  return (req, res, orElse) => {
    const entry = cachedEntryOf(req, deps);
    if (!entry) return orElse();
    setSimpleCorsHeaders(res);
    if (!deps.limit) return sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
    // Without `trust proxy`, Express's req.ip is the socket's address.
    deps.limit.admit(req.socket.remoteAddress ?? '', res).then((admitted) => {
      if (admitted) sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
    }, orElse);
  };
}

/** Characters for which Express's URL parser (parseurl) falls back to a full parse that may read the path differently. */
const UNUSUAL_URL = /[#\s\u00a0\ufeff]/;

function cachedEntryOf(req: IncomingMessage, deps: FastPathDependencies) {
  const url = req.url ?? '';
  if ((req.method !== 'GET' && req.method !== 'HEAD') || deps.trustProxy || !url.startsWith('/api/public/') || UNUSUAL_URL.test(url)) return undefined;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const from = queryStart === -1 ? undefined : deps.parseQuery(url.slice(queryStart + 1)).from;
  const key = keyOfPath(deps.keys, pathname, from);
  return key === undefined ? undefined : deps.cache.get(key);
}
