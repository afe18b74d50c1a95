import autocannon from 'autocannon';
import { otherCpus, sampleCpu } from './cpu';
import { seededRandom } from './generate';

/** One load run with autocannon (after an optional warm-up), and the figures the report needs. */

export const CONNECTIONS = 20;
export const WARMUP_SECONDS = 1;
export const MEASURE_SECONDS = 5;

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** answers other than 2xx, and connection errors or timeouts: a healthy run has none */
  non2xx: number;
  errors: number;
  /** CPUs' worth of work done meanwhile by processes outside the bench (see cpu.ts) */
  otherCpus: number;
}

/** The same URL again and again. */
export async function measureFixed(url: string, warmUp: boolean): Promise<Measurement> {
  if (warmUp) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  return measured(() => autocannon({ url, connections: CONNECTIONS, duration: MEASURE_SECONDS }));
}

/** A new path for every request, drawn from `nextPath` with a seeded generator (the same sequence each run). */
export async function measureVaried(baseUrl: string, nextPath: (random: () => number) => string, seed: number): Promise<Measurement> {
  const run = (duration: number, random: () => number) =>
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath(random) }) }],
    });
  await run(WARMUP_SECONDS, seededRandom(seed ^ 0x5eed));
  return measured(() => run(MEASURE_SECONDS, seededRandom(seed)));
}

async function measured(run: () => Promise<autocannon.Result>): Promise<Measurement> {
  const before = sampleCpu();
  const result = await run();
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    otherCpus: otherCpus(before, sampleCpu()),
  };
}
