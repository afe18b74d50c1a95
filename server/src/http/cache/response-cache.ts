import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Coding } from './content-coding';

/** A serialized response body and its strong ETag, computed once and served many times. */
export interface CachedBody {
  body: Buffer;
  etag: string;
  /** when the body stops being true by time alone (a waitlist it shows open closes); unset: only a change of the studio ends it */
  validUntil?: number;
  /** the body compressed, per coding, once a client has asked for it (content-coding.ts), with its ETag */
  coded?: Partial<Record<Coding, CodedBody>>;
}

/**
 * A coded representation of a cached body. Its ETag is kept with it rather than derived on each hit:
 * a string joined per request costs the header check Node makes before writing it a slow path.
 */
export interface CodedBody {
  body: Buffer;
  etag: string;
}

export function toCachedBody(value: unknown): CachedBody {
  return cachedBody(Buffer.from(JSON.stringify(value)));
}

/** A body that is JSON already, true until `validUntil` when it has one. */
export function cachedBody(body: Buffer, validUntil: number | null = null): CachedBody {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return validUntil === null ? { body, etag } : { body, etag, validUntil };
}

/**
 * Response bodies per studio and query, bounded by memory. Keys carry the studio's change counter,
 * so a changed studio simply stops matching its old entries; `forgetStudio` frees them at once. A
 * body that time alone makes untrue (`validUntil`) is not served past it.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedBody> | null;

  constructor(
    maxMegabytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries =
      maxMegabytes > 0
        ? new LRUCache<string, CachedBody>({ maxSize: maxMegabytes * 1024 * 1024, sizeCalculation: (entry, key) => entry.body.length + (entry.coded?.br?.body.length ?? 0) + (entry.coded?.gzip?.body.length ?? 0) + key.length + 64 })
        : null;
  }

  get(key: string): CachedBody | undefined {
    const entry = this.entries?.get(key);
    if (entry?.validUntil !== undefined && entry.validUntil <= this.now()) {
      this.entries?.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: CachedBody): void {
    this.entries?.set(key, entry);
  }

  forgetStudio(studioId: string): void {
    this.forgetPrefix(`${studioId}|`);
  }

  forgetPrefix(prefix: string): void {
    if (!this.entries) return;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
