import os from 'node:os';
import { descendants, machineBusyTicks, pidsNamed, processTicks } from './proc';

/**
 * How much CPU processes outside the bench used during a run: the bench measures on a shared machine,
 * and a run during someone's compile is not a measurement of the server. "Inside" is this process,
 * its descendants (server, ceiling) and the database server; everything else that is busy is "other".
 */

export interface CpuSample {
  /** all CPUs' busy time, in clock ticks */
  busy: number;
  /** busy time of the bench's own processes and the database, in clock ticks */
  own: number;
  at: number;
}

export const CPU_COUNT = os.cpus().length;
/** Clock ticks per second of /proc (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
const DATABASE_NAMES: ReadonlySet<string> = new Set(['mariadbd', 'mysqld']);

export function sampleCpu(): CpuSample {
  const own = [process.pid, ...descendants(process.pid), ...pidsNamed(DATABASE_NAMES)];
  return { busy: machineBusyTicks(), own: own.reduce((sum, pid) => sum + processTicks(pid), 0), at: Date.now() };
}

/** CPUs' worth of work done by other processes between two samples (0 on a quiet machine). */
export function otherCpus(before: CpuSample, after: CpuSample): number {
  const seconds = (after.at - before.at) / 1000;
  if (seconds <= 0) return 0;
  const other = after.busy - before.busy - (after.own - before.own);
  return Math.max(0, other / TICKS_PER_SECOND / seconds);
}
