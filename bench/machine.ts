import os from 'node:os';
import { CPU_COUNT } from './cpu';

/** The machine line of a report: what the figures were measured on, and how busy it was. */

/** os.loadavg() as `1.62 2.29 1.69` (1, 5 and 15 minutes). */
export function loadAverageNow(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

export function describeMachine(loadAverageAtStart: string): string {
  return `${CPU_COUNT} CPU (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average at start ${loadAverageAtStart}`;
}
