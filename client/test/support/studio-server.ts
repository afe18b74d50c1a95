import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real Studio Data server as a separate process, on a free port over a fresh SQLite file: the
 * demo studio (`salsa-city`, kept in the current week) plus the client's fixture studio, imported
 * with the project's own import command. Its clock stands at the instant the run began
 * (server-at-instant.ts), so every test of the run reads the same "this week".
 */

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the server's sources are: this repository, or (STUDIO_SERVER_ROOT) another checkout of it. */
const ROOT = process.env.STUDIO_SERVER_ROOT ?? REPOSITORY;
const FIXTURE_DOCUMENT = path.resolve(REPOSITORY, 'client/test/fixtures/client-fixture-studio.json');
const SERVER_AT_INSTANT = path.resolve(REPOSITORY, 'client/test/support/server-at-instant.ts');
export const FIXTURE_STUDIO = 'client-fixture';
export const DEMO_STUDIO = 'salsa-city';
/**
 * The demo's classes this week, all of them and of some dance types: the same whenever the suite
 * runs, since the demo is moved so that this week is always its document's second week, before any
 * of its holidays (server/src/demo/demo-studio.ts).
 */
export const DEMO_WEEK_CLASSES = { all: 61, Bachata: 10, Kizomba: 7, Zouk: 7 } as const;

export interface RunningStudioServer {
  url: string;
  stop(): Promise<void>;
}

export async function startStudioServer(): Promise<RunningStudioServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-client-test-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(directory, 'studio.sqlite')}`,
    DEMO_STUDIO: 'auto',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    BOOKING_RATE_LIMIT: '0',
    CHANGE_POLL_MS: '100',
    STUDIO_TEST_NOW: String(Date.now()),
  };
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_AT_INSTANT], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/readyz`, child, output);
    await runImport(env, FIXTURE_DOCUMENT);
    await waitFor(`${url}/api/public/studio/${FIXTURE_STUDIO}/profile`, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, output: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${output.join('')}`);
}

function runImport(env: NodeJS.ProcessEnv, document: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/import.ts', document], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`import exited with ${code}:\n${output.join('')}`))));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
