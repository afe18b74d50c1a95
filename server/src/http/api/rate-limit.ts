import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { ipKeyGenerator } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import { sendProblem } from '../problem';
import { LocalWindowCounter, type WindowCounter } from './window-counter';

const WINDOW_MS = 60_000;
/** Clients whose `RateLimit-Policy` header is kept ready (it only depends on the client's key). */
const POLICIES_KEPT = 10_000;

/**
 * A per-client-IP limit of requests a minute, with the IETF `RateLimit` / `RateLimit-Policy` headers
 * (draft 8) and `Retry-After` on 429, written by the API's one handler (public-api-handler.ts), which
 * runs no Express middleware. The counting is a `WindowCounter`: this process's own memory by
 * default, answered at once so that a cached answer leaves in the same tick as its request.
 */
export interface ClientRateLimit {
  /**
   * Counts a request from the client at `ip` and sets the headers; answers 429 itself when over the
   * limit (then false). A local counter decides at once; a shared one returns a promise.
   */
  admit(ip: string, res: ServerResponse): boolean | Promise<boolean>;
}

export function clientRateLimit(
  requestsPerMinute: number,
  now: () => number = Date.now,
  counter: WindowCounter = new LocalWindowCounter(WINDOW_MS),
): ClientRateLimit | null {
  if (requestsPerMinute <= 0) return null;
  const name = `"${requestsPerMinute}-in-${WINDOW_MS / 60_000}min"`;
  const policies = new LRUCache<string, string>({ max: POLICIES_KEPT });
  const policyOf = (key: string) => {
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = `${name}; q=${requestsPerMinute}; w=${WINDOW_MS / 1000}; pk=:${partitionKey(key)}:`;
      policies.set(key, policy);
    }
    return policy;
  };

  const verdict = (key: string, res: ServerResponse, hits: number, resetAt: number): boolean => {
    const resetSeconds = Math.max(0, Math.ceil((resetAt - now()) / 1000));
    res.setHeader('RateLimit', `${name}; r=${Math.max(0, requestsPerMinute - hits)}; t=${resetSeconds}`);
    res.setHeader('RateLimit-Policy', policyOf(key));
    if (hits <= requestsPerMinute) return true;
    const retryAfter = Math.max(1, resetSeconds);
    res.setHeader('Retry-After', String(retryAfter));
    sendProblem(res, 429, 'rate_limited', `Too many requests: at most ${requestsPerMinute} a minute from one address. Retry after ${retryAfter} s.`);
    return false;
  };

  return {
    admit(ip, res) {
      const key = clientKey(ip);
      const counted = counter.hit(key, now());
      return counted instanceof Promise
        ? counted.then((window) => verdict(key, res, window.hits, window.resetAt))
        : verdict(key, res, counted.hits, counted.resetAt);
    },
  };
}

/**
 * One key per IPv4 address; IPv6 clients are counted by their /56 network (express-rate-limit's
 * ipKeyGenerator), since one subscriber may hold a whole block. Only an address with a colon can be
 * IPv6, so the generator's long pattern is not run on every IPv4 request.
 */
function clientKey(ip: string): string {
  return ip.includes(':') ? ipKeyGenerator(ip) : ip;
}

/** The draft's partition key: a short hash of the client key, so the address itself is not echoed. */
function partitionKey(key: string): string {
  return Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
}
