import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { clientRateLimit } from '../../server/src/http/api/rate-limit';
import { LocalWindowCounter } from '../../server/src/http/api/window-counter';
import { connectRedis } from '../../server/src/shared-state/redis-connection';
import { sharedRateLimits } from '../../server/src/shared-state/shared-rate-limits';

/** The header values a request's admission appended, by name. */
const headersOf = (head: string[]) => Object.fromEntries(head.flatMap((value, index) => (index % 2 === 0 ? [[value, head[index + 1]]] : [])));

describe('the public API rate limit (per client address, fixed windows of a minute)', () => {
  const T0 = Date.parse('2026-03-25T12:00:00Z');

  it('When a client sends its third request of a minute with a limit of 2, then it is told to wait until its window ends; a minute after its first, it is let in again', () => {
    let now = T0;
    const limit = clientRateLimit(2, () => now, new LocalWindowCounter(60_000));
    const heads = [[], [], []] as string[][];
    const waits = heads.map((head) => {
      const wait = limit!.admit('203.0.113.7', head);
      now += 10_000;
      return wait;
    });
    expect(waits).toEqual([0, 0, 40]);
    expect(heads.map((head) => headersOf(head).RateLimit)).toEqual(['"2-in-1min"; r=1; t=60', '"2-in-1min"; r=0; t=50', '"2-in-1min"; r=0; t=40']);
    expect(headersOf(heads[0]!)['RateLimit-Policy']).toMatch(/^"2-in-1min"; q=2; w=60; pk=:[A-Za-z0-9+/=]+:$/);
    // Another client has its own window.
    expect(limit!.admit('203.0.113.8', [])).toBe(0);
    now = T0 + 60_000;
    const next: string[] = [];
    expect(limit!.admit('203.0.113.7', next)).toBe(0);
    expect(headersOf(next).RateLimit).toBe('"2-in-1min"; r=1; t=60');
  });

  it('When a client has used less than half its quota of the minute, then its answers carry no RateLimit headers; from half on, and when refused, they say what remains', () => {
    let now = T0;
    const limit = clientRateLimit(4, () => now, new LocalWindowCounter(60_000));
    const heads = [[], [], [], [], []] as string[][];
    const waits = heads.map((head) => {
      const wait = limit!.admit('203.0.113.9', head);
      now += 1_000;
      return wait;
    });
    expect(waits).toEqual([0, 0, 0, 0, 56]);
    expect(heads.map((head) => headersOf(head).RateLimit)).toEqual([undefined, '"4-in-1min"; r=2; t=59', '"4-in-1min"; r=1; t=58', '"4-in-1min"; r=0; t=57', '"4-in-1min"; r=0; t=56']);
    expect(heads[0]).toEqual([]);
    expect(heads.slice(1).map((head) => headersOf(head)['RateLimit-Policy'])).toEqual(Array(4).fill(expect.stringMatching(/^"4-in-1min"; q=4; w=60; pk=:/)));
  });

  it('When two IPv6 addresses of one /56 network ask, then they share one window, and an IPv4-mapped address counts as its IPv4 address', () => {
    const limit = clientRateLimit(1, () => T0, new LocalWindowCounter(60_000));
    expect(limit!.admit('2001:db8:aa:bb00::1', [])).toBe(0);
    expect(limit!.admit('2001:db8:aa:bbff::2', [])).toBe(60);
    expect(limit!.admit('198.51.100.4', [])).toBe(0);
    expect(limit!.admit('::ffff:198.51.100.4', [])).toBe(60);
  });

  it('When the limit is 0, then there is no limit', () => {
    expect(clientRateLimit(0)).toBeNull();
  });
});

describe('the rate limits shared by every instance through Redis (REDIS_URL)', () => {
  const REDIS_URL = process.env.STUDIO_DATA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `studio-data-test-${randomBytes(6).toString('hex')}:`;
  const connections: Redis[] = [];
  const silent = pino({ level: 'silent' });
  /**
   * Disconnects and waits for the connection's socket to close. A connection that has ended is left
   * alone: ioredis's disconnect arms a 2-second timer (ref'd) that only its socket's `close` clears,
   * and a closed socket closes no more, so a second disconnect held the test worker open past
   * jest's wait ("A worker process has failed to exit gracefully"). Between two attempts to connect
   * (`reconnecting`, where there is no Redis) disconnecting ends the retries, and no `end` follows.
   */
  const disconnected = (redis: Redis) =>
    new Promise<void>((resolve) => {
      if (redis.status === 'end') return resolve();
      if (redis.status === 'reconnecting') {
        redis.disconnect();
        return resolve();
      }
      redis.once('end', () => resolve());
      redis.disconnect();
    });
  const connect = async (url: string, logger = silent) => {
    const redis = connectRedis(url, logger);
    connections.push(redis);
    await new Promise<void>((resolve) => {
      if (redis.status === 'ready') return resolve();
      redis.once('ready', () => resolve());
      redis.once('error', () => resolve());
    });
    return redis;
  };
  afterAll(async () => {
    const cleaner = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null });
    cleaner.on('error', () => {});
    try {
      await cleaner.connect();
      const keys = await cleaner.keys(`${prefix}*`);
      if (keys.length > 0) await cleaner.del(...keys);
    } catch {
      // No Redis here: nothing was written.
    }
    // Each connection's socket is closed before the file ends, so no worker is left holding one.
    await Promise.all([cleaner, ...connections].map(disconnected));
  });

  it('When one client asks two instances in turn, then together they admit the limit once, not once each', async () => {
    const [first, second] = [await connect(REDIS_URL), await connect(REDIS_URL)];
    if (first.status !== 'ready') {
      if (process.env.CI === 'true') throw new Error(`Redis is required under CI=true and is not reachable at ${REDIS_URL}`);
      return;
    }
    const instances = [first, second].map((redis) => clientRateLimit(3, Date.now, sharedRateLimits(redis, prefix, silent).apiCounter(60_000))!);
    const waits: number[] = [];
    for (let request = 0; request < 6; request += 1) waits.push(await instances[request % 2]!.admit('203.0.113.50', []));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits.slice(3).every((wait) => wait > 0 && wait <= 60)).toBe(true);
  });

  it('When Redis cannot be reached, then the instance counts in its own memory, answers at once and says so in its log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const unreachable = await connect('redis://127.0.0.1:1', logger);
    const limit = clientRateLimit(2, Date.now, sharedRateLimits(unreachable, prefix, logger).apiCounter(60_000))!;
    const waits = [0, 1, 2].map(() => limit.admit('203.0.113.51', []));
    // Numbers, not promises: decided in the request's own tick, as without Redis.
    expect(waits.map((wait) => typeof wait)).toEqual(['number', 'number', 'number']);
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBe(0);
    expect(waits[2]).toBeGreaterThan(0);
    expect(lines.join('')).toContain('Redis unreachable: rate limits count in this instance only until it is back');
    await disconnected(unreachable);
  });
});
