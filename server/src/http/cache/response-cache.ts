import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A serialized response body and its strong ETag, computed once and served many times. */
export interface CachedBody {
  body: Buffer;
  etag: string;
}

export function toCachedBody(value: unknown): CachedBody {
  return cachedBody(Buffer.from(JSON.stringify(value)));
}

/** A body that is JSON already. */
export function cachedBody(body: Buffer): CachedBody {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Response bodies per studio and query, bounded by memory. Keys carry the studio's change counter,
 * so a changed studio simply stops matching its old entries; `forgetStudio` frees them at once.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedBody> | null;

  constructor(maxMegabytes: number) {
    this.entries =
      maxMegabytes > 0
        ? new LRUCache<string, CachedBody>({ maxSize: maxMegabytes * 1024 * 1024, sizeCalculation: (entry, key) => entry.body.length + key.length + 64 })
        : null;
  }

  get(key: string): CachedBody | undefined {
    return this.entries?.get(key);
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
