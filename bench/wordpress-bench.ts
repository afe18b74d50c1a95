import { ensureBlocksBuilt } from '../test/blocks/built-blocks';
import { databaseTargets } from '../test/support/databases';
import { startTcpProxy } from '../test/support/tcp-proxy';
import { startTestServer } from '../test/support/test-server';
import { LIVE_STUDIO_ID, liveStudio } from '../test/wordpress/fixtures';
import { startWordPress, type WordPressVersion } from '../test/wordpress/harness';
import { visitWhileApiHangs, type HangingApiRun } from '../test/wordpress/hanging-api';
import { describeMachine, loadAverageNow } from './machine';
import { recordResults, WORDPRESS_HEADING } from './results-file';

/**
 * The WordPress part of `npm run bench` (issue 18): a real WordPress (the test harness's: PHP's
 * built-in server with 10 workers, MariaDB, the plugin and its built blocks) in front of a Studio Data
 * server on the live fixture studio, reached through a TCP proxy that counts connections and can hang.
 * - warm: a page with every block against the same page without them, median of alternate views,
 *   and the plugin's calls to the API per view (0 while the cached copies are fresh);
 * - hanging API: fresh copies forgotten, then the proxy accepts and never answers while 6, then 20
 *   visitors open the page at once, then 5 more one after the other: the slowest view, the others,
 *   and the connections made (each a call that hung).
 */

const VERSION: WordPressVersion = '6.6';
const WARM_VIEWS = 40;
const log = (line: string) => process.stdout.write(`${line}\n`);

const EVERY_BLOCK = [
  '<!-- wp:studio-data/class-schedule /-->',
  '<!-- wp:studio-data/events {"weeks":2} /-->',
  '<!-- wp:studio-data/studio-info /-->',
  '<!-- wp:studio-data/instructors /-->',
  '<!-- wp:studio-data/private-lessons /-->',
  '<!-- wp:studio-data/packages /-->',
  '<!-- wp:studio-data/book-button {"kind":"private-lesson","target":"wp-live-carmen","label":"Book with Carmen"} /-->',
  '<!-- wp:studio-data/user-profile {"userId":"wp-live-carmen"} /-->',
].join('\n\n');
const WITHOUT_BLOCKS = '<!-- wp:paragraph --><p>Our studio.</p><!-- /wp:paragraph -->';

export async function runWordPressBench({ startedAt, loadAverage }: { startedAt: Date; loadAverage: string }): Promise<void> {
  await ensureBlocksBuilt();
  const now = Date.now();
  const api = await startTestServer(databaseTargets()[0]!, { documents: [liveStudio(now)], now: () => now });
  const apiAddress = new URL(api.url);
  const proxy = await startTcpProxy({ host: apiAddress.hostname, port: Number(apiAddress.port) });
  const site = await startWordPress({ version: VERSION, apiUrl: `http://127.0.0.1:${proxy.port}`, checkoutUrl: 'https://book.example.com', studioId: LIVE_STUDIO_ID, workers: 10 });
  try {
    const withBlocks = await site.createPage('Every block', EVERY_BLOCK);
    const without = await site.createPage('No block', WITHOUT_BLOCKS);
    for (let view = 0; view < 3; view += 1) await Promise.all([viewMs(withBlocks), viewMs(without)]);

    const timesWith: number[] = [];
    const timesWithout: number[] = [];
    const callsBefore = proxy.acceptedCount();
    for (let view = 0; view < WARM_VIEWS; view += 1) {
      timesWith.push(await viewMs(withBlocks));
      timesWithout.push(await viewMs(without));
    }
    const warmCalls = (proxy.acceptedCount() - callsBefore) / WARM_VIEWS;
    log(`warm: with every block ${median(timesWith).toFixed(0)} ms, without ${median(timesWithout).toFixed(0)} ms, ${warmCalls} calls per view`);

    // The floor under the figures below: as many views at once with the API answering (warm copies).
    const atOnce: Record<number, number[]> = {};
    for (const visitors of [6, 20]) atOnce[visitors] = await Promise.all(Array.from({ length: visitors }, () => viewMs(withBlocks)));

    const hanging: { visitors: number; run: HangingApiRun }[] = [];
    for (const visitors of [6, 20]) {
      const run = await visitWhileApiHangs(site, proxy, withBlocks, { visitors, later: 5, expectedText: 'Ten Class Pass' });
      hanging.push({ visitors, run });
      log(`hanging API, ${visitors} at once: slowest ${Math.max(...run.viewsMs).toFixed(0)} ms, ${run.connections} connection(s); later views max ${Math.max(...run.laterViewsMs).toFixed(0)} ms`);
    }

    const warmTable = [
      '| page (WordPress ' + VERSION + ', warm) | median ms | min ms | max ms | calls to the API per view |',
      '|---|---:|---:|---:|---:|',
      `| every block (8) | ${median(timesWith).toFixed(0)} | ${Math.min(...timesWith).toFixed(0)} | ${Math.max(...timesWith).toFixed(0)} | ${warmCalls} |`,
      `| the same page without them | ${median(timesWithout).toFixed(0)} | ${Math.min(...timesWithout).toFixed(0)} | ${Math.max(...timesWithout).toFixed(0)} | – |`,
    ].join('\n');
    const hangingTable = [
      '| visitors at once | slowest view ms | 2nd slowest ms | median ms | the same views with the API answering: slowest / median ms | all showed the last good data | connections to the API (calls that hung) | later views (5, one by one) max / median ms | later connections |',
      '|---:|---:|---:|---:|---:|---|---:|---:|---:|',
      ...hanging.map(({ visitors, run }) => {
        const sorted = [...run.viewsMs].sort((a, b) => b - a);
        const floor = atOnce[visitors]!;
        return `| ${visitors} | ${sorted[0]!.toFixed(0)} | ${sorted[1]!.toFixed(0)} | ${median(run.viewsMs).toFixed(0)} | ${Math.max(...floor).toFixed(0)} / ${median(floor).toFixed(0)} | ${run.allShowedData ? 'yes' : 'NO'} | ${run.connections} | ${Math.max(...run.laterViewsMs).toFixed(0)} / ${median(run.laterViewsMs).toFixed(0)} | ${run.laterConnections} |`;
      }),
    ].join('\n');
    const section = [
      WORDPRESS_HEADING,
      '',
      `Run ${startedAt.toISOString()}; ${describeMachine(loadAverage)}; load average at the end ${loadAverageNow()}. \`npm run bench -- --only wordpress\` (bench/wordpress-bench.ts).`,
      '',
      `A real WordPress ${VERSION} from the test harness (PHP's built-in server, 10 workers, MariaDB, WP_DEBUG on), the plugin with its built blocks, a Studio Data server on the live fixture studio behind a TCP proxy that counts connections. Times are wall-clock from the request to the last byte, measured by Node's fetch on the same machine.`,
      '',
      `## A warm page with every block against the same page without them (${WARM_VIEWS} alternate views each)`,
      '',
      warmTable,
      '',
      '## The API hangs (accepts connections, never answers) while visitors come at once',
      '',
      'Fresh copies forgotten first (as when their lifetime ends), so every view wants to renew them; the last good copies are there. The plugin waits at most 3 s (studio_data_http_timeout), one view per site at a time may call while others serve their copy, and the first failure marks the API down for 30 s for every PHP process.',
      '',
      'The times depend on how busy the machine is (the load average above): on 2 shared cores, many WordPress pages at once take seconds with or without an API. Read each row against the same views with the API answering: the one view that held the call waited one timeout more; the others, and the later views, waited for nothing (no connection).',
      '',
      hangingTable,
    ].join('\n');
    recordResults('wordpress', section, [warmTable, hangingTable]);
  } finally {
    await site.stop();
    await proxy.close();
    await api.stop();
  }
}

async function viewMs(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
