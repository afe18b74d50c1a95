import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Tells every instance that a studio changed (an import or a booking on any of them), over Redis
 * publish/subscribe: each forgets the studio's cached answers and reads the change counters at
 * once, instead of at its next poll. A message is "<sender> <studioId>"; an instance skips its own
 * (it applied the change already). Messages sent while an instance was cut off from Redis are lost,
 * so on every (re)connection it reads the counters again (`onReconnect`); the poll goes on too, as
 * the safety net.
 */
export interface StudioChangeChannel {
  publish(studioId: string): void;
  close(): Promise<void>;
}

export function studioChangeChannelName(keyPrefix: string): string {
  return `${keyPrefix}studio-changed`;
}

export function studioChangeChannel(
  publisher: Redis,
  subscriber: Redis,
  keyPrefix: string,
  logger: Logger,
  handlers: { onChange: (studioId: string) => void; onReconnect: () => void },
): StudioChangeChannel {
  const channel = studioChangeChannelName(keyPrefix);
  const sender = randomUUID();
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const space = message.indexOf(' ');
    if (space < 0 || message.slice(0, space) === sender) return;
    handlers.onChange(message.slice(space + 1));
  });
  subscriber.on('ready', handlers.onReconnect);
  subscriber.subscribe(channel).catch((error: unknown) => logger.warn({ err: error }, 'could not subscribe to studio changes'));
  return {
    publish(studioId) {
      publisher.publish(channel, `${sender} ${studioId}`).catch((error: unknown) => logger.warn({ err: error, studioId }, 'could not tell the other instances of a studio change; they see it at their next poll'));
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
