import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../server/src/config';
import { openStore } from '../../server/src/data/database';
import { parseDatabaseUrl } from '../../server/src/data/database-url';
import { migrateToLatest } from '../../server/src/data/migrate';
import { importStudioDocument } from '../../server/src/domain/studio-document/import-studio';
import { catalogStoreFor, startServer, type RunningServer } from '../../server/src/server';
import { MADRID_ANA_PROFILE, madridStudio } from '../support/fixture-studios';
import { request, type RawResponse } from '../support/http';
import { createScratchDatabase, mariadbAvailable, MARIADB_HOST, MARIADB_PORT } from '../support/mariadb';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { freePort } from '../support/free-port';
import { waitUntilReady } from '../support/wait-until-ready';

/**
 * The database goes away and comes back; the server is told to stop. MariaDB only: the outages are
 * played by a TCP proxy between the server and the database (test/support/tcp-proxy.ts).
 */

const ROOT = path.resolve(__dirname, '../..');
const MADRID = '/api/public/studio/fixture-madrid';
/** The contract: an outage is answered 503 within 2 s. */
const OUTAGE_ANSWER_MS = 2000;
const RECOVERY_ATTEMPTS = 20;
const RECOVERY_PAUSE_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `from` no earlier request used, so the response cache cannot answer and the database must. */
let freshCounter = 0;
const freshFrom = () => new Date(Date.parse('2026-04-01T00:00:00Z') + ++freshCounter * 60_000).toISOString().slice(0, 16);
const freshClassesPath = () => `${MADRID}/classes?from=${freshFrom()}`;

async function timed(baseUrl: string, requestPath: string): Promise<{ response: RawResponse; elapsedMs: number }> {
  const started = Date.now();
  const response = await request(baseUrl, requestPath);
  return { response, elapsedMs: Date.now() - started };
}

function expectUnavailable(response: RawResponse): void {
  expect(response.status).toBe(503);
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(response.body).toMatchObject({ status: 503, code: 'unavailable', type: 'about:blank' });
  expect(String(response.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
  expect(response.headers['cache-control']).toBe('no-store');
}

/** Asks again every 250 ms until the answer is 200; returns the attempts it took (fails after 20). */
async function eventually200(baseUrl: string, requestPath: () => string): Promise<number> {
  let last: RawResponse | undefined;
  for (let attempt = 1; attempt <= RECOVERY_ATTEMPTS; attempt++) {
    last = await request(baseUrl, requestPath());
    if (last.status === 200) return attempt;
    await sleep(RECOVERY_PAUSE_MS);
  }
  throw new Error(`still ${last?.status} after ${RECOVERY_ATTEMPTS} attempts: ${last?.text.slice(0, 200)}`);
}

const describeWithMariadb = mariadbAvailable() ? describe : describe.skip;

describeWithMariadb('database outages (MariaDB behind a TCP proxy)', () => {
  let proxy: TcpProxy;
  let server: RunningServer;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    proxy = await startTcpProxy({ host: MARIADB_HOST, port: MARIADB_PORT });
    const config = loadConfig({
      DATABASE_URL: scratch.url('127.0.0.1', proxy.port),
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_STUDIO: 'off',
      CHANGE_POLL_MS: '100',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    server = await startServer(config, { logger: pino({ level: 'silent' }) });
    await server.ready;
    await importStudioDocument(catalogStoreFor(server.store), madridStudio());
    await server.stamps.refresh();
  });

  afterEach(async () => {
    proxy?.setDelay(0);
    await proxy?.restore();
  });

  afterAll(async () => {
    await proxy?.restore();
    await server?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  it('When the database is up, then an uncached request answers 200 through the proxy', async () => {
    const { response } = await timed(server.url, freshClassesPath());
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
  });

  it('When the database refuses connections, then an uncached request answers 503 unavailable with Retry-After within 2 seconds', async () => {
    expect((await request(server.url, freshClassesPath())).status).toBe(200);
    await proxy.refuse();
    for (let i = 0; i < 3; i++) {
      const { response, elapsedMs } = await timed(server.url, freshClassesPath());
      expectUnavailable(response);
      expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_MS);
    }
    const ready = await timed(server.url, '/readyz');
    expectUnavailable(ready.response);
    expect(ready.elapsedMs).toBeLessThan(OUTAGE_ANSWER_MS);
  });

  it('When the database accepts connections again after refusing them, then the same request answers 200 within 20 tries, without a restart', async () => {
    await proxy.refuse();
    const requestPath = freshClassesPath();
    expectUnavailable(await request(server.url, requestPath));
    await proxy.restore();
    const attempts = await eventually200(server.url, () => requestPath);
    expect(attempts).toBeLessThanOrEqual(RECOVERY_ATTEMPTS);
    expect((await request(server.url, '/readyz')).status).toBe(200);
  });

  it('When the database stops answering, then an uncached request answers 503 unavailable with Retry-After within 2 seconds', async () => {
    expect((await request(server.url, freshClassesPath())).status).toBe(200);
    proxy.blackhole();
    const { response, elapsedMs } = await timed(server.url, freshClassesPath());
    expectUnavailable(response);
    expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_MS);
  });

  it('When the database stops answering, then even more concurrent requests than pooled connections each answer 503 within 2 seconds', async () => {
    proxy.blackhole();
    const answers = await Promise.all(Array.from({ length: 15 }, () => timed(server.url, freshClassesPath())));
    for (const { response, elapsedMs } of answers) {
      expectUnavailable(response);
      expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_MS);
    }
  });

  it('When the database answers again after a silence, then the same request answers 200 within 20 tries, without a restart', async () => {
    proxy.blackhole();
    const requestPath = freshClassesPath();
    expectUnavailable(await request(server.url, requestPath));
    await proxy.restore();
    const attempts = await eventually200(server.url, () => requestPath);
    expect(attempts).toBeLessThanOrEqual(RECOVERY_ATTEMPTS);
  });

  it('When the database answers only after the request was answered 503, then the retry gets that late answer from the cache', async () => {
    const requestPath = freshClassesPath();
    proxy.setDelay(2500); // past the store's deadline (1.5 s)
    expectUnavailable(await request(server.url, requestPath));
    proxy.setDelay(0);
    await proxy.delivered();
    await sleep(250); // for the server to read the late answer
    // Nothing more comes from the database: only the cache can answer now.
    proxy.blackhole();
    const retry = await timed(server.url, requestPath);
    expect(retry.response.status).toBe(200);
    expect(retry.response.body).toEqual(expect.any(Array));
    expect(retry.elapsedMs).toBeLessThan(OUTAGE_ANSWER_MS);
  });

  it('When the database goes silent and then drops every connection, then the server still recovers once it is back', async () => {
    proxy.blackhole();
    await Promise.all(Array.from({ length: 12 }, () => request(server.url, freshClassesPath())));
    await proxy.refuse();
    expectUnavailable(await request(server.url, freshClassesPath()));
    await proxy.restore();
    await eventually200(server.url, freshClassesPath);
  });

  it('When the database refuses connections as the server starts, then it starts anyway, answers 503, and is ready once the database accepts them', async () => {
    const refusingAtStart = await startTcpProxy({ host: MARIADB_HOST, port: MARIADB_PORT });
    await refusingAtStart.refuse();
    const config = loadConfig({ DATABASE_URL: scratch.url('127.0.0.1', refusingAtStart.port), PORT: '0', HOST: '127.0.0.1', DEMO_STUDIO: 'off', RATE_LIMIT_PER_MINUTE: '0' });
    const starting = await startServer(config, { logger: pino({ level: 'silent' }) });
    let prepared = false;
    const ready = starting.ready.then(() => (prepared = true));
    try {
      // Longer than a retry (2 s): the server is still waiting for its database, not gone.
      await sleep(2500);
      expect(prepared).toBe(false);
      expect((await request(starting.url, '/readyz')).status).toBe(503);
      expectUnavailable(await request(starting.url, freshClassesPath()));
      await refusingAtStart.restore();
      await ready;
      expect((await request(starting.url, '/readyz')).status).toBe(200);
      expect((await request(starting.url, `${MADRID}/profile`)).status).toBe(200);
    } finally {
      await starting.close();
      await refusingAtStart.close();
    }
  });

  it('When the database is down, then answers fetched before the outage keep being served from the cache', async () => {
    const cachedPaths = [`${MADRID}/classes?from=2026-03-23`, `${MADRID}/profile`, `${MADRID}/events?from=2026-03-23`, '/api/public/user/mad-ana/profile'];
    const before = new Map<string, RawResponse>();
    for (const cachedPath of cachedPaths) {
      const response = await request(server.url, cachedPath);
      expect(response.status).toBe(200);
      before.set(cachedPath, response);
    }

    await proxy.refuse();
    for (const cachedPath of cachedPaths) {
      const { response, elapsedMs } = await timed(server.url, cachedPath);
      expect(response.status).toBe(200);
      expect(response.text).toBe(before.get(cachedPath)!.text);
      expect(response.headers.etag).toBe(before.get(cachedPath)!.headers.etag);
      expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_MS);
    }
    await proxy.restore();

    proxy.blackhole();
    // Longer than a stamp poll: a poll that hangs must not make the cache forget what it holds.
    await sleep(300);
    for (const cachedPath of cachedPaths) {
      const { response, elapsedMs } = await timed(server.url, cachedPath);
      expect(response.status).toBe(200);
      expect(response.text).toBe(before.get(cachedPath)!.text);
      expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_MS);
    }
  });
});

interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output(): string;
}

describeWithMariadb('graceful shutdown of the real server process', () => {
  let proxy: TcpProxy | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const started: ServerProcess[] = [];

  /** `tsx server/src/main.ts`, as `npm start` runs it, on a free port, with the database behind the proxy. */
  async function spawnServer(): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
      cwd: ROOT,
      // A process group of its own, so cleanup can end tsx and the node process it starts together.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: scratch!.url('127.0.0.1', proxy!.port),
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_STUDIO: 'off',
        LOG_LEVEL: 'info',
      },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    const server = { baseUrl: `http://127.0.0.1:${port}`, child, exited, output: () => output };
    started.push(server);
    await waitUntilReady(server.baseUrl, 20_000, server.output);
    return server;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // The studio goes in as an import would put it, straight into the database.
    const store = openStore(parseDatabaseUrl(scratch.url()));
    try {
      await migrateToLatest(store);
      await importStudioDocument(catalogStoreFor(store), madridStudio());
    } finally {
      await store.close();
    }
    proxy = await startTcpProxy({ host: MARIADB_HOST, port: MARIADB_PORT });
  });

  afterEach(async () => {
    proxy?.setDelay(0);
    for (const { child } of started.splice(0)) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }
  });

  afterAll(async () => {
    await proxy?.close();
    await scratch?.drop();
  });


  it('When the server gets SIGTERM, then the request in flight completes with 200, new connections are refused and the process exits 0', async () => {
    const server = await spawnServer();

    // Every chunk from the database now takes 800 ms: one read of a user profile is one round trip.
    proxy!.setDelay(800);
    const sentAt = Date.now();
    let settled = false;
    const inFlight = request(server.baseUrl, '/api/public/user/mad-ana/profile').finally(() => (settled = true));
    await sleep(200);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // The server logs that it drains right before it stops listening.
    await waitFor(() => /draining in-flight requests/.test(server.output()), 3000);
    await sleep(20);
    const drainingWhileInFlight = !settled;
    const afterSignal = await request(server.baseUrl, '/healthz').then(
      (response) => ({ refused: false as const, status: response.status }),
      (error: NodeJS.ErrnoException) => ({ refused: true as const, code: error.code }),
    );

    const response = await inFlight;
    const answeredAt = Date.now();
    const exit = await within(server.exited, 5000);

    // It really was in flight across the signal.
    expect(drainingWhileInFlight).toBe(true);
    expect(answeredAt - sentAt).toBeGreaterThanOrEqual(800);
    expect(afterSignal).toMatchObject({ refused: true });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Buffer.byteLength(response.text)).toBe(Number(response.headers['content-length']));
    expect(response.body).toEqual(MADRID_ANA_PROFILE);
    if (exit === null) throw new Error(`the server had not exited 5 s after SIGTERM; its output:\n${server.output()}`);
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(5000);
  });

  // The API answers along its own handler and the booking pages through Express, which gives each
  // request and response its own prototype: both must close the connection.
  it.each([
    { what: 'an API answer', requestPath: '/api/public/user/mad-ana/profile', expectAnswer: (text: string) => expect(JSON.parse(text)).toEqual(MADRID_ANA_PROFILE) },
    { what: 'a booking page', requestPath: '/book/wcs-sat', expectAnswer: (text: string) => expect(text).toMatch(/<h1[^>]*>[^<]*WCS Intensive/) },
  ])('When a keep-alive client (a reverse proxy) waits for $what at SIGTERM, then the answer says Connection: close and the process exits within 2 seconds of it', async ({ requestPath, expectAnswer }) => {
    const server = await spawnServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // The connection is open and reused, as between a reverse proxy and its upstream.
      expect((await keepAliveGet(agent, server.baseUrl, '/healthz')).status).toBe(200);

      proxy!.setDelay(800);
      const inFlight = keepAliveGet(agent, server.baseUrl, requestPath);
      await sleep(200);
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');

      const response = await inFlight;
      const answeredAt = Date.now();
      // The slowed database kept the request in flight across the signal; the shutdown's own queries go at full speed.
      proxy!.setDelay(0);
      // The agent keeps its connection open, as a reverse proxy would: the server must close it.
      const exit = await within(server.exited, 12_000);
      if (exit === null) throw new Error(`the server had not exited 12 s after SIGTERM; its output:\n${server.output()}`);

      expect(response.status).toBe(200);
      expectAnswer(response.text);
      expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
      expect({
        // A server that is going away tells the client not to send more on this connection...
        connectionHeader: response.headers.connection,
        // ...and does not wait for the client to hang up before it exits (it would be closed by force
        // after 10 s). Counted from the answer: a booking page asks the slowed database several times.
        exitedWithin2sOfTheAnswer: exit.at - answeredAt < 2000 ? 'yes' : `no, ${exit.at - answeredAt} ms after it (${exit.at - signalledAt} ms after SIGTERM)`,
      }).toEqual({ connectionHeader: 'close', exitedWithin2sOfTheAnswer: 'yes' });
    } finally {
      agent.destroy();
    }
  });
});

/** A GET over the given (keep-alive) agent. */
function keepAliveGet(agent: http.Agent, baseUrl: string, requestPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${requestPath}`, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The promise's value, or null when it has not settled within `ms` (the timer is cleared either way). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

