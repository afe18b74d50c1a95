import { execFileSync } from 'node:child_process';
import { CPU_COUNT } from './cpu';

/**
 * Where the cache-hit runs put their processes: the side measured (the server, a ceiling) on one CPU,
 * all its threads, and wrk on another, each side in turn on the same CPU. Left to the scheduler on a
 * 2-CPU VM, wrk and the server were now on separate CPUs, now sharing one, and the same side's rate
 * moved by half from one run to the next (a bare node:http server from 19,400 to 33,000 a second,
 * 2-second runs a minute apart); placed, the runs of a side stayed within a few percent, and a ratio
 * of two sides measured in turn within 0.05. The placement is the same for every side, so it favours
 * none. Null on a machine of one CPU (nothing to place).
 */
export interface CpuPlacement {
  /** the CPU of the side measured (taskset's list syntax) */
  measured: string;
  /** the CPU of the load generator */
  loadGenerator: string;
}

export const HIT_PLACEMENT: CpuPlacement | null = CPU_COUNT >= 2 ? { measured: '0', loadGenerator: '1' } : null;

/** Puts every thread of process `pid` on the measured side's CPU (util-linux's taskset). */
export function placeMeasured(pid: number | undefined, placement: CpuPlacement | null): void {
  if (placement === null || pid === undefined) return;
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', placement.measured, String(pid)], { stdio: 'ignore' });
}

/** The command that runs `command` on the load generator's CPU. */
export function onLoadGeneratorCpu(command: string, args: string[], placement: CpuPlacement | null): [string, string[]] {
  return placement === null ? [command, args] : ['taskset', ['--cpu-list', placement.loadGenerator, command, ...args]];
}
