import type { Logger } from 'pino';
import type { Config } from '../config';
import { cdnPurge } from '../delivery/cdn-purge';
import { connectRedis } from './redis-connection';
import { studioChangeChannelName } from './studio-change-channel';

/**
 * After a change made outside the servers (`npm run import`): tells the running instances over Redis
 * (they would see it at their next poll otherwise) and purges the CDN, as an import through the
 * studio API does. Waits for the message to be sent; a failure is logged, never fatal.
 */
export async function announceStudioChange(config: Config, studioId: string, logger: Logger): Promise<void> {
  const purged = config.cdnPurgeUrl === null ? Promise.resolve() : cdnPurge(config.cdnPurgeUrl, config.cdnPurgeToken, logger)(studioId);
  if (config.redisUrl !== null) await publishChange(config.redisUrl, config.redisKeyPrefix, studioId, logger);
  await purged;
}

async function publishChange(url: string, keyPrefix: string, studioId: string, logger: Logger): Promise<void> {
  const redis = connectRedis(url, logger, { offlineQueue: true });
  try {
    await Promise.race([
      redis.publish(studioChangeChannelName(keyPrefix), `import ${studioId}`),
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('Redis did not answer within 3 s')), 3000).unref()),
    ]);
  } catch (error) {
    logger.warn({ err: error }, 'could not tell the running servers of the import; they see it at their next poll');
  } finally {
    redis.disconnect();
  }
}
