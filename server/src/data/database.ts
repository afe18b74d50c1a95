import fs from 'node:fs';
import path from 'node:path';
import { Kysely, MysqlDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import type { DatabaseLocation, Dialect } from './database-url';
import { openEmbeddedDatabase } from './sqlite-database';
import type { Database } from './tables';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** How long a new MySQL connection may take before the database counts as unreachable. */
const CONNECT_TIMEOUT_MS = 1000;

export function openStore(location: DatabaseLocation): Store {
  if (location.dialect === 'sqlite') {
    if (location.file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(location.file)), { recursive: true });
    const sqlite = openEmbeddedDatabase(location.file);
    // WAL lets the server keep reading while an import writes; the busy timeout queues writers.
    sqlite.exec('PRAGMA journal_mode = WAL');
    sqlite.exec('PRAGMA busy_timeout = 5000');
    sqlite.exec('PRAGMA foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = createPool({
    host: location.host,
    port: location.port,
    user: location.user,
    password: location.password,
    database: location.database,
    connectionLimit: 10,
    connectTimeout: CONNECT_TIMEOUT_MS,
    enableKeepAlive: true,
    // DECIMAL prices arrive as numbers, as SQLite gives them.
    decimalNumbers: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    charset: 'utf8mb4',
    timezone: 'Z',
  });
  const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
  return { db, dialect: 'mysql', close: () => db.destroy() };
}
