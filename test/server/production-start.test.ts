import { spawnSync } from 'node:child_process';
import { productionServerArgs, productionWorkerArgs } from '../../bench/processes';
import { request } from '../support/http';
import { runMainProcess } from '../support/main-process';

/**
 * `npm run start:production` runs the built server with Node flags that set its memory budget
 * (README, "Running on MySQL / MariaDB"), and `npm run worker:production` the built outbox worker
 * with the same flags. The bench runs both with the same arguments.
 */

const args = productionServerArgs();
const nodeFlags = args.slice(0, -1);

describe('the production start command', () => {
  test('When Node is started with its flags, then the heap limit is the declared budget', () => {
    const declaredMb = Number(/^--max-old-space-size=(\d+)$/.exec(nodeFlags.find((flag) => flag.startsWith('--max-old-space-size=')) ?? '')?.[1]);
    // The README's budget ("Running on MySQL / MariaDB").
    expect(declaredMb).toBe(1536);
    const run = spawnSync(process.execPath, [...nodeFlags, '-e', 'process.stdout.write(String(require("v8").getHeapStatistics().heap_size_limit))'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const limitMb = Number(run.stdout) / 2 ** 20;
    // The limit is the old generation's plus the young generation's (a few MB with --max-semi-space-size=4).
    expect(limitMb).toBeGreaterThanOrEqual(declaredMb);
    expect(limitMb).toBeLessThan(declaredMb + 64);
  });

  test('When the worker is started for production, then it is the compiled worker with the same flags as the server', () => {
    expect(productionWorkerArgs()).toEqual([...nodeFlags, 'server/dist/cli/worker.js']);
  });

  test('When the server is started with its flags, then it answers the API and stops on SIGTERM', async () => {
    expect(args[args.length - 1]).toBe('server/dist/main.js');
    // The same flags on the source (through tsx), so the suite need not build server/dist.
    const exitCode = await runMainProcess({ DATABASE_URL: 'sqlite::memory:', DEMO_STUDIO: 'auto' }, { nodeFlags }, async (main) => {
      const profile = await request(main.baseUrl, '/api/public/studio/salsa-city/profile');
      expect(profile.status).toBe(200);
    });
    expect(exitCode).toBe(0);
  }, 60_000);
});
