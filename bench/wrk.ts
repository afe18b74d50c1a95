import { execFile } from 'node:child_process';
import path from 'node:path';
import { onLoadGeneratorCpu, type CpuPlacement } from './cpu-placement';

/**
 * One run of wrk (Debian's `wrk` package) against one URL: a load generator written in C, on one
 * thread here. It spends a fraction of autocannon's CPU per request, so on a machine of two cores the
 * server under test, not the load generator, sets the pace: with autocannon in the bench process the
 * cheapest answers (a small cache hit at about 30,000 a second) were paced by autocannon itself, and
 * server/raw ratios of the same code moved from 0.48 to 1.52 between runs.
 */

export interface LoadRun {
  /** answers of any status, per second of the run */
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** answers other than 2xx and 3xx */
  non2xx: number;
  /** how many of those each status had, where the load generator tells (autocannon) */
  non2xxByStatus?: Record<string, number>;
  /** connect, read and write errors and timeouts */
  errors: number;
}

/** wrk prints what this script writes when the run is done: one JSON line (latencies in µs). */
const SUMMARY_SCRIPT = path.join(__dirname, 'wrk-summary.lua');

interface WrkSummary {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  non2xx: number;
  errors: number;
}

/** `placement`: the CPU wrk runs on (cpu-placement.ts); absent, wherever the scheduler puts it. */
export function wrkRun(url: string, options: { connections: number; seconds: number; headers?: Record<string, string>; placement?: CpuPlacement | null }): Promise<LoadRun> {
  const args = ['--threads', '1', '--connections', String(options.connections), '--duration', `${options.seconds}s`, '--script', SUMMARY_SCRIPT];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('--header', `${name}: ${value}`);
  args.push(url);
  const [command, commandArgs] = onLoadGeneratorCpu('wrk', args, options.placement ?? null);
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        reject(new Error(missing ? 'The bench needs wrk for its cache-hit runs: apt-get install wrk' : `wrk failed: ${stderr || error.message}`));
        return;
      }
      const summaryLine = stdout.split('\n').find((line) => line.startsWith('{"requests"'));
      if (!summaryLine) {
        reject(new Error(`wrk printed no summary:\n${stdout}${stderr}`));
        return;
      }
      const summary = JSON.parse(summaryLine) as WrkSummary;
      resolve({
        requestsPerSecond: summary.requests / (summary.durationUs / 1e6),
        requests: summary.requests,
        p50Ms: summary.p50Us / 1000,
        p99Ms: summary.p99Us / 1000,
        non2xx: summary.non2xx,
        errors: summary.errors,
      });
    });
  });
}
