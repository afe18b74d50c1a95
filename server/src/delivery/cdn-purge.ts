import type { Logger } from 'pino';
import { surrogateKeysOfStudio } from '../http/cache/surrogate-keys';

/** A purge that has not answered by then is given up (and logged): the answers' s-maxage bounds what a CDN serves. */
const PURGE_TIMEOUT_MS = 5000;

/**
 * Purges a studio from the CDN after its import: one POST to CDN_PURGE_URL naming the studio's
 * surrogate keys, both as the `Surrogate-Key` header (Fastly's purge by key, Varnish's xkey) and as
 * the JSON body `{"tags": [...]}` (Cloudflare's purge by Cache-Tag), with CDN_PURGE_TOKEN as a bearer
 * token. Best effort, on purpose, not through the outbox: a purge lost to a failure only leaves the
 * CDN's copy until its s-maxage (CACHE_MAX_AGE) runs out, which is what a CDN without purging does
 * anyway; it is logged. Bookings do not purge: seats left are as fresh as s-maxage allows.
 */
/** Settles when the CDN answered or the purge was given up; never rejects. */
export type CdnPurge = (studioId: string) => Promise<void>;

export function cdnPurge(url: string, token: string | null, logger: Logger): CdnPurge {
  return (studioId) => {
    const tags = surrogateKeysOfStudio(studioId);
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Surrogate-Key': tags.join(' '), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    }).then(
      async (response) => {
        await response.body?.cancel();
        if (!response.ok) logger.warn({ studioId, status: response.status }, 'the CDN refused the purge of a studio; its copies expire with s-maxage');
        else logger.info({ studioId, tags }, 'studio purged from the CDN');
      },
      (error: unknown) => logger.warn({ err: error, studioId }, 'could not purge a studio from the CDN; its copies expire with s-maxage'),
    );
  };
}
