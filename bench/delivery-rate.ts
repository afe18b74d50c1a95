import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Store } from '../server/src/data/database';
import { cpuBetween, sampleCpu, type CpuSample } from './cpu';
import { assertRunning, startCompiledWorker, stopChild, type Child } from './processes';
import { startSmtpCounter } from './smtp-counter';

/**
 * How fast outbox workers deliver what is due. The due messages are held back (their `available_at`
 * moved far ahead) while the workers start; then single messages are let through until every worker
 * has delivered one (each worker has a mail destination of its own, so the bench sees which did):
 * all are then running their loops. The rest is released at once, and the clock runs from that
 * release to the last `done_at`: start-up is not counted, at most one idle poll is (OUTBOX_POLL_MS=50).
 * (The worker's "delivering booking emails" line cannot serve as the signal: its log is buffered.)
 * Afterwards every message is made pending again as it was, so the next run delivers the same ones.
 */

export type MailDestination = 'smtp' | 'eml';

export interface DeliveryRun {
  workers: number;
  destination: MailDestination;
  /** the messages timed (those let through to find the workers running are not) */
  messages: number;
  seconds: number;
  perSecond: number;
  /** how many messages each worker delivered, the probes included */
  shares: number[];
  /** CPU time of the workers and of the database per message, µs */
  workerUsPerMessage: number;
  databaseUsPerMessage: number;
  /** CPUs busy with processes outside the bench meanwhile (see cpu.ts) */
  otherCpus: number;
}

/** Where held messages wait: far beyond any due time of the bench. */
const HELD_AT = Date.parse('2999-01-01T00:00:00Z');
/**
 * How often the bench counts what is sent: often while single messages find the workers, seldom
 * while the timed messages go (the time comes from `done_at`, and each count is work for the database).
 */
const PROBE_POLL_MS = 20;
const DELIVERY_POLL_MS = 250;
const START_TIMEOUT_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 300_000;

/** Where one worker's emails go, and how many have arrived there. */
interface Destination {
  env: Record<string, string>;
  arrived(): number;
  close(): Promise<void>;
}

export async function measureDelivery(store: Store, databaseUrl: string, options: { workers: number; destination: MailDestination }): Promise<DeliveryRun> {
  const { db } = store;
  const held = await db.updateTable('outbox').set({ available_at: HELD_AT }).where('status', '=', 'pending').where('due_at', '<=', Date.now()).executeTakeFirst();
  const total = Number(held.numUpdatedRows);
  const destinations: Destination[] = [];
  const workers: Child[] = [];
  try {
    for (let index = 0; index < options.workers; index++) {
      const destination = await openDestination(options.destination);
      destinations.push(destination);
      const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', DEMO_STUDIO: 'off', OUTBOX_POLL_MS: '50', ...destination.env };
      workers.push(startCompiledWorker(`worker ${index + 1}`, env));
    }
    const probes = await letThroughUntilEveryWorkerDelivers(store, destinations, workers);
    const messages = total - probes;
    if (messages < total / 2) throw new Error(`${probes} of ${total} messages went to finding the workers running: too few left to time`);

    const before = workers.map((worker) => sampleCpu(worker.process.pid));
    const releasedAt = Date.now();
    await db.updateTable('outbox').set((eb) => ({ available_at: eb.ref('due_at') })).where('available_at', '=', HELD_AT).execute();
    await waitUntilSent(store, total, workers, DELIVERY_TIMEOUT_MS, DELIVERY_POLL_MS);
    const cpu = workers.map((worker, index) => cpuBetween(before[index] as CpuSample, sampleCpu(worker.process.pid)));
    const last = await db.selectFrom('outbox').select(sql<number | string>`max(done_at)`.as('at')).where('status', '=', 'sent').executeTakeFirstOrThrow();
    const seconds = (Number(last.at) - releasedAt) / 1000;

    await Promise.all(workers.map((worker) => stopChild(worker)));
    const shares = destinations.map((destination) => destination.arrived());
    const arrived = shares.reduce((sum, share) => sum + share, 0);
    if (arrived !== total) throw new Error(`${total} messages marked sent, ${arrived} arrived (${options.destination})`);
    return {
      workers: options.workers,
      destination: options.destination,
      messages,
      seconds,
      perSecond: messages / seconds,
      shares,
      workerUsPerMessage: (cpu.reduce((sum, use) => sum + use.targetMs, 0) * 1000) / messages,
      databaseUsPerMessage: ((cpu[0]?.databaseMs ?? 0) * 1000) / messages,
      otherCpus: cpu[0]?.otherCpus ?? 0,
    };
  } finally {
    await Promise.all(workers.map((worker) => stopChild(worker)));
    await Promise.all(destinations.map((destination) => destination.close()));
    // As they were before this run: the next run delivers the same messages.
    await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'pending', available_at: eb.ref('due_at'), attempts: 0, claim_token: null, done_at: null, last_error: null }))
      .where((eb) => eb.or([eb('status', '=', 'sent'), eb('available_at', '=', HELD_AT)]))
      .execute();
  }
}

async function openDestination(kind: MailDestination): Promise<Destination> {
  if (kind === 'smtp') {
    const smtp = await startSmtpCounter();
    return { env: { SMTP_URL: smtp.url }, arrived: smtp.received, close: smtp.close };
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-bench-mail-'));
  return {
    // A blank SMTP_URL counts as unset (config.ts): .eml files, even when the bench's environment has one.
    env: { SMTP_URL: '', MAIL_DIRECTORY: directory },
    arrived: () => fs.readdirSync(directory).filter((file) => file.endsWith('.eml')).length,
    close: async () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}

/** Lets held messages through one at a time until each worker's destination has one; answers how many went. */
async function letThroughUntilEveryWorkerDelivers(store: Store, destinations: Destination[], workers: Child[]): Promise<number> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let probes = 0;
  while (destinations.some((destination) => destination.arrived() === 0)) {
    const next = await store.db.selectFrom('outbox').select('id').where('available_at', '=', HELD_AT).orderBy('due_at').limit(1).executeTakeFirst();
    if (!next) throw new Error('every held message went before all workers had delivered one');
    await store.db.updateTable('outbox').set((eb) => ({ available_at: eb.ref('due_at') })).where('id', '=', next.id).execute();
    probes++;
    await waitUntilSent(store, probes, workers, deadline - Date.now(), PROBE_POLL_MS);
  }
  return probes;
}

/** Polls the outbox until `messages` are sent; fails at once on a failed try (a delivery error is not a speed). */
async function waitUntilSent(store: Store, messages: number, workers: Child[], timeoutMs: number, pollMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await store.db
      .selectFrom('outbox')
      .select(['status', sql<number | string>`count(*)`.as('n'), sql<string | null>`max(last_error)`.as('error')])
      .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('last_error', 'is not', null)]))
      .groupBy('status')
      .execute();
    const sent = Number(rows.find((row) => row.status === 'sent')?.n ?? 0);
    const trouble = rows.find((row) => row.status !== 'sent' || row.error !== null);
    if (trouble) throw new Error(`a delivery went wrong: ${trouble.n} message(s) ${trouble.status}, last error: ${String(trouble.error)}`);
    if (sent >= messages) return;
    workers.forEach(assertRunning);
    if (Date.now() > deadline) throw new Error(`${sent} of ${messages} messages sent after ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
