import { createHash } from 'node:crypto';

/** A serialized response body and its strong ETag, as a producer answers it (kept and sent as a KeptAnswer: kept-answer.ts). */
export interface CachedBody {
  body: Buffer;
  etag: string;
  /** when the body stops being true by time alone (a waitlist it shows open closes); unset: only a change of the studio ends it */
  validUntil?: number;
}

export function toCachedBody(value: unknown): CachedBody {
  return cachedBody(Buffer.from(JSON.stringify(value)));
}

/** A body that is JSON already, true until `validUntil` when it has one. */
export function cachedBody(body: Buffer, validUntil: number | null = null): CachedBody {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return validUntil === null ? { body, etag } : { body, etag, validUntil };
}
