import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { productionWorkerArgs } from '../../bench/processes';
import { Browser } from '../support/booking-form';
import { casaDelSon, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { dateInZone, testNow } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * `npm run worker` as production runs it: the compiled worker's Node flags (`npm run
 * worker:production`), here on the source through tsx, as a process of its own over the server's
 * database, on the machine's clock. What it logs is read while it runs; SIGTERM lets the delivery in
 * progress finish before it exits.
 */

const ROOT = path.resolve(__dirname, '../..');
const HOUR = 3_600_000;
const DESK = 'desk@worker.example';
const LINE_WAIT_MS = 20_000;

/** The worker's Node flags, from `npm run worker:production`: everything before its script. */
const nodeFlags = productionWorkerArgs().slice(0, -1);

interface WorkerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** its standard output so far, one JSON line each */
  lines(): { level: number; msg: string }[];
  /** waits for a line whose message matches (fails after LINE_WAIT_MS, saying what it did write) */
  lineMatching(message: RegExp, count?: number): Promise<void>;
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/src/cli/worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', OUTBOX_POLL_MS: '100', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const wakers: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    wakers.splice(0).forEach((wake) => wake());
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const lines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  return {
    child,
    lines,
    async lineMatching(message, count = 1) {
      const deadline = Date.now() + LINE_WAIT_MS;
      while (lines().filter((line) => message.test(line.msg)).length < count) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no line matching ${message} (x${count}) from the worker; it wrote:\n${stdout}\n${stderr}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          wakers.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
}

describe.each(databaseTargets())('the worker process on $name', (target: DatabaseTarget) => {
  let smtp: SmtpSink;
  let app: TestServer;
  let running: WorkerProcess | null = null;
  let students = 0;

  beforeAll(async () => {
    // A class two weeks ahead of the machine's clock, which the worker process reads.
    const classDate = dateInZone('Europe/Madrid', testNow() + 14 * 24 * HOUR);
    app = await startTestServer(target, {
      documents: [casaDelSon({ id: 'worker-studio', studio: { notifications: { email: DESK } }, classes: [salsaClass('worker-salsa', { date: classDate, capacity: 100 })] })],
      env: { OUTBOX_WORKER: 'off', BOOKING_RATE_LIMIT: '0' },
    });
  });
  beforeEach(async () => {
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    running?.child.kill('SIGKILL');
    await running?.exited;
    running = null;
    // What one test left undelivered is not the next one's.
    await app.server.store.db.deleteFrom('outbox').execute();
    await smtp.close();
  });
  afterAll(() => app?.stop());

  /** Books a seat through the page: the student's confirmation and the studio's copy are owed now. */
  const book = async () => {
    const email = `student${++students}@example.com`;
    const posted = await new Browser(app.url, { 'Accept-Language': 'en' }).fillIn('/book/worker-salsa', { firstName: 'Student', lastName: `Number ${students}`, email, terms: 'yes' });
    expect(posted.status).toBe(303);
    return email;
  };
  const confirmations = () => app.server.store.db.selectFrom('outbox').select(['audience', 'status']).where('event', '=', 'confirmed').orderBy('audience').execute();

  it('When a running worker gives up on an email, then its error line is on standard output at once, while it still runs', async () => {
    smtp.refuse();
    await book();
    // The two emails have failed since 73 hours ago: the next failure gives them up.
    const longAgo = testNow() - 73 * HOUR;
    await app.server.store.db.updateTable('outbox').set({ due_at: longAgo, available_at: longAgo }).where('event', '=', 'confirmed').execute();
    running = startWorker({ DATABASE_URL: app.database.url, SMTP_URL: smtp.url });
    await running.lineMatching(/^gave up delivering an email/, 2);
    expect(running.child.exitCode).toBeNull();
    expect(running.lines().filter((line) => /^gave up/.test(line.msg)).map((line) => line.level)).toEqual([50, 50]);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(await confirmations()).toEqual([
      { audience: 'student', status: 'failed' },
      { audience: 'studio', status: 'failed' },
    ]);
  });

  it('When the worker gets SIGTERM in the middle of a delivery, then it finishes that delivery, marks it sent and exits 0', async () => {
    smtp.hold();
    const email = await book();
    running = startWorker({ DATABASE_URL: app.database.url, SMTP_URL: smtp.url });
    const deadline = Date.now() + LINE_WAIT_MS;
    while (smtp.held() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(smtp.held()).toBe(1);

    running.child.kill('SIGTERM');
    await running.lineMatching(/^finishing the delivery in progress/);
    // It waits for the mail server's answer rather than leaving the email half sent.
    expect(running.child.exitCode).toBeNull();
    smtp.release();
    expect(await running.exited).toBe(0);
    expect(await confirmations()).toEqual([
      { audience: 'student', status: 'sent' },
      { audience: 'studio', status: 'sent' },
    ]);
    expect(smtp.to(email)).toHaveLength(1);
    expect(smtp.to(DESK)).toHaveLength(1);
    expect(running.lines().filter((line) => line.msg === 'email delivered')).toHaveLength(2);
  });
});
