import os from 'node:os';
import { descendants, machineBusyTicks, pidsNamed, processTicks, runQueueWaitNs } from './proc';

/**
 * CPU time during a run, from /proc: what the measured process and the database spent (per request,
 * a figure that other work on the machine hardly changes), and how much CPU processes outside the
 * bench took meanwhile (on a shared machine a run during someone's compile says little about the
 * server). "Inside" is this process, its descendants (server, ceiling) and the database server.
 */

export interface CpuSample {
  /** all CPUs' busy time */
  busy: number;
  /** the bench's own processes and the database */
  own: number;
  /** the measured process tree */
  target: number;
  /** the database server */
  database: number;
  /** the measured process's time waiting for a CPU while runnable, ns (its threads alive at the sample) */
  targetWaitNs: number;
  at: number;
}

export interface CpuUse {
  /** CPUs' worth of work done by processes outside the bench (0 on a quiet machine) */
  otherCpus: number;
  /** CPU time of the measured process tree, ms */
  targetMs: number;
  /** CPU time of the database server, ms */
  databaseMs: number;
  /** seconds the measured process waited for a CPU while runnable, per second of the run */
  targetWaitShare: number;
}

export const CPU_COUNT = os.cpus().length;
/** Clock ticks per second of /proc (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
const DATABASE_NAMES: ReadonlySet<string> = new Set(['mariadbd', 'mysqld']);

export function sampleCpu(targetPid: number | undefined): CpuSample {
  const ticks = (pids: number[]) => pids.reduce((sum, pid) => sum + processTicks(pid), 0);
  const database = ticks(pidsNamed(DATABASE_NAMES));
  return {
    busy: machineBusyTicks(),
    own: ticks([process.pid, ...descendants(process.pid)]) + database,
    target: targetPid === undefined ? 0 : ticks([targetPid, ...descendants(targetPid)]),
    database,
    targetWaitNs: targetPid === undefined ? 0 : runQueueWaitNs(targetPid),
    at: Date.now(),
  };
}

export function cpuBetween(before: CpuSample, after: CpuSample): CpuUse {
  const seconds = (after.at - before.at) / 1000;
  const other = after.busy - before.busy - (after.own - before.own);
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
  return {
    otherCpus: seconds > 0 ? Math.max(0, other / TICKS_PER_SECOND / seconds) : 0,
    targetMs: ms(after.target - before.target),
    databaseMs: ms(after.database - before.database),
    targetWaitShare: seconds > 0 ? Math.max(0, after.targetWaitNs - before.targetWaitNs) / 1e9 / seconds : 0,
  };
}
