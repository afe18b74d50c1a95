import { importStudioDocument } from '../server/src/domain/studio-document/import-studio';
import { openStore } from '../server/src/data/database';
import { parseDatabaseUrl } from '../server/src/data/database-url';
import { catalogStoreFor, prepareDatabase } from '../server/src/server';
import { dropDatabase, mariadbUrl, recreateDatabase } from './database-server';
import { benchEndpoints } from './endpoints';
import { benchScheduleStart, generateStudioDocument } from './generate';
import { describeMachine } from './machine';
import { CONNECTIONS, MEASURE_SECONDS, WARMUP_SECONDS, measureFixed, measureOneByOne, measureVaried, type Measurement, type SequentialMeasurement } from './measure';
import { assertRunning, startServerOn, stopChild } from './processes';
import { failures } from './report';
import { FEEDS_HEADING, recordResults } from './results-file';

/**
 * The feeds part of `npm run bench` (issue 20): the calendar feeds (a studio's, one dance type's, one
 * instructor's: 14 weeks each), one class or event by id, and an instructor's free private lesson
 * times, served by the production build, with the response cache (hits: the same URL again and
 * again, 304-free) and without it (misses: a random studio, type or instructor each request). On a
 * MariaDB database of its own (`studio_data_bench_feeds`, made for the run and dropped after: the API
 * part's 200-studio database is left alone), loaded with the API part's generated studios.
 */

const DATABASE = 'studio_data_bench_feeds';
const STUDIOS = 20;
const PARTS_MEASURED = ['calendar.ics', 'calendar.ics?type=', 'calendar.ics?instructor=', 'class/<id>', 'private-lesson-instructors/<id>/slots'];
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Row {
  name: string;
  path: string;
  bytes: number;
  hit: Measurement;
  miss: Measurement;
  /** the feeds' misses one at a time (20 at once answer nothing within a run on a loaded machine) */
  oneByOne?: SequentialMeasurement;
}

/** Uncached feeds asked one after the other, each of another studio, type or instructor. */
const FEED_MISSES_ONE_BY_ONE = 12;

export async function runFeedsBench({ startedAt, loadAverage }: { startedAt: Date; loadAverage: string }): Promise<void> {
  const nowMs = Date.now();
  const scheduleStart = benchScheduleStart(nowMs);
  const began = Date.now();
  await recreateDatabase(DATABASE);
  try {
    const store = openStore(parseDatabaseUrl(mariadbUrl(DATABASE)));
    let occurrences = 0;
    try {
      await prepareDatabase(store);
      for (let studio = 1; studio <= STUDIOS; studio += 1) {
        occurrences += (await importStudioDocument(catalogStoreFor(store), generateStudioDocument(studio, scheduleStart), nowMs)).counts.occurrences;
      }
    } finally {
      await store.close();
    }
    const loadText = `loaded ${STUDIOS} studios (${occurrences.toLocaleString('en-US')} occurrences) in ${((Date.now() - began) / 1000).toFixed(1)} s`;
    log(`feeds data: ${loadText}`);
    const endpoints = benchEndpoints(scheduleStart, nowMs, STUDIOS).filter((endpoint) => PARTS_MEASURED.includes(endpoint.name));

    let server = await startServerOn(mariadbUrl(DATABASE), { RATE_LIMIT_PER_MINUTE: '10000000' });
    const hits: { measurement: Measurement; bytes: number }[] = [];
    for (const endpoint of endpoints) {
      const answer = await fetch(server.url + endpoint.hitPath);
      const body = await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${endpoint.hitPath} answered ${answer.status}`);
      const measurement = await measureFixed(server.url + endpoint.hitPath, server.child.process.pid, true);
      assertRunning(server.child);
      hits.push({ measurement, bytes: body.byteLength });
      log(`hit  ${endpoint.name.padEnd(40)} ${line(measurement)} (${body.byteLength.toLocaleString('en-US')} B)`);
    }
    await stopChild(server.child);

    server = await startServerOn(mariadbUrl(DATABASE), { RATE_LIMIT_PER_MINUTE: '10000000', RESPONSE_CACHE_MB: '0' });
    const rows: Row[] = [];
    for (const [index, endpoint] of endpoints.entries()) {
      const oneByOne = endpoint.name.startsWith('calendar.ics') ? await measureOneByOne(server.url, server.child.process.pid, endpoint.missPath, 3000 + index, FEED_MISSES_ONE_BY_ONE) : undefined;
      if (oneByOne) log(`miss ${endpoint.name.padEnd(40)} one by one: ${sequentialLine(oneByOne)}`);
      const miss = await measureVaried(server.url, server.child.process.pid, endpoint.missPath, 2000 + index);
      assertRunning(server.child);
      const hit = hits[index] as (typeof hits)[number];
      rows.push({ name: endpoint.name, path: endpoint.hitPath, bytes: hit.bytes, hit: hit.measurement, miss, ...(oneByOne ? { oneByOne } : {}) });
      log(`miss ${endpoint.name.padEnd(40)} ${line(miss)}`);
    }
    await stopChild(server.child);

    const table = [
      '| endpoint | body | hits req/s | hits p99 | hits CPU µs/req | misses req/s | misses p50 | misses p99 | misses CPU µs/req (server + database) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (row) =>
          `| \`${row.name}\` | ${row.bytes.toLocaleString('en-US')} B | ${Math.round(row.hit.requestsPerSecond)} | ${row.hit.p99Ms.toFixed(1)} ms | ${Math.round(row.hit.cpuUsPerRequest)} | ${Math.round(row.miss.requestsPerSecond)} | ${row.miss.p50Ms.toFixed(1)} ms | ${row.miss.p99Ms.toFixed(1)} ms | ${Math.round(row.miss.cpuUsPerRequest)} + ${Math.round(row.miss.databaseUsPerRequest)} |`,
      ),
    ].join('\n');
    const feedRows = rows.filter((row): row is Row & { oneByOne: SequentialMeasurement } => row.oneByOne !== undefined);
    const oneByOneTable = [
      `| feed, uncached, ${FEED_MISSES_ONE_BY_ONE} one after the other | answers not 2xx | p50 | server CPU µs/req | database CPU µs/req |`,
      '|---|---:|---:|---:|---:|',
      ...feedRows.map((row) => `| \`${row.name}\` | ${row.oneByOne.non2xx} | ${row.oneByOne.p50Ms.toFixed(1)} ms | ${Math.round(row.oneByOne.cpuUsPerRequest)} | ${Math.round(row.oneByOne.databaseUsPerRequest)} |`),
    ].join('\n');
    const otherLoad = Math.max(...rows.flatMap((row) => [row.hit.otherCpus, row.miss.otherCpus]));
    const section = [
      FEEDS_HEADING,
      '',
      `Run ${startedAt.toISOString()}; ${describeMachine(loadAverage)}; at most ${otherLoad.toFixed(1)} CPUs of other load during a run.`,
      '',
      `Data: ${STUDIOS} of the API part's generated studios in MariaDB \`${DATABASE}\` (made for the run, dropped after), ${loadText}. ` +
        `A feed covers 14 weeks (about 4,200 classes and 35 events for a studio's, 700 for one type's, 420 for one instructor's). ` +
        `wrk for the hits (one thread) and autocannon for the misses, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${MEASURE_SECONDS} s per run; the production build with the response cache (hits) and without it (misses: a random studio, type, instructor, class or week each request).`,
      '',
      table,
      '',
      oneByOneTable,
    ].join('\n');
    recordResults('feeds', section, [table, oneByOneTable]);
  } finally {
    await dropDatabase(DATABASE);
  }
}

function sequentialLine(m: SequentialMeasurement): string {
  return `${m.requests} requests, ${m.non2xx} not 2xx, p50 ${m.p50Ms.toFixed(1)} ms, cpu ${Math.round(m.cpuUsPerRequest)} µs/req db ${Math.round(m.databaseUsPerRequest)} µs/req (other load ${m.otherCpus.toFixed(1)} CPU)`;
}

function line(m: Measurement): string {
  return `${Math.round(m.requestsPerSecond).toString().padStart(6)} req/s p50 ${m.p50Ms.toFixed(1).padStart(6)} ms p99 ${m.p99Ms.toFixed(1).padStart(6)} ms cpu ${Math.round(m.cpuUsPerRequest).toString().padStart(6)} µs/req db ${Math.round(m.databaseUsPerRequest)} µs/req (other load ${m.otherCpus.toFixed(1)} CPU)${failures(m)}`;
}
