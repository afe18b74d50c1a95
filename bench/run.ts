import { execFileSync } from 'node:child_process';
import { runApiBench } from './api-bench';
import { runBookingsBench } from './bookings-bench';
import { runExportBench } from './export-bench';
import { runFeedsBench } from './feeds-bench';
import { runWordPressBench } from './wordpress-bench';
import { runClusterBench } from './cluster-bench';
import { loadAverageNow } from './machine';
import { ROOT, killAllChildren } from './processes';

/**
 * `npm run bench [-- --only api|bookings|export|feeds|wordpress|cluster] [-- --reload]`: builds the server as production runs it,
 * then runs the bench's parts, each writing its own section of bench/last-results.md:
 * - api (api-bench.ts): the public API on 200 generated studios in MariaDB (--reload reloads them);
 * - bookings (bookings-bench.ts): 200 students booking one class through the hosted page, then the
 *   outbox's delivery of the emails they are owed;
 * - export (export-bench.ts): the studio API's bookings export of 100,000 bookings, as JSON pages
 *   and as one CSV stream: time and the server's memory;
 * - feeds (feeds-bench.ts): the calendar feeds, one class by id and free lesson times, on a data set
 *   of their own;
 * - wordpress (wordpress-bench.ts): the plugin in a real WordPress: a warm page with every block
 *   against the page without them, and visitors at once while the API hangs (needs PHP and MariaDB);
 * - cluster (cluster-bench.ts): HAProxy in front of three instances sharing Redis, against one
 *   instance, and what Redis and the balancer add to a request.
 */

const PARTS = ['api', 'bookings', 'export', 'feeds', 'wordpress', 'cluster'] as const;
type Part = (typeof PARTS)[number];
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The parts named by `--only <part>` (or `--only=<part>`); every part without it. */
function partsToRun(argv: string[]): Part[] {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index === -1) return [...PARTS];
  const argument = argv[index] as string;
  const named = argument.includes('=') ? argument.slice(argument.indexOf('=') + 1) : argv[index + 1];
  const part = PARTS.find((candidate) => candidate === named);
  if (!part) throw new Error(`--only takes one of ${PARTS.join(', ')}; got ${named ?? 'nothing'}`);
  return [part];
}

async function main(): Promise<void> {
  const parts = partsToRun(process.argv.slice(2));
  const startedAt = new Date();
  const loadAverage = loadAverageNow();

  // The WordPress part runs the API from source, as the WordPress tests do.
  if (parts.some((part) => part !== 'wordpress')) {
    log('building the server as production runs it (npm run build)');
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  if (parts.includes('api')) await runApiBench({ startedAt, loadAverage, reload: process.argv.includes('--reload') });
  if (parts.includes('bookings')) await runBookingsBench();
  if (parts.includes('export')) await runExportBench();
  if (parts.includes('feeds')) await runFeedsBench({ startedAt, loadAverage });
  if (parts.includes('wordpress')) await runWordPressBench({ startedAt, loadAverage });
  if (parts.includes('cluster')) await runClusterBench({ startedAt, loadAverage });
}

process.on('exit', killAllChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping the child processes`);
    killAllChildren();
    process.exit(130);
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    killAllChildren();
    process.exit(1);
  },
);
