import { LRUCache } from 'lru-cache';
import type { KeptAnswer } from './kept-answer';

/**
 * Response bodies per studio and query, bounded by memory. Keys carry the studio's change counter,
 * so a changed studio simply stops matching its old entries; `forgetStudio` frees them at once. A
 * body that time alone makes untrue (`validUntil`) is not served past it.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, KeptAnswer> | null;

  constructor(
    maxMegabytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries =
      maxMegabytes > 0
        ? new LRUCache<string, KeptAnswer>({ maxSize: maxMegabytes * 1024 * 1024, sizeCalculation: (entry, key) => entry.bytes + key.length + 64 })
        : null;
  }

  get(key: string): KeptAnswer | undefined {
    const entry = this.entries?.get(key);
    if (entry?.validUntil !== undefined && entry.validUntil <= this.now()) {
      this.entries?.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * Keeps `entry` under `key`; kept again after a coding was added to it (KeptAnswer.coded), it is
   * counted anew: lru-cache measures an entry when it is set, and leaves one set again as it was.
   */
  set(key: string, entry: KeptAnswer): void {
    if (!this.entries) return;
    if (this.entries.peek(key) === entry) this.entries.delete(key);
    this.entries.set(key, entry);
  }

  forgetStudio(studioId: string): void {
    this.forgetPrefix(`${studioId}|`);
  }

  forgetPrefix(prefix: string): void {
    if (!this.entries) return;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
