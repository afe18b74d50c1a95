import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { LocalWindowCounter, type CountedWindow, type WindowCounter } from '../http/api/window-counter';
import { isRedisReady } from './redis-connection';

/** A failing Redis command (with the connection up) is logged at most this often. */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * The rate limits' counters, shared by every instance through Redis (rate-limit-redis's store, one
 * atomic script per hit), so N instances allow the limit once, not N times. While Redis cannot be
 * reached each instance counts in its own memory (express-rate-limit's MemoryStore, or the API's
 * synchronous LocalWindowCounter): the service keeps answering, within the limit per instance.
 */
export interface SharedRateLimits {
  /** a store for one express-rate-limit limiter, its keys under `<prefix>rl:<name>:` */
  store(name: string): Store;
  /** the public API's counter (see http/api/rate-limit.ts) */
  apiCounter(windowMs: number): WindowCounter;
}

export function sharedRateLimits(redis: Redis, keyPrefix: string, logger: Logger): SharedRateLimits {
  let lastLogged = 0;
  const onFailure = (error: unknown) => {
    const now = Date.now();
    if (now - lastLogged < FAILURE_LOG_INTERVAL_MS) return;
    lastLogged = now;
    logger.warn({ err: error }, 'a rate limit could not be counted in Redis: counted in this instance instead');
  };
  return {
    store: (name) => new RedisOrLocalStore(redis, `${keyPrefix}rl:${name}:`, onFailure),
    apiCounter(windowMs) {
      const shared = new RedisOrLocalStore(redis, `${keyPrefix}rl:api:`, onFailure);
      shared.init({ windowMs } as Options);
      return new SharedWindowCounter(shared, redis, new LocalWindowCounter(windowMs));
    },
  };
}

/**
 * An express-rate-limit store that counts in Redis while it is connected and in this process's
 * memory otherwise. rate-limit-redis loads its scripts in `init`; when Redis is away then, they are
 * loaded at the first hit after it is back.
 */
class RedisOrLocalStore implements Store {
  readonly localKeys = false;
  private readonly shared: RedisStore;
  private readonly local = new MemoryStore();
  private options: Options | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
    readonly onFailure: (error: unknown) => void,
  ) {
    this.shared = new RedisStore({ prefix, sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply> });
  }

  init(options: Options): void {
    this.options = options;
    this.local.init(options);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    if (!isRedisReady(this.redis)) return this.local.increment(key);
    try {
      return await this.incrementShared(key);
    } catch (error) {
      this.onFailure(error);
      return this.local.increment(key);
    }
  }

  /** Counts the hit in Redis, or fails. */
  async incrementShared(key: string): Promise<ClientRateLimitInfo> {
    await this.scriptsLoaded();
    return this.shared.increment(key);
  }

  async decrement(key: string): Promise<void> {
    await this.either((store) => store.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.either((store) => store.resetKey(key));
  }

  private async either(action: (store: Store) => Promise<void> | void): Promise<void> {
    if (!isRedisReady(this.redis)) return void (await action(this.local));
    try {
      await this.scriptsLoaded();
      await action(this.shared);
    } catch (error) {
      this.onFailure(error);
      await action(this.local);
    }
  }

  private scriptsLoaded(): Promise<void> {
    this.loading ??= this.shared.init(this.options as Options).catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}

/**
 * The public API's counter over the shared store: a hit is answered when Redis has counted it, so
 * the API's admission is asynchronous with Redis. While Redis is not connected the hit is counted
 * locally and answered at once, as without Redis.
 */
class SharedWindowCounter implements WindowCounter {
  constructor(
    private readonly shared: RedisOrLocalStore,
    private readonly redis: Redis,
    private readonly local: LocalWindowCounter,
  ) {}

  hit(key: string, now: number): CountedWindow | Promise<CountedWindow> {
    if (!isRedisReady(this.redis)) return this.local.hit(key, now);
    return this.shared.incrementShared(key).then(
      (info) => ({ hits: info.totalHits, resetAt: info.resetTime?.getTime() ?? now }),
      (error: unknown) => {
        this.shared.onFailure(error);
        return this.local.hit(key, now);
      },
    );
  }
}
