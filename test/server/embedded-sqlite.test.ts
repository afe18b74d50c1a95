import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { isDeadlockVictim, isDuplicateKey } from '../../server/src/data/sql-errors';
import { openStore, type Store } from '../../server/src/data/database';
import { parseDatabaseUrl } from '../../server/src/data/database-url';
import { withSqliteCode } from '../../server/src/data/node-sqlite-database';
import { sqliteDriver } from '../../server/src/data/sqlite-database';
import { sqliteResultCodeName } from '../../server/src/data/sqlite-result-codes';
import { isUnreachableError } from '../../server/src/data/unavailable';

/**
 * The embedded SQLite store runs on node:sqlite where Node has it and on better-sqlite3 12 on Node 20
 * (sqlite-database.ts). Whichever this Node picks, the store must behave the same: the errors the
 * booking store and the 503 answer depend on, and no abort when statements are garbage-collected
 * (better-sqlite3 12 on Node 24.19+, issue 15).
 */

const ROOT = path.resolve(__dirname, '../..');

/** The driver each Node is meant to get, by version: node:sqlite's `columns()` came in 22.16 and 23.11. */
function expectedDriver(version: string): string {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major >= 24 || (major === 23 && minor >= 11) || (major === 22 && minor >= 16) ? 'node:sqlite' : 'better-sqlite3';
}

/** Error thrown by `run`, or a failure of the test when it throws none. */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('the embedded SQLite store on this Node', () => {
  let directory: string;
  const stores: Store[] = [];
  const open = (file = 'studio.sqlite') => {
    const store = openStore(parseDatabaseUrl(`sqlite:${path.join(directory, file)}`));
    stores.push(store);
    return store;
  };

  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-sqlite-'));
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  test(`When the server runs on Node ${process.versions.node}, then it opens SQLite with ${expectedDriver(process.versions.node)}`, () => {
    expect(sqliteDriver()).toBe(expectedDriver(process.versions.node));
  });

  test('When a primary key or a unique column is written twice, then the error is a duplicate key, not an outage', async () => {
    const { db } = open();
    await sql`create table seats (id text primary key, email text not null unique)`.execute(db);
    await sql`insert into seats values ('a', 'ana@example.com')`.execute(db);

    const samePrimaryKey = await errorOf(() => sql`insert into seats values ('a', 'other@example.com')`.execute(db));
    const sameEmail = await errorOf(() => sql`insert into seats values ('b', 'ana@example.com')`.execute(db));

    expect(samePrimaryKey).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(sameEmail).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    for (const error of [samePrimaryKey, sameEmail]) {
      expect(isDuplicateKey(error)).toBe(true);
      expect(isUnreachableError(error)).toBe(false);
    }
  });

  test('When another connection holds the write lock past the busy timeout, then the database counts as unreachable', async () => {
    const holder = open();
    const waiter = open();
    await sql`create table t (id integer)`.execute(holder.db);
    await sql`pragma busy_timeout = 0`.execute(waiter.db);
    const busy = await holder.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        return await errorOf(() => sql`begin immediate`.execute(waiter.db));
      } finally {
        await sql`commit`.execute(connection);
      }
    });
    expect(busy).toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
    expect(isUnreachableError(busy)).toBe(true);
    expect(isDuplicateKey(busy)).toBe(false);
    // Not retried as a deadlock: the busy timeout has already been waited.
    expect(isDeadlockVictim(busy)).toBe(false);
  });

  test('When the database file cannot be opened, then the database counts as unreachable', () => {
    fs.mkdirSync(path.join(directory, 'a-directory'));
    let error: unknown;
    try {
      open('a-directory');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ code: 'SQLITE_CANTOPEN' });
    expect(isUnreachableError(error)).toBe(true);
  });

  test('When bytes are stored, then they read back as the same bytes', async () => {
    const { db } = open();
    await sql`create table blobs (value blob)`.execute(db);
    await sql`insert into blobs values (${Buffer.from('{"id":"é"}')})`.execute(db);
    const { rows } = await sql<{ value: Uint8Array }>`select value from blobs`.execute(db);
    expect(rows[0]?.value).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(rows[0]?.value ?? []).toString('utf8')).toBe('{"id":"é"}');
  });
});

describe("node:sqlite's errors as the store reads them", () => {
  /** An error as node:sqlite throws it: one code for all, SQLite's extended result code in `errcode`. */
  const nodeSqliteError = (errcode: number, message: string) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode, errstr: message });

  test('When node:sqlite reports a unique or primary key violation, then the booking store sees a duplicate key', () => {
    expect(isDuplicateKey(withSqliteCode(nodeSqliteError(2067, 'UNIQUE constraint failed: bookings.email_key')))).toBe(true);
    expect(isDuplicateKey(withSqliteCode(nodeSqliteError(1555, 'UNIQUE constraint failed: bookings.id')))).toBe(true);
    expect(isDuplicateKey(withSqliteCode(nodeSqliteError(787, 'FOREIGN KEY constraint failed')))).toBe(false);
  });

  test('When node:sqlite reports a busy, unopenable or failing file, then the API answers 503, and other errors stay bugs', () => {
    for (const errcode of [5, 261, 517, 14, 10, 266, 3850]) expect(isUnreachableError(withSqliteCode(nodeSqliteError(errcode, 'database is locked')))).toBe(true);
    for (const errcode of [1, 19, 2067, 11, 21]) expect(isUnreachableError(withSqliteCode(nodeSqliteError(errcode, 'no such table: t')))).toBe(false);
  });

  test('When an error is not from SQLite, then it is left as it is', () => {
    const error = Object.assign(new TypeError('Provided value cannot be bound to SQLite parameter 1.'), { code: 'ERR_INVALID_ARG_TYPE' });
    expect(withSqliteCode(error)).toBe(error);
    expect(error.code).toBe('ERR_INVALID_ARG_TYPE');
  });

  test('When a result code is named, then it reads as better-sqlite3 names it', () => {
    expect(sqliteResultCodeName(5)).toBe('SQLITE_BUSY');
    expect(sqliteResultCodeName(517)).toBe('SQLITE_BUSY_SNAPSHOT');
    expect(sqliteResultCodeName(14)).toBe('SQLITE_CANTOPEN');
    expect(sqliteResultCodeName(1555)).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(sqliteResultCodeName(2067)).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(sqliteResultCodeName(3850)).toBe('SQLITE_IOERR_LOCK');
    expect(sqliteResultCodeName(516)).toBe('SQLITE_ABORT_ROLLBACK');
    // An extended code of a newer SQLite keeps its family.
    expect(sqliteResultCodeName((90 << 8) | 10)).toBe('SQLITE_IOERR');
    expect(sqliteResultCodeName(200)).toBe('UNKNOWN_SQLITE_ERROR_200');
  });
});

describe('a process that finalizes many statements', () => {
  test('When it loads the demo, imports it, runs hundreds of queries and collects garbage, then it exits cleanly', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-gc-'));
    try {
      const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/support/statements-under-gc.ts', path.join(directory, 'studio.sqlite')], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])));

      // Nothing on stderr: no abort, and no ExperimentalWarning for node:sqlite on Node 22.
      expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
      const report = JSON.parse(stdout) as { driver: string; classes: number; betterSqlite3Loaded: boolean };
      expect(report.driver).toBe(expectedDriver(process.versions.node));
      // The demo's classes of the week from Wednesday 2026-11-25 (statements-under-gc.ts lists that week).
      expect(report.classes).toBe(61);
      // The native module is not even loaded where node:sqlite is used.
      expect(report.betterSqlite3Loaded).toBe(report.driver === 'better-sqlite3');
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
