import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Kysely, MysqlDialect } from 'kysely';
import { createPool } from 'mysql2';
import { createStudioKeyStore } from '../../server/src/data/studio-keys';
import type { Database } from '../../server/src/data/tables';
import { newStudioKey } from '../../server/src/domain/studio-api/studio-keys';
import { Browser, type PostForm } from '../support/booking-form';
import { startMainProcess, type MainProcess } from '../support/main-process';
import { zoneDay } from '../support/test-clock';
import { startHaproxy, type Balancer } from './haproxy';
import { missingMariadbPrograms, onPath, startMariadbPair, type MariadbPair } from './mariadb-pair';

/**
 * The whole running as a cluster on this machine (README, "Deployment"): a MariaDB primary and its
 * replica of their own, the shared Redis (keys under a prefix of this run's), three server instances
 * and HAProxy in front with deploy/haproxy.cfg. Each part of the test speaks as its own client
 * (X-Forwarded-For, trusted from loopback as TRUST_PROXY says), so one part's requests never count
 * against another's rate limit.
 */

const REDIS_URL = process.env.STUDIO_DATA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STUDIO = 'cluster-studio';
const RATE_LIMIT = 60;
const ZONE = 'Europe/Madrid';
const ROOT = path.resolve(__dirname, '../..');

/** The studio's date a month ahead (the classes' day, bookable whatever the hour the test runs). */
const classDate = zoneDay(ZONE, 30);

function studioDocument(className: string) {
  return {
    studio: { id: STUDIO, name: 'Cluster Fixture', country: 'ES', defaultCurrency: 'EUR', timezone: ZONE },
    danceTypes: [{ name: 'Salsa' }],
    people: [{ id: 'cluster-ana', name: 'Ana', roles: ['INSTRUCTOR'] }],
    classes: [
      { id: 'cluster-ten', name: className, danceType: 'Salsa', level: 'Beginner', date: classDate, startTime: '19:00', endTime: '20:00', price: 12, capacity: 10, instructorId: 'cluster-ana' },
      { id: 'cluster-other', name: 'Bachata Open', danceType: 'Salsa', level: 'Open', date: classDate, startTime: '20:00', endTime: '21:00', capacity: 20 },
    ],
  };
}

async function missingParts(): Promise<string[]> {
  const missing = missingMariadbPrograms();
  if (!onPath('haproxy')) missing.push('haproxy');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    missing.push(`Redis at ${REDIS_URL}`);
  } finally {
    redis.disconnect();
  }
  return missing;
}

let missing: string[] = [];
let tmp = '';
let pair: MariadbPair | undefined;
let instances: MainProcess[] = [];
let balancer: Balancer | undefined;
let db: Kysely<Database> | undefined;
let studioKey = '';
const keyPrefix = `studio-data-cluster-${randomBytes(6).toString('hex')}:`;
const mailDirectories = [1, 2, 3].map((n) => `mail-${n}`);

beforeAll(async () => {
  missing = await missingParts();
  if (missing.length > 0) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-cluster-'));
  pair = await startMariadbPair(path.join(tmp, 'mariadb'));
  const env = (n: number): NodeJS.ProcessEnv => ({
    DATABASE_URL: pair!.primaryUrl,
    DATABASE_READ_URL: pair!.replicaUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: keyPrefix,
    TRUST_PROXY: 'loopback',
    DEMO_STUDIO: 'off',
    BOOKING_SECRET: 'cluster-test-secret-shared-by-every-instance-0123456789',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    // Only Redis's messages can make an instance see another's change within a second.
    CHANGE_POLL_MS: '60000',
    OUTBOX_POLL_MS: '200',
    MAIL_DIRECTORY: path.join(tmp, mailDirectories[n - 1] as string),
    LOG_LEVEL: process.env.CLUSTER_TEST_LOGS ? 'info' : 'warn',
  });
  // The first instance migrates the empty primary; the others start on the migrated schema.
  instances = [await startMainProcess(env(1))];
  instances.push(...(await Promise.all([startMainProcess(env(2)), startMainProcess(env(3))])));
  await importWithCli(pair.primaryUrl, studioDocument('Salsa Ten Seats'));
  db = new Kysely<Database>({ dialect: new MysqlDialect({ pool: createPool({ uri: pair.primaryUrl, connectionLimit: 2 }) }) });
  const made = newStudioKey();
  await createStudioKeyStore(db).create({ id: made.id, studioId: STUDIO, label: 'cluster', hash: made.hash, hint: made.hint, createdAt: Date.now() });
  studioKey = made.key;
  balancer = await startHaproxy(instances.map((instance) => `127.0.0.1:${instance.port}`));
  await pair.replicaCaughtUp();
}, 110_000);

afterAll(async () => {
  // CLUSTER_TEST_LOGS=1 shows what the instances logged (warnings and errors).
  if (process.env.CLUSTER_TEST_LOGS) for (const [index, instance] of instances.entries()) process.stderr.write(`\n--- instance ${index + 1}\n${instance.output()}\n`);
  await balancer?.close();
  for (const instance of instances) instance.stop('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  await db?.destroy();
  await pair?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  if (missing.length === 0) {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}, 60_000);

/** `npm run import` against the primary, told to Redis as the servers are. */
async function importWithCli(databaseUrl: string, document: unknown): Promise<void> {
  const file = path.join(tmp, `document-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(document));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/import.ts', file], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, REDIS_KEY_PREFIX: keyPrefix },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run import failed (${code}):\n${output}`);
}

/** Opens the booking form as a student would, reloading the page when told to try again (503). */
async function openFormPatiently(student: Browser): Promise<PostForm> {
  for (let attempt = 1; ; attempt += 1) {
    const page = await student.get('/book/cluster-ten');
    if (page.status !== 503 || attempt === 5) return student.openForm('/book/cluster-ten');
    await sleep(300);
  }
}

let clients = 0;
/** A client address of its own (a documentation address, only ever written in a header). */
const newClient = () => `198.51.100.${++clients}`;

async function get(baseUrl: string, pathname: string, client: string): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(`${baseUrl}${pathname}`, { headers: { 'X-Forwarded-For': client } });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

const classesPath = `/api/public/studio/${STUDIO}/classes?from=${classDate}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How many answers had each status, e.g. { 200: 60, 429: 30 }. */
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe('the cluster: three instances behind HAProxy, a MariaDB primary and replica, Redis', () => {
  test('When the cluster test runs in CI, then MariaDB, HAProxy and Redis are all there (it never skips)', () => {
    if (process.env.CI === 'true') expect(missing).toEqual([]);
    else if (missing.length > 0) process.stderr.write(`\n⚠ the cluster test is skipped: missing ${missing.join(', ')}\n`);
  });

  const running = () => missing.length === 0;

  test('When any instance is asked the same questions, then every one answers the same bytes and ETag, and so does the balancer', async () => {
    if (!running()) return;
    const client = newClient();
    for (const pathname of [`/api/public/studio/${STUDIO}/profile`, classesPath, `/api/public/studio/${STUDIO}/instructors`]) {
      const answers = await Promise.all([...instances.map((instance) => instance.baseUrl), balancer!.url].map((base) => get(base, pathname, client)));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toBe(answers[0]!.body);
        expect(answer.headers.get('etag')).toBe(answers[0]!.headers.get('etag'));
      }
    }
    const classes = await get(balancer!.url, classesPath, client);
    expect(classes.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/);
    expect(classes.headers.get('surrogate-key')).toBe(`studio-${STUDIO}`);
  });

  test('When a studio document is imported through one instance, then every instance answers with it within a second', async () => {
    if (!running()) return;
    const client = newClient();
    // Every instance has the old answer cached.
    for (const instance of instances) expect((await get(instance.baseUrl, classesPath, client)).body).toContain('Salsa Ten Seats');
    const pushed = await fetch(`${instances[0]!.baseUrl}/api/studio/${STUDIO}/document`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${studioKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(studioDocument('Salsa Ten Seats, Renamed')),
    });
    expect(pushed.status).toBe(200);
    const imported = Date.now();
    const seenAfter = await Promise.all(
      instances.map(async (instance) => {
        while (Date.now() - imported < 5000) {
          if ((await get(instance.baseUrl, classesPath, client)).body.includes('Salsa Ten Seats, Renamed')) return Date.now() - imported;
          await sleep(20);
        }
        return Infinity;
      }),
    );
    for (const elapsed of seenAfter) expect(elapsed).toBeLessThan(1000);
  });

  test('When 100 students book the last 10 seats at once through every instance, then exactly 10 are confirmed and each email is sent once', async () => {
    if (!running()) return;
    // Each student opens the form (ten at a time), then all 100 send it at once.
    const students = Array.from({ length: 100 }, (_, index) => new Browser(instances[index % 3]!.baseUrl, { 'Accept-Language': 'en', 'X-Forwarded-For': newClient() }));
    const forms: PostForm[] = [];
    for (let first = 0; first < students.length; first += 10) forms.push(...(await Promise.all(students.slice(first, first + 10).map((student) => openFormPatiently(student)))));
    const outcomes = await Promise.all(
      students.map(async (student, index) => {
        const fields = { firstName: 'Student', lastName: `Number ${index}`, email: `student${index}@example.com`, phone: '+34 600 000 000', terms: 'yes' };
        // A student told "try again" (503: a database connection not made in time on this busy
        // machine) sends the same form again: its idempotency key books it once at most.
        for (let attempt = 1; ; attempt += 1) {
          const posted = await student.submit(forms[index]!, fields);
          if (posted.status !== 503 || attempt === 5) return posted.status;
          await sleep(300);
        }
      }),
    );
    expect(tally(outcomes.filter((status) => status >= 500))).toEqual({});
    const confirmed = await db!.selectFrom('bookings').select(db!.fn.countAll<number>().as('n')).where('class_id', '=', 'cluster-ten').where('status', '=', 'confirmed').executeTakeFirstOrThrow();
    expect(Number(confirmed.n)).toBe(10);
    // Through any instance, the class is full.
    for (const instance of instances) {
      const listed = JSON.parse((await get(instance.baseUrl, classesPath, newClient())).body) as { id: string; spotsLeft: number | null }[];
      expect(listed.find((entry) => entry.id === 'cluster-ten')?.spotsLeft).toBe(0);
    }
    // Every instance works the outbox; each email owed is delivered by exactly one of them.
    const owed = async () =>
      db!.selectFrom('outbox').select(['id', 'status']).where('channel', '=', 'email').where('studio_id', '=', STUDIO).where('due_at', '<=', Date.now()).execute();
    const deadline = Date.now() + 15_000;
    while ((await owed()).some((row) => row.status === 'pending') && Date.now() < deadline) await sleep(200);
    const rows = await owed();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    const files = mailDirectories.flatMap((directory) => (fs.existsSync(path.join(tmp, directory)) ? fs.readdirSync(path.join(tmp, directory)).filter((name) => name.endsWith('.eml')) : []));
    const delivered = files.map((name) => rows.find((row) => name.endsWith(`-${row.id}.eml`))?.id);
    expect(delivered).not.toContain(undefined);
    expect(new Set(delivered).size).toBe(files.length);
    expect(files.length).toBe(rows.length);
  });

  test('When one client sends more than its limit through the balancer, then the instances together admit exactly the limit', async () => {
    if (!running()) return;
    const client = newClient();
    const statuses: number[] = [];
    for (let batch = 0; batch < 3; batch += 1) {
      statuses.push(...(await Promise.all(Array.from({ length: RATE_LIMIT / 2 }, () => get(balancer!.url, classesPath, client).then((answer) => answer.status)))));
    }
    expect(tally(statuses)).toEqual({ 200: RATE_LIMIT, 429: RATE_LIMIT / 2 });
  });

  test('When the replica is up and caught up, then the public API reads it: fresh windows are answered with its queries', async () => {
    if (!running()) return;
    await pair!.replicaCaughtUp();
    // The instances check the replica every second: by now each has seen it hold the studio's latest change.
    await sleep(1500);
    const selectsOnReplica = async () => {
      const replica = await pair!.replica();
      try {
        const [[row]] = (await replica.query("SHOW GLOBAL STATUS LIKE 'Com_select'")) as unknown as [[{ Value: string }]];
        return Number(row.Value);
      } finally {
        await replica.end();
      }
    };
    const before = await selectsOnReplica();
    const windows = 24;
    for (let week = 0; week < windows; week += 1) {
      const from = zoneDay(ZONE, 100 + week * 7);
      expect((await get(instances[week % 3]!.baseUrl, `/api/public/studio/${STUDIO}/classes?from=${from}`, newClient())).status).toBe(200);
    }
    // Each fresh window is at least one query on the replica (its health checks add one a second per instance).
    expect((await selectsOnReplica()) - before).toBeGreaterThanOrEqual(windows);
  });

  test('When the replica stops, then the API keeps answering from the primary, fresh reads included', async () => {
    if (!running()) return;
    await pair!.stopReplica();
    const statuses: number[] = [];
    // Windows not asked before: each is read from the database, not the caches.
    for (let week = 1; week <= 12; week += 1) {
      const from = zoneDay(ZONE, 30 + week * 7);
      const answers = await Promise.all(instances.map((instance) => get(instance.baseUrl, `/api/public/studio/${STUDIO}/classes?from=${from}`, newClient())));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(tally(statuses)).toEqual({ 200: statuses.length });
    for (const instance of instances) expect((await get(instance.baseUrl, '/readyz', newClient())).status).toBe(200);
  });

  test('When an instance is killed under load, then every request through the balancer is still answered', async () => {
    if (!running()) return;
    const statuses: number[] = [];
    let killed = false;
    const worker = async (worker: number) => {
      for (let request = 0; request < 40; request += 1) {
        const from = zoneDay(ZONE, (request % 8) * 7 + 30);
        const answer = await get(balancer!.url, `/api/public/studio/${STUDIO}/classes?from=${from}`, `203.0.113.${worker * 40 + request}`);
        statuses.push(answer.status);
        if (!killed && statuses.length >= 60) {
          killed = true;
          instances[2]!.stop('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, index) => worker(index)));
    expect(killed).toBe(true);
    expect(tally(statuses)).toEqual({ 200: 240 });
    await sleep(1500);
    expect(await balancer!.serversUp()).toEqual(['app1', 'app2']);
  });
});
