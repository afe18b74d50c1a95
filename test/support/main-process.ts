import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';
import { waitUntilReady } from './wait-until-ready';

const ROOT = path.resolve(__dirname, '../..');

export interface MainProcess {
  port: number;
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** what it wrote so far, standard output and error together */
  output(): string;
  /** its exit code once it has exited; undefined while it runs */
  exitCode(): number | null | undefined;
  exited: Promise<number | null>;
  /** sends a signal (SIGTERM by default): stop() then `await exited` is a clean shutdown */
  stop(signal?: NodeJS.Signals): void;
}

/**
 * `npm start` for real: server/src/main.ts in a child process (through tsx, after `nodeFlags`) on a
 * free port of 127.0.0.1, with `env` over this process's environment and the `unset` variables
 * removed (a newcomer sets none of them). Resolves once it answers /readyz; the caller stops it
 * (SIGKILL in a `finally` is safe after a clean stop).
 */
export async function startMainProcess(env: NodeJS.ProcessEnv, options: { unset?: string[]; nodeFlags?: string[] } = {}): Promise<MainProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  for (const name of options.unset ?? []) delete childEnv[name];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv });
  let output = '';
  let exitCode: number | null | undefined;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve((exitCode = code))));
  const main: MainProcess = {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exitCode: () => exitCode,
    exited,
    stop: (signal = 'SIGTERM') => void child.kill(signal),
  };
  try {
    await waitUntilReady(main.baseUrl, 30_000, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return main;
}

/**
 * `startMainProcess`, then `use` against it, then SIGTERM: answers the exit code (0 is a clean
 * shutdown). The process is killed whatever happens, so a failing `use` leaves nothing running.
 */
export async function runMainProcess(env: NodeJS.ProcessEnv, options: { unset?: string[]; nodeFlags?: string[] }, use: (main: MainProcess) => Promise<void>): Promise<number | null> {
  const main = await startMainProcess(env, options);
  try {
    await use(main);
    main.stop();
    return await main.exited;
  } finally {
    main.stop('SIGKILL');
  }
}
