import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { descendants, processStatus } from './proc';

/**
 * The bench's child processes, all stopped when the bench exits, however it exits. They run in the
 * bench's own session, not each in one of its own (spawn's `detached`, setsid): on a kernel that
 * schedules by session (autogroup, `kernel.sched_autogroup_enabled`, on in these VMs), each session
 * is a group whose weight is split among the CPUs by where the group's load is, so a side measured
 * at once beside another got a third of the measured CPU to the other's half whenever anything of
 * its session ran on the load generator's CPU (bench/README.md). In one session the two sides share
 * one group and split the CPU as two processes. None of them starts processes of its own, so
 * stopping one is signalling it.
 */

export const ROOT = path.resolve(__dirname, '..');
/** Lines of a child's stderr kept to explain a failure. */
const STDERR_LINES = 40;

export interface Child {
  name: string;
  process: ChildProcess;
  /** the last lines the child wrote to stderr */
  stderrTail(): string;
  exited: boolean;
  /** how it ended: "code 1" or "signal SIGKILL" */
  exitReason?: string;
}

const running = new Set<Child>();

/**
 * `script` (TypeScript) run by this Node with the production server's Node flags, so a ceiling's heap
 * (and so its garbage collection) is sized like the server it is compared with.
 */
export function startTsx(name: string, script: string, args: string[], env: Record<string, string>): Child {
  const serverFlags = productionServerArgs().filter((arg) => arg.startsWith('--'));
  return startProcess(name, process.execPath, [...serverFlags, '--import', 'tsx', script, ...args], env);
}

/** The Node arguments of a production script of package.json, which must be "node [flags] script". */
function nodeScriptArgs(script: string): string[] {
  const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = (packageJson.scripts[script] ?? '').split(/\s+/);
  if (command !== 'node' || args.length === 0) throw new Error(`package.json's ${script} must be "node [flags] script"`);
  return args;
}

/** The Node arguments of `npm run start:production` (its flags included: the heap budget shapes the server's memory). */
export function productionServerArgs(): string[] {
  return nodeScriptArgs('start:production');
}

/** The Node arguments of `npm run worker:production`: the compiled outbox worker, with the server's flags. */
export function productionWorkerArgs(): string[] {
  return nodeScriptArgs('worker:production');
}

/** Starts the compiled server as `npm run start:production` does, with this Node and without npm in between. */
export function startProductionServer(env: Record<string, string>): Child {
  return startProcess('server', process.execPath, productionServerArgs(), env);
}

/** The compiled outbox worker as `npm run worker:production` runs it, with this Node and without npm in between. */
export function startCompiledWorker(name: string, env: Record<string, string>): Child {
  return startProcess(name, process.execPath, productionWorkerArgs(), env);
}

export interface Running {
  child: Child;
  url: string;
}

/**
 * The production server on that database, on a free port of 127.0.0.1, once it answers /readyz:
 * DEMO_STUDIO=off, LOG_LEVEL=info (its stdout, a line per request but for the cache hits past 100 a second, goes nowhere), and `extraEnv`.
 */
export async function startServerOn(databaseUrl: string, extraEnv: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = startProductionServer({ DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DEMO_STUDIO: 'off', LOG_LEVEL: 'info', ...extraEnv });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(child, `${url}/readyz`);
  return { child, url };
}

function startProcess(name: string, command: string, args: string[], env: Record<string, string>): Child {
  const spawned = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  spawned.stderr?.setEncoding('utf8');
  spawned.stderr?.on('data', (chunk: string) => {
    lines.push(...chunk.split('\n').filter((line) => line !== ''));
    if (lines.length > STDERR_LINES) lines.splice(0, lines.length - STDERR_LINES);
  });
  const child: Child = { name, process: spawned, stderrTail: () => lines.join('\n'), exited: false };
  spawned.on('exit', (code, signal) => {
    child.exited = true;
    child.exitReason = signal ? `signal ${signal}` : `code ${code}`;
    running.delete(child);
  });
  running.add(child);
  return child;
}

/** SIGTERM to the child, SIGKILL when it has not exited within the grace period. */
export async function stopChild(child: Child, graceMs = 12_000): Promise<void> {
  if (child.exited) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  signalChild(child, 'SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    signalChild(child, 'SIGKILL');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  }
}

/** Kills every child still running, synchronously: safe in an 'exit' handler. */
export function killAllChildren(): void {
  for (const child of running) signalChild(child, 'SIGKILL');
  running.clear();
}

function signalChild(child: Child, signal: NodeJS.Signals): void {
  const pid = child.process.pid;
  if (pid === undefined) return;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** A TCP port on the loopback interface that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Throws, with the child's last words, when it is no longer running. */
export function assertRunning(child: Child): void {
  if (child.exited) throw new Error(`${child.name} exited (${child.exitReason ?? 'unknown'}) during the bench:\n${child.stderrTail()}`);
}

/** Polls `url` until it answers 200, the child dies, or the deadline passes. */
export async function waitForOk(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exited) throw new Error(`${child.name} exited (${child.exitReason ?? 'unknown'}) before ${url} answered:\n${child.stderrTail()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name}: ${url} did not answer 200 within ${timeoutMs / 1000} s:\n${child.stderrTail()}`);
}

export interface Memory {
  /** resident set size now, MB */
  rssMb: number;
  /** peak resident set size (VmHWM), MB */
  peakMb: number;
  pid: number;
}

/**
 * Resident memory of the process that serves: the largest node process among the child and its
 * descendants (tsx runs the script in a node of its own; esbuild's helper is not node).
 */
export function readMemory(child: Child): Memory {
  const pid = child.process.pid;
  if (pid === undefined) throw new Error(`${child.name} has no pid`);
  const candidates = [pid, ...descendants(pid)].map((candidate) => ({ pid: candidate, ...processStatus(candidate) }));
  const nodes = candidates.filter((candidate) => candidate.name === 'node');
  return (nodes.length > 0 ? nodes : candidates).reduce((a, b) => (b.rssMb > a.rssMb ? b : a));
}
