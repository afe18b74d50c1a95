/** One cached answer: its entity tag, its parsed JSON body, and its `Link` header (a listing's windows), if it had one. */
export interface CachedAnswer {
  etag: string;
  body: unknown;
  link?: string | null;
}

/**
 * The last answer of each URL with its `ETag`, so that the next request for it asks
 * `If-None-Match` and a `304` costs no body. Bounded: the least recently used URL goes first.
 * Share one between clients to share their answers.
 */
export class EtagCache {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #maxEntries: number;

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 200);
  }

  get(url: string): CachedAnswer | undefined {
    const entry = this.#entries.get(url);
    if (entry) {
      this.#entries.delete(url);
      this.#entries.set(url, entry);
    }
    return entry;
  }

  set(url: string, entry: CachedAnswer): void {
    this.#entries.delete(url);
    this.#entries.set(url, entry);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  delete(url: string): void {
    this.#entries.delete(url);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
