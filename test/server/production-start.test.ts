import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { productionServerArgs } from '../../bench/processes';
import { freePort } from '../support/free-port';
import { request } from '../support/http';
import { waitUntilReady } from '../support/wait-until-ready';

/**
 * `npm run start:production` runs the built server with Node flags that set its memory budget
 * (README, "Running on MySQL / MariaDB"). The bench runs the server with the same arguments.
 */

const ROOT = path.resolve(__dirname, '../..');
const args = productionServerArgs();
const nodeFlags = args.slice(0, -1);

describe('the production start command', () => {
  test('When Node is started with its flags, then the heap limit is the declared budget', () => {
    const declaredMb = Number(/^--max-old-space-size=(\d+)$/.exec(nodeFlags.find((flag) => flag.startsWith('--max-old-space-size=')) ?? '')?.[1]);
    expect(declaredMb).toBeGreaterThan(0);
    const run = spawnSync(process.execPath, [...nodeFlags, '-e', 'process.stdout.write(String(require("v8").getHeapStatistics().heap_size_limit))'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const limitMb = Number(run.stdout) / 2 ** 20;
    // The limit is the old generation's plus the young generation's (a few MB with --max-semi-space-size=4).
    expect(limitMb).toBeGreaterThanOrEqual(declaredMb);
    expect(limitMb).toBeLessThan(declaredMb + 64);
  });

  test('When the server is started with its flags, then it answers the API and stops on SIGTERM', async () => {
    expect(args[args.length - 1]).toBe('server/dist/main.js');
    const port = await freePort();
    // The same flags on the source (through tsx), so the suite need not build server/dist.
    const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: 'sqlite::memory:', PORT: String(port), HOST: '127.0.0.1', DEMO_STUDIO: 'auto', LOG_LEVEL: 'warn' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitUntilReady(baseUrl, 30_000, () => output);
      const profile = await request(baseUrl, '/api/public/studio/salsa-city/profile');
      expect(profile.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
