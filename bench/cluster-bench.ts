import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { importStudioDocument } from '../server/src/domain/studio-document/import-studio';
import { openStore } from '../server/src/data/database';
import { parseDatabaseUrl } from '../server/src/data/database-url';
import { catalogStoreFor, prepareDatabase } from '../server/src/server';
import { startHaproxy, type Balancer } from '../test/cluster/haproxy';
import { dropDatabase, mariadbUrl, recreateDatabase } from './database-server';
import { benchEndpoints } from './endpoints';
import { benchScheduleStart, generateStudioDocument, seededRandom } from './generate';
import { describeMachine } from './machine';
import { CONNECTIONS, MEASURE_SECONDS, WARMUP_SECONDS } from './measure';
import { startServerOn, stopChild, type Running } from './processes';
import { CLUSTER_HEADING, recordResults } from './results-file';

/**
 * The cluster part of `npm run bench` (issue 21): the public API through HAProxy (deploy/haproxy.cfg)
 * in front of three instances sharing Redis, against one instance alone, and in between the two
 * costs taken one at a time: Redis (every request's rate-limit count is a round trip to it) and the
 * balancer (one more hop). On 2 cores the three instances share the CPUs that one had: the figures
 * show what the cluster costs and that it holds, not a speed-up.
 */

const DATABASE = 'studio_data_bench_cluster';
/** Few studios: each is a year of ~300 weekly classes, imported in one transaction, which the shared MariaDB's 128 MB buffer pool must hold the locks of. */
const STUDIOS = 5;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Setup {
  name: string;
  instances: number;
  redis: boolean;
  balancer: boolean;
}

const SETUPS: Setup[] = [
  { name: 'one instance', instances: 1, redis: false, balancer: false },
  { name: 'one instance, Redis rate limit', instances: 1, redis: true, balancer: false },
  { name: 'HAProxy, one instance', instances: 1, redis: false, balancer: true },
  { name: 'HAProxy, three instances, Redis', instances: 3, redis: true, balancer: true },
];

interface Figures {
  /** one connection, one request at a time: the latency a request sees */
  serialMeanMs: number;
  serialP99Ms: number;
  /** CONNECTIONS connections */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export async function runClusterBench({ startedAt, loadAverage }: { startedAt: Date; loadAverage: string }): Promise<void> {
  const nowMs = Date.now();
  const scheduleStart = benchScheduleStart(nowMs);
  await recreateDatabase(DATABASE);
  const keyPrefix = `studio-data-bench-${randomBytes(4).toString('hex')}:`;
  try {
    const store = openStore(parseDatabaseUrl(mariadbUrl(DATABASE)));
    try {
      await prepareDatabase(store);
      for (let studio = 1; studio <= STUDIOS; studio += 1) await importStudioDocument(catalogStoreFor(store), generateStudioDocument(studio, scheduleStart), nowMs);
    } finally {
      await store.close();
    }
    const week = benchEndpoints(scheduleStart, nowMs, STUDIOS).find((endpoint) => endpoint.name === 'classes?from=next month');
    if (!week) throw new Error('the bench endpoints have no week of classes');

    // Two rounds of every set-up, in turn, the better of each kept: the first set-up measured would
    // otherwise pay for a cold database cache and a machine still busy with the load.
    const rows: { setup: Setup; hit: Figures; miss: Figures }[] = [];
    for (const setup of [...SETUPS, ...SETUPS]) {
      const env = { RATE_LIMIT_PER_MINUTE: '10000000', ...(setup.redis ? { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, TRUST_PROXY: 'loopback' } : { TRUST_PROXY: 'loopback' }) };
      const servers: Running[] = [];
      let balancer: Balancer | undefined;
      try {
        for (let index = 0; index < setup.instances; index += 1) servers.push(await startServerOn(mariadbUrl(DATABASE), env));
        const addresses = servers.map((server) => new URL(server.url).host);
        if (setup.balancer) balancer = await startHaproxy([0, 1, 2].map((index) => addresses[index % addresses.length] as string));
        const base = balancer?.url ?? (servers[0] as Running).url;
        const hit = await figures(base, () => week.hitPath, 1);
        const miss = await figures(base, week.missPath, 2);
        const earlier = rows.find((row) => row.setup === setup);
        if (!earlier) rows.push({ setup, hit, miss });
        else {
          if (hit.serialMeanMs < earlier.hit.serialMeanMs) earlier.hit = hit;
          if (miss.serialMeanMs < earlier.miss.serialMeanMs) earlier.miss = miss;
        }
        log(`${setup.name.padEnd(34)} hit ${describe(hit)}\n${''.padEnd(34)} miss ${describe(miss)}`);
      } finally {
        await balancer?.close();
        for (const server of servers) await stopChild(server.child);
      }
    }

    const base = rows[0] as (typeof rows)[number];
    const extra = (row: (typeof rows)[number], kind: 'hit' | 'miss') => {
      const difference = row[kind].serialMeanMs - base[kind].serialMeanMs;
      return `${difference >= 0 ? '+' : ''}${(difference * 1000).toFixed(0)} µs`;
    };
    const table = [
      '| set-up | hits: 1 connection, mean | hits p99 | extra per hit | hits req/s (20 conn.) | hits p99 (20 conn.) | misses: 1 connection, mean | extra per miss | misses req/s (20 conn.) | misses p99 (20 conn.) | failed |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (row) =>
          `| ${row.setup.name} | ${ms(row.hit.serialMeanMs)} | ${ms(row.hit.serialP99Ms)} | ${row === base ? '' : extra(row, 'hit')} | ${Math.round(row.hit.requestsPerSecond)} | ${ms(row.hit.p99Ms)} | ${ms(row.miss.serialMeanMs)} | ${row === base ? '' : extra(row, 'miss')} | ${Math.round(row.miss.requestsPerSecond)} | ${ms(row.miss.p99Ms)} | ${row.hit.failed + row.miss.failed} |`,
      ),
    ].join('\n');
    const section = [
      CLUSTER_HEADING,
      '',
      `Run ${startedAt.toISOString()}; ${describeMachine(loadAverage)}.`,
      '',
      `A week of classes (\`${week.name}\`) from ${STUDIOS} generated studios in MariaDB \`${DATABASE}\` (made for the run, dropped after), served by the production build: ` +
        `hits (the same URL, from the response cache) and misses (a random studio and week each request). Each set-up: one connection for ${MEASURE_SECONDS} s ` +
        `(the latency one request sees, and what Redis and HAProxy add to it), then autocannon with ${CONNECTIONS} connections (${WARMUP_SECONDS} s warm-up, ${MEASURE_SECONDS} s); ` +
        `two rounds of the four set-ups in turn, the better of each kept (by the one-connection mean). ` +
        `Redis is the machine's; HAProxy runs deploy/haproxy.cfg (with one instance, its three server lines name the same instance).`,
      '',
      table,
      '',
      'How to read it: on 2 cores the three instances share the CPUs one instance had, and HAProxy and Redis take their share of them too, so the cluster serves no more ' +
        'requests a second than one instance; here it shows that it holds (no failed request) and what it costs. "Extra" is the one-connection mean less that of one instance alone: ' +
        "what a request waits for the Redis round trip (the rate limit's count) and for the balancer's hop. On a busy machine each hop also waits for its process to be scheduled, " +
        'so the load average above bounds how far these figures can be trusted.',
    ].join('\n');
    recordResults('cluster', section, [table]);
  } finally {
    await dropDatabase(DATABASE);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`).catch(() => []);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}

async function figures(baseUrl: string, nextPath: (random: () => number) => string, seed: number): Promise<Figures> {
  const run = (connections: number, duration: number, random: () => number) =>
    autocannon({ url: baseUrl, connections, duration, requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath(random) }) }] });
  await run(CONNECTIONS, WARMUP_SECONDS, seededRandom(seed ^ 0x5eed));
  const serial = await run(1, MEASURE_SECONDS, seededRandom(seed));
  const loaded = await run(CONNECTIONS, MEASURE_SECONDS, seededRandom(seed + 100));
  return {
    serialMeanMs: serial.latency.mean,
    serialP99Ms: serial.latency.p99,
    requestsPerSecond: loaded.requests.average,
    p50Ms: loaded.latency.p50,
    p99Ms: loaded.latency.p99,
    failed: serial.non2xx + serial.errors + serial.timeouts + loaded.non2xx + loaded.errors + loaded.timeouts,
  };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const describe = (f: Figures) => `1 conn mean ${ms(f.serialMeanMs)} p99 ${ms(f.serialP99Ms)}; ${CONNECTIONS} conn ${Math.round(f.requestsPerSecond)} req/s p99 ${ms(f.p99Ms)}${f.failed ? ` [${f.failed} failed]` : ''}`;
