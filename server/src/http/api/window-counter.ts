/** A client's requests in its current fixed window. */
export interface CountedWindow {
  hits: number;
  /** when the window ends (ms since the epoch) */
  resetAt: number;
  /** the client's `RateLimit-Policy` header, kept with its window by whoever announces it (it depends only on the client) */
  policy?: string;
}

/** Counts requests per client key in fixed windows. */
export interface WindowCounter {
  hit(key: string, now: number): CountedWindow | Promise<CountedWindow>;
}

/**
 * Fixed windows in this process's memory, as express-rate-limit's MemoryStore keeps them: a client's
 * window starts at its first request, and the clients are held in two maps, so those not seen for a
 * whole window are dropped in bulk instead of one by one. Unlike that store (whose `increment` is
 * async), it answers synchronously: the API's cached answers leave in the tick their request came in.
 */
export class LocalWindowCounter implements WindowCounter {
  private current = new Map<string, CountedWindow>();
  private previous = new Map<string, CountedWindow>();

  constructor(private readonly windowMs: number) {
    setInterval(() => {
      this.previous = this.current;
      this.current = new Map();
    }, windowMs).unref();
  }

  hit(key: string, now: number): CountedWindow {
    let window = this.current.get(key);
    if (window === undefined) {
      window = this.previous.get(key) ?? { hits: 0, resetAt: now + this.windowMs };
      this.previous.delete(key);
      this.current.set(key, window);
    }
    if (window.resetAt <= now) {
      window.hits = 0;
      window.resetAt = now + this.windowMs;
    }
    window.hits += 1;
    return window;
  }
}
