import { createHash } from 'node:crypto';
import { ipKeyGenerator, type Store } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import { LocalWindowCounter, type CountedWindow, type WindowCounter } from './window-counter';

export const WINDOW_MS = 60_000;

/**
 * Counters shared by every instance (Redis, when REDIS_URL is set; wired in server.ts): a store per
 * express-rate-limit limiter (the booking pages', the studio API's) and the public API's counter.
 */
export interface SharedRateLimitCounters {
  store(name: string): Store;
  apiCounter(windowMs: number): WindowCounter;
}
/** Clients whose `RateLimit-Policy` header is kept ready (it only depends on the client's key). */
const POLICIES_KEPT = 10_000;

/**
 * A per-client-IP limit of requests a minute, announced with the IETF `RateLimit` / `RateLimit-Policy`
 * headers (draft 8) once the client has used half its quota in the window, and on every refusal.
 * Every request is counted. Below half, the headers are left out, as the draft's performance
 * considerations (section 5.2) allow: a client far from the limit has nothing to act on, the headers
 * were about half of what a small cached answer cost beyond raw node:http writing its bytes
 * (bench/README.md), and a public answer that a shared cache keeps would otherwise hand one
 * client's quota to the next (section 6.3).
 * The counting is a `WindowCounter`: this process's own memory by default, answered at once, so that
 * a cached answer leaves in the same tick as its request; with Redis (SharedRateLimitCounters) every
 * instance counts in one place and the admission waits for it.
 */
export interface ClientRateLimit {
  readonly requestsPerMinute: number;
  /**
   * Counts a request from the client at `ip` and, from half its quota on, appends its `RateLimit`
   * headers to `head` (name, value, ...). Answers 0 when the request may go on, else the seconds to
   * wait (for Retry-After). A local counter decides at once; a shared one answers later.
   */
  admit(ip: string, head: string[]): number | Promise<number>;
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

  /** Below this many requests in its window, a client's answers carry no RateLimit headers. */
  const announcedFrom = Math.ceil(requestsPerMinute / 2);
  const verdict = (key: string, head: string[], window: CountedWindow): number => {
    if (window.hits < announcedFrom) return 0;
    const resetSeconds = Math.max(0, Math.ceil((window.resetAt - now()) / 1000));
    // A window of this process's counter lives as long as its client is seen: the policy is kept on it.
    window.policy ??= policyOf(key);
    head.push('RateLimit', `${name}; r=${Math.max(0, requestsPerMinute - window.hits)}; t=${resetSeconds}`, 'RateLimit-Policy', window.policy);
    return window.hits <= requestsPerMinute ? 0 : Math.max(1, resetSeconds);
  };

  return {
    requestsPerMinute,
    admit(ip, head) {
      const key = clientKey(ip);
      const counted = counter.hit(key, now());
      return counted instanceof Promise ? counted.then((window) => verdict(key, head, window)) : verdict(key, head, counted);
    },
  };
}

/**
 * One key per IPv4 address; IPv6 clients are counted by their /56 network (express-rate-limit's
 * ipKeyGenerator), since one subscriber may hold a whole block. Only an address with a colon can be
 * IPv6, so the generator's long pattern is not run on every IPv4 request.
 */
export function clientKey(ip: string): string {
  return ip.includes(':') ? ipKeyGenerator(ip) : ip;
}

/** The draft's partition key: a short hash of the client key, so the address itself is not echoed. */
function partitionKey(key: string): string {
  return Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
}
