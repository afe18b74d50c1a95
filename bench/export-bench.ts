import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { openStore } from '../server/src/data/database';
import { parseDatabaseUrl } from '../server/src/data/database-url';
import type { Database } from '../server/src/data/tables';
import { createStudioKeyStore } from '../server/src/data/studio-keys';
import { newStudioKey } from '../server/src/domain/studio-api/studio-keys';
import { importStudioDocument } from '../server/src/domain/studio-document/import-studio';
import { catalogStoreFor, prepareDatabase } from '../server/src/server';
import { bookingStudioDocument, BOOKING_STUDIO_ID, type RushedClass } from './booking-studio';
import { cpuBetween, sampleCpu } from './cpu';
import { dropDatabase, mariadbUrl, recreateDatabase } from './database-server';
import { describeMachine, loadAverageNow } from './machine';
import { assertRunning, productionServerArgs, readMemory, startServerOn, stopChild, type Running } from './processes';
import { num, reportOpening, table } from './report';
import { EXPORT_HEADING, recordResults } from './results-file';

/**
 * The studio API's bookings export (`npm run bench -- --only export`): 100,000 bookings of one
 * studio in a scratch MariaDB database, read by the production server's studio API as a studio's
 * system reads them: every JSON page of 500 (following `next`), then the whole CSV stream in one
 * request. Each way runs on a freshly started server, so its peak memory is its own. The bench
 * fails unless both ways deliver every booking exactly once.
 */

const DATABASE = 'studio_data_bench_export';
const DATABASE_URL = mariadbUrl(DATABASE);
const BOOKINGS = 100_000;
const PAGE_SIZE = 500;
const ROUNDS = 2;
const INSERT_BATCH = 1000;
export const CLASSES: RushedClass[] = Array.from({ length: 50 }, (_, index) => ({ id: `bench-export-${index}`, name: `Export class ${index}`, capacity: 10_000 }));
const SERVER_ENV = { OUTBOX_WORKER: 'off', STUDIO_RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_MINUTE: '0' };
const log = (line: string) => process.stdout.write(`${line}\n`);

export interface ExportFigure {
  round: number;
  way: 'JSON pages' | 'CSV stream';
  rows: number;
  requests: number;
  seconds: number;
  megabytes: number;
  /** resident memory of the server: after start, and its peak over the export */
  rssStartMb: number;
  peakMb: number;
  serverCpuSeconds: number;
  databaseCpuSeconds: number;
  otherCpus: number;
}

export async function runExportBench(): Promise<void> {
  const startedAt = new Date();
  const loadAverage = loadAverageNow();
  const figures: ExportFigure[] = [];
  log(`export: ${BOOKINGS.toLocaleString('en-US')} bookings in a scratch database ${DATABASE} (load average ${loadAverage})`);
  try {
    await recreateDatabase(DATABASE);
    const store = openStore(parseDatabaseUrl(DATABASE_URL));
    let key: string;
    try {
      await prepareDatabase(store);
      await importStudioDocument(catalogStoreFor(store), bookingStudioDocument(CLASSES, Date.now()), Date.now());
      const loadStarted = Date.now();
      await insertBookings(store.db, Date.now());
      log(`  ${BOOKINGS.toLocaleString('en-US')} bookings written in ${num((Date.now() - loadStarted) / 1000, 1)} s`);
      const made = newStudioKey();
      await createStudioKeyStore(store.db).create({ id: made.id, studioId: BOOKING_STUDIO_ID, label: 'bench', hash: made.hash, hint: made.hint, createdAt: Date.now() });
      key = made.key;
    } finally {
      await store.close();
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const way of ['JSON pages', 'CSV stream'] as const) {
        const figure = await measureExport(round, way, key);
        log(`round ${round} ${way.padEnd(10)} ${figure.rows} rows in ${num(figure.seconds, 2)} s (${figure.requests} requests, ${num(figure.megabytes, 1)} MB): RSS ${num(figure.rssStartMb)} MB at start, peak ${num(figure.peakMb)} MB`);
        figures.push(figure);
      }
    }
  } finally {
    await dropDatabase(DATABASE);
  }

  const section = [
    ...reportOpening(EXPORT_HEADING, startedAt, [
      ['Machine', describeMachine(loadAverage)],
      ['Data set', `one studio, ${BOOKINGS.toLocaleString('en-US')} bookings over ${CLASSES.length} classes (about 80% confirmed, 10% waiting, 10% cancelled; each with a distinct last change), in a scratch MariaDB database \`${DATABASE}\`, dropped at the end`],
      [
        'Method',
        `the production build (node ${productionServerArgs().join(' ')}), STUDIO_RATE_LIMIT_PER_MINUTE=0, OUTBOX_WORKER=off, LOG_LEVEL=info (stdout to /dev/null), started afresh for each way so that its peak resident memory (VmHWM) is that way's alone. ` +
          `"JSON pages": GET /api/studio/{studio}/bookings?limit=${PAGE_SIZE}, then each \`next\` cursor in turn until none, one request at a time, each body parsed; ` +
          '"CSV stream": one GET with Accept: text/csv, the body read as it streams and its lines counted. Seconds from the first request to the last byte. ' +
          'Checked (the bench fails otherwise): every booking once, in both ways. CPU seconds: the server process, and all of MariaDB (which includes any other load on it).',
      ],
      ['Duration', `${Math.round((Date.now() - startedAt.getTime()) / 1000)} s in all`],
    ]),
    table(
      ['round', 'way', 'rows', 'requests', 'seconds', 'rows/s', 'MB sent', 'server RSS at start', 'server RSS peak', 'server CPU s', 'database CPU s', 'other load (CPUs)'],
      figures.map((figure) => [
        String(figure.round),
        figure.way,
        num(figure.rows),
        num(figure.requests),
        num(figure.seconds, 2),
        num(figure.rows / figure.seconds),
        num(figure.megabytes, 1),
        `${num(figure.rssStartMb)} MB`,
        `${num(figure.peakMb)} MB`,
        num(figure.serverCpuSeconds, 1),
        num(figure.databaseCpuSeconds, 1),
        num(figure.otherCpus, 1),
      ]),
    ),
  ].join('\n');
  recordResults('export', section, [section.slice(section.indexOf('| round'))]);
}

/** The bookings, written straight into the table in batches: what a long-lived studio accumulates. */
export async function insertBookings(db: Kysely<Database>, nowMs: number): Promise<void> {
  const startsAt = nowMs + 14 * 86_400_000;
  for (let first = 0; first < BOOKINGS; first += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, BOOKINGS - first) }, (_, offset) => {
      const n = first + offset;
      // Every class gets the same mix: of each ten of its bookings, 8 confirmed, 1 waiting, 1 cancelled.
      const mix = Math.floor(n / CLASSES.length) % 10;
      const status = mix === 9 ? 'cancelled' : mix === 8 ? 'waiting' : 'confirmed';
      const email = `student${n}@example.com`;
      return {
        id: randomUUID(),
        studio_id: BOOKING_STUDIO_ID,
        kind: 'class',
        class_id: CLASSES[n % CLASSES.length]!.id,
        instructor_id: null,
        pricing_id: null,
        starts_at: startsAt,
        ends_at: startsAt + 3_600_000,
        status,
        first_name: n % 1000 === 0 ? '=HYPERLINK("http://evil.example")' : `Student`,
        last_name: `Number ${n}`,
        email,
        email_key: email,
        phone: n % 3 === 0 ? `+34 600 ${String(n).padStart(6, '0')}` : null,
        answers: null,
        price: 10,
        currency: 'EUR',
        locale: 'en',
        created_at: nowMs - (BOOKINGS - n) * 1000,
        updated_at: nowMs - (BOOKINGS - n) * 1000,
        reference: `SD-${randomBytes(6).toString('hex').toUpperCase()}`,
        access_token: randomBytes(32).toString('base64url'),
        idempotency_key: null,
        title: `Export class ${n % CLASSES.length}`,
        room: null,
        cancelled_at: status === 'cancelled' ? nowMs : null,
        cancelled_by: status === 'cancelled' ? 'student' : null,
        active_key: status === 'cancelled' ? null : email,
        waitlist_position: status === 'waiting' ? n : null,
      };
    });
    await db.insertInto('bookings').values(rows).execute();
  }
}

async function measureExport(round: number, way: ExportFigure['way'], key: string): Promise<ExportFigure> {
  const server = await startServerOn(DATABASE_URL, SERVER_ENV);
  try {
    const rssStartMb = readMemory(server.child).rssMb;
    const before = sampleCpu(server.child.process.pid);
    const started = performance.now();
    const read = way === 'JSON pages' ? await readPages(server, key) : await readCsv(server, key);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuBetween(before, sampleCpu(server.child.process.pid));
    assertRunning(server.child);
    const { peakMb } = readMemory(server.child);
    if (read.references.size !== BOOKINGS || read.rows !== BOOKINGS) {
      throw new Error(`${way}: ${read.rows} rows with ${read.references.size} distinct references, expected ${BOOKINGS} of each`);
    }
    return {
      round,
      way,
      rows: read.rows,
      requests: read.requests,
      seconds,
      megabytes: read.bytes / 1e6,
      rssStartMb,
      peakMb,
      serverCpuSeconds: cpu.targetMs / 1000,
      databaseCpuSeconds: cpu.databaseMs / 1000,
      otherCpus: cpu.otherCpus,
    };
  } finally {
    await stopChild(server.child);
  }
}

interface Read {
  rows: number;
  requests: number;
  bytes: number;
  references: Set<string>;
}

async function readPages(server: Running, key: string): Promise<Read> {
  const read: Read = { rows: 0, requests: 0, bytes: 0, references: new Set() };
  let next: string | null = null;
  do {
    const response: Response = await fetch(`${server.url}/api/studio/${BOOKING_STUDIO_ID}/bookings?limit=${PAGE_SIZE}${next ? `&cursor=${next}` : ''}`, { headers: { Authorization: `Bearer ${key}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`JSON page ${read.requests + 1}: ${response.status} ${text.slice(0, 300)}`);
    const page = JSON.parse(text) as { bookings: { reference: string }[]; next: string | null };
    read.requests += 1;
    read.bytes += Buffer.byteLength(text);
    read.rows += page.bookings.length;
    for (const booking of page.bookings) read.references.add(booking.reference);
    next = page.next;
  } while (next !== null);
  return read;
}

async function readCsv(server: Running, key: string): Promise<Read> {
  const read: Read = { rows: -1, requests: 1, bytes: 0, references: new Set() };
  const response = await fetch(`${server.url}/api/studio/${BOOKING_STUDIO_ID}/bookings`, { headers: { Authorization: `Bearer ${key}`, Accept: 'text/csv' } });
  if (response.status !== 200 || !response.body) throw new Error(`CSV: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    read.bytes += chunk.byteLength;
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\r\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      read.rows += 1;
      // The header row is not a booking; a reference is the first cell of every other line.
      if (read.rows > 0) read.references.add(line.slice(0, line.indexOf(',')));
    }
  }
  if (rest !== '') throw new Error('CSV: the stream did not end with a line break');
  return read;
}
