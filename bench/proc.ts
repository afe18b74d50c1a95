import fs from 'node:fs';

/** Small readers of Linux /proc: process trees, memory, CPU time and waits for the CPU. */

/** Descendants of a process through /proc/<pid>/task/<tid>/children, at most `depth` levels deep. */
export function descendants(pid: number, depth = 4): number[] {
  if (depth === 0) return [];
  const children = threadsOf(pid).flatMap((task) => readOrEmpty(`/proc/${pid}/task/${task}/children`).trim().split(/\s+/).filter(Boolean).map(Number));
  return children.flatMap((child) => [child, ...descendants(child, depth - 1)]);
}

/** A process's name, resident memory now (VmRSS) and its peak (VmHWM), in MB. */
export function processStatus(pid: number): { name: string; rssMb: number; peakMb: number } {
  const status = readOrEmpty(`/proc/${pid}/status`);
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { name: /^Name:\s+(\S+)/m.exec(status)?.[1] ?? '', rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** User + system CPU time of a process (all its threads), in clock ticks. */
export function processTicks(pid: number): number {
  const stat = readOrEmpty(`/proc/${pid}/stat`);
  // after "pid (comm) ", utime and stime are the 12th and 13th fields
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

/**
 * How long a process's threads (those alive now) have waited for a CPU while runnable, in ns: the
 * second field of each /proc/<pid>/task/<tid>/schedstat. A process that shares a CPU gets less of
 * it when the scheduler keeps it waiting, not only when it sleeps: this tells the two apart.
 */
export function runQueueWaitNs(pid: number): number {
  return threadsOf(pid).reduce((sum, task) => sum + Number(readOrEmpty(`/proc/${pid}/task/${task}/schedstat`).split(' ')[1] ?? 0), 0);
}

/** The ids of a process's threads now (/proc/<pid>/task), none once it has ended. */
function threadsOf(pid: number): string[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** Busy time of all CPUs (everything but idle and iowait), in clock ticks. */
export function machineBusyTicks(): number {
  const fields = (/^cpu\s+(.*)$/m.exec(readOrEmpty('/proc/stat'))?.[1] ?? '').trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return user + nice + system + irq + softirq + steal;
}

/** Processes whose name (/proc/<pid>/comm) is one of `names`. */
export function pidsNamed(names: ReadonlySet<string>): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && names.has(readOrEmpty(`/proc/${entry}/comm`).trim()))
    .map(Number);
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
