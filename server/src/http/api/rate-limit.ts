import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { MemoryStore, ipKeyGenerator } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import { sendProblem } from '../problem';

const WINDOW_MS = 60_000;
/** Clients whose `RateLimit-Policy` header is kept ready (it only depends on the client's key). */
const POLICIES_KEPT = 10_000;

/**
 * A per-client-IP limit of requests a minute, with the IETF `RateLimit` / `RateLimit-Policy` headers
 * (draft 8) and `Retry-After` on 429. Counting (fixed windows per client, expired clients dropped
 * in bulk) is express-rate-limit's MemoryStore; the headers are written here, by the API's one
 * handler (public-api-handler.ts), which runs no Express middleware. express-rate-limit's own
 * middleware hashed the client's address on every request (the policy's `pk`): here each client's
 * policy is kept ready.
 */
export interface ClientRateLimit {
  /** counts a request from the client at `ip`; sets the headers and answers 429 when over the limit (then returns false) */
  admit(ip: string, res: ServerResponse): Promise<boolean>;
}

export function clientRateLimit(requestsPerMinute: number): ClientRateLimit | null {
  if (requestsPerMinute <= 0) return null;
  const store = new MemoryStore();
  store.init({ windowMs: WINDOW_MS } as Parameters<MemoryStore['init']>[0]);
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

  async function admit(ip: string, res: ServerResponse): Promise<boolean> {
    const key = ipKeyGenerator(ip);
    const client = await store.increment(key);
    const resetSeconds = client.resetTime ? Math.max(0, Math.ceil((client.resetTime.getTime() - Date.now()) / 1000)) : WINDOW_MS / 1000;
    res.setHeader('RateLimit', `${name}; r=${Math.max(0, requestsPerMinute - client.totalHits)}; t=${resetSeconds}`);
    res.setHeader('RateLimit-Policy', policyOf(key));
    if (client.totalHits <= requestsPerMinute) return true;
    const retryAfter = Math.max(1, resetSeconds);
    res.setHeader('Retry-After', String(retryAfter));
    sendProblem(res, 429, 'rate_limited', `Too many requests: at most ${requestsPerMinute} a minute from one address. Retry after ${retryAfter} s.`);
    return false;
  }

  return { admit };
}

/** The draft's partition key: a short hash of the client key, so the address itself is not echoed. */
function partitionKey(key: string): string {
  return Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
}
