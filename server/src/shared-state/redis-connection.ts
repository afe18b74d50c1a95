import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A command to Redis that takes longer than this fails, and the caller falls back to its own memory. */
const COMMAND_TIMEOUT_MS = 500;
/** Reconnection attempts back off up to this interval, for as long as the process runs. */
const MAX_RECONNECT_DELAY_MS = 2000;

/**
 * The connection to Redis (REDIS_URL) that the instances share their state through: the rate limits'
 * counters and the studio change messages. Commands never queue while Redis is away
 * (`enableOfflineQueue: false`) and time out after COMMAND_TIMEOUT_MS, so a request is never held by
 * Redis: its callers fall back to this process's memory. Reconnects for ever; each outage and each
 * recovery is logged once.
 */
export function connectRedis(url: string, logger: Logger, { offlineQueue = false }: { offlineQueue?: boolean } = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: offlineQueue,
    commandTimeout: offlineQueue ? undefined : COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: offlineQueue ? null : 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  });
  let reachable: boolean | undefined;
  redis.on('ready', () => {
    if (reachable !== true) logger.info({ redis: redactedUrl(url) }, 'Redis reachable: rate limits and cache invalidation are shared by every instance');
    reachable = true;
  });
  redis.on('error', (error: Error) => {
    if (reachable !== false) logger.warn({ err: error, redis: redactedUrl(url) }, 'Redis unreachable: rate limits count in this instance only until it is back');
    reachable = false;
  });
  return redis;
}

/** Whether commands can be sent now (connected and ready). */
export function isRedisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}

/** The URL without its password, for the logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}
