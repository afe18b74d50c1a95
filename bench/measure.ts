import autocannon from 'autocannon';
import { cpuBetween, sampleCpu } from './cpu';
import type { CpuPlacement } from './cpu-placement';
import { seededRandom } from './generate';
import { wrkRun, type LoadRun } from './wrk';

/**
 * One load run (after an optional warm-up), and the figures the report needs: wrk for the same URL
 * again and again (wrk.ts: the cheapest answers must be paced by the server, not the load
 * generator), autocannon where each request needs a path of its own.
 */

export const CONNECTIONS = 20;
export const WARMUP_SECONDS = 1;
export const MEASURE_SECONDS = 5;

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** answers other than 2xx, and connection errors or timeouts: a healthy run has none */
  non2xx: number;
  /** how many of those each status had, where the load generator tells */
  non2xxByStatus?: Record<string, number>;
  errors: number;
  /** CPU time of the measured process (tree) per answered request, µs */
  cpuUsPerRequest: number;
  /** CPU time of the database server per answered request, µs */
  databaseUsPerRequest: number;
  /** CPUs' worth of work done meanwhile by processes outside the bench (see cpu.ts) */
  otherCpus: number;
  /** seconds the measured process waited for a CPU while runnable, per second of the run (cpu.ts) */
  waitingShare: number;
}

/**
 * The same URL (with the same request headers) again and again, with wrk; `targetPid` is the process
 * whose CPU time is counted; `placement`, the CPU wrk runs on (the caller places the target).
 */
export async function measureFixed(
  url: string,
  targetPid: number | undefined,
  warmUp: boolean,
  headers: Record<string, string> = {},
  seconds = MEASURE_SECONDS,
  placement: CpuPlacement | null = null,
): Promise<Measurement> {
  if (warmUp) await wrkRun(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers, placement });
  return measured(targetPid, () => wrkRun(url, { connections: CONNECTIONS, seconds, headers, placement }));
}

/** A new path for every request, drawn from `nextPath` with a seeded generator (the same sequence each run). */
export async function measureVaried(baseUrl: string, targetPid: number | undefined, nextPath: (random: () => number) => string, seed: number): Promise<Measurement> {
  const run = (duration: number, random: () => number) =>
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath(random) }) }],
    });
  await run(WARMUP_SECONDS, seededRandom(seed ^ 0x5eed));
  return measured(targetPid, async () => fromAutocannon(await run(MEASURE_SECONDS, seededRandom(seed))));
}

function fromAutocannon(result: autocannon.Result): LoadRun {
  // autocannon counts each status (statusCodeStats), which its types leave out.
  const byStatus: Record<string, { count: number }> = (result as autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    non2xxByStatus: Object.fromEntries(
      Object.entries(byStatus)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, stats]): [string, number] => [status, stats.count]),
    ),
    errors: result.errors + result.timeouts,
  };
}

async function measured(targetPid: number | undefined, run: () => Promise<LoadRun>): Promise<Measurement> {
  const before = sampleCpu(targetPid);
  const result = await run();
  const cpu = cpuBetween(before, sampleCpu(targetPid));
  const answered = Math.max(1, result.requests);
  return {
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    non2xx: result.non2xx,
    non2xxByStatus: result.non2xxByStatus,
    errors: result.errors,
    cpuUsPerRequest: (cpu.targetMs * 1000) / answered,
    databaseUsPerRequest: (cpu.databaseMs * 1000) / answered,
    otherCpus: cpu.otherCpus,
    waitingShare: cpu.targetWaitShare,
  };
}

/** Misses one at a time: what one costs, apart from how many wait on the CPU together. */
export interface SequentialMeasurement {
  requests: number;
  /** answers other than 2xx (a 503 past the store's deadline, say): a healthy run has none */
  non2xx: number;
  p50Ms: number;
  /** CPU time of the measured process (tree) per request, µs */
  cpuUsPerRequest: number;
  /** CPU time of the database server per request, µs (the shared server: other load counts too) */
  databaseUsPerRequest: number;
  otherCpus: number;
}

/**
 * `count` requests one after the other, each a new path from `nextPath` (seeded, as measureVaried),
 * after one warm-up request. For answers so costly that 20 at once answer nothing within a run (an
 * uncached 14-week calendar feed), this still says what one costs.
 */
export async function measureOneByOne(baseUrl: string, targetPid: number | undefined, nextPath: (random: () => number) => string, seed: number, count: number): Promise<SequentialMeasurement> {
  await (await fetch(baseUrl + nextPath(seededRandom(seed ^ 0x5eed)))).arrayBuffer();
  const random = seededRandom(seed);
  const times: number[] = [];
  let non2xx = 0;
  const before = sampleCpu(targetPid);
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const answer = await fetch(baseUrl + nextPath(random));
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    if (answer.status < 200 || answer.status > 299) non2xx += 1;
  }
  const cpu = cpuBetween(before, sampleCpu(targetPid));
  times.sort((a, b) => a - b);
  return {
    requests: count,
    non2xx,
    p50Ms: times[Math.floor(times.length / 2)] ?? 0,
    cpuUsPerRequest: (cpu.targetMs * 1000) / count,
    databaseUsPerRequest: (cpu.databaseMs * 1000) / count,
    otherCpus: cpu.otherCpus,
  };
}
