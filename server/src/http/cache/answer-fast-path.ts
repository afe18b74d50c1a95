import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { withDeadline } from '../../data/unavailable';
import { sendErrorProblem } from '../middleware/errors';
import { setSimpleCorsHeaders } from '../middleware/public-api-guards';
import type { ClientRateLimit } from '../middleware/rate-limit';
import { answerAddressOf, keyOfAddress, type AnswerAddress, type AnswerKeys } from '../routes/answer-keys';
import type { ProduceAnswer } from '../routes/public-answers';
import type { ResponseCache } from './response-cache';
import { sendCachedJson } from './send-cached';

export interface FastPathDependencies {
  cache: ResponseCache;
  keys: AnswerKeys;
  produce: ProduceAnswer;
  limit: ClientRateLimit | null;
  cacheMaxAgeSeconds: number;
  storeTimeoutMs: number;
  logger: Logger;
  /** Express's own query parser (`app.get('query parser fn')`), so `from` reads as the router reads it */
  parseQuery: (query: string) => Record<string, unknown>;
  /** with `trust proxy` set, the client's address is Express's to work out: every request goes to Express */
  trustProxy: boolean;
}

/**
 * Answers the public API's GET and HEAD requests from the plain Node request handler, before
 * Express, for paths spelled the usual way and studios the server knows: from the cache, or else
 * produced and cached as the route would (the same producers and keys). It does what the API's
 * middleware and routes would (CORS headers, the rate limit and its 429, ETag and 304,
 * Cache-Control, problem answers and the 503 deadline) and nothing else. Everything else
 * (preflights, other methods, other spellings of a path, unknown studios, a limiter failure) goes
 * to `orElse`, Express. The request logger runs before it, so these answers have their request id
 * and log line too.
 *
 * Why before Express: Express's per-request set-up (its handler, the router's layers, `req.ip`, the
 * query) costs more than a cached answer and about a third of a produced one (bench/last-results.md).
 */
export function answerFastPath(deps: FastPathDependencies): (req: IncomingMessage, res: ServerResponse, orElse: () => void) => void {
  const answer = (req: IncomingMessage, res: ServerResponse, address: AnswerAddress, from: unknown, key: string) => {
    const entry = deps.cache.get(key);
    if (entry) return sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
    withDeadline(deps.produce(address, from), deps.storeTimeoutMs).then(
      (produced) => {
        deps.cache.set(key, produced);
        sendCachedJson(req, res, produced, deps.cacheMaxAgeSeconds);
      },
      (error: unknown) => sendErrorProblem(error, res, () => deps.logger.child({ reqId: req.id })),
    );
  };
  return (req, res, orElse) => {
    const found = addressedAnswer(req, deps);
    if (!found) return orElse();
    const { address, from, key } = found;
    setSimpleCorsHeaders(res);
    if (!deps.limit) return answer(req, res, address, from, key);
    // Without `trust proxy`, Express's req.ip is the socket's address.
    deps.limit.admit(req.socket.remoteAddress ?? '', res).then((admitted) => {
      if (admitted) answer(req, res, address, from, key);
    }, orElse);
  };
}

/** Characters for which Express's URL parser (parseurl) falls back to a full parse that may read the path differently. */
const UNUSUAL_URL = /[#\s\u00a0\ufeff]/;

function addressedAnswer(req: IncomingMessage, deps: FastPathDependencies): { address: AnswerAddress; from: unknown; key: string } | undefined {
  const url = req.url ?? '';
  if ((req.method !== 'GET' && req.method !== 'HEAD') || deps.trustProxy || !url.startsWith('/api/public/') || UNUSUAL_URL.test(url)) return undefined;
  const queryStart = url.indexOf('?');
  const address = answerAddressOf(queryStart === -1 ? url : url.slice(0, queryStart));
  if (!address) return undefined;
  const from = queryStart === -1 ? undefined : deps.parseQuery(url.slice(queryStart + 1)).from;
  const key = keyOfAddress(deps.keys, address, from);
  return key === undefined ? undefined : { address, from, key };
}
