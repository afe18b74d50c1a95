import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Studio Data server as the client's tests run it: the server `npm start` runs (configured from
 * the environment, the demo studio kept in the current week), with its clock held at the instant the
 * test run began (STUDIO_TEST_NOW, epoch milliseconds). A run that crosses midnight in the demo's
 * zone then still reads one week, so what a test renders and what it fetches to compare agree at any
 * hour. Spawned by studio-server.ts with tsx, from the root of the server's checkout.
 */

const now = Number(process.env.STUDIO_TEST_NOW);
if (!Number.isFinite(now)) throw new Error('STUDIO_TEST_NOW must be the test run’s instant in epoch milliseconds');

/** What this file uses of the server's modules (described here: the client's type check leaves the server's sources out). */
interface ServerModules {
  config: { loadConfig(): unknown };
  server: { startServer(config: unknown, options: { now: () => number }): Promise<{ ready: Promise<void>; close(): Promise<void> }> };
}

// The server's sources are CommonJS TypeScript (run through tsx): required from the checkout's root.
const requireFromServer = createRequire(path.join(process.cwd(), 'package.json'));
const { loadConfig } = requireFromServer('./server/src/config.ts') as ServerModules['config'];
const { startServer } = requireFromServer('./server/src/server.ts') as ServerModules['server'];

const server = await startServer(loadConfig(), { now: () => now });
await server.ready;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
