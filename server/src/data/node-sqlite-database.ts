import type { EmbeddedDatabase } from './embedded-database';
import { sqliteResultCodeName } from './sqlite-result-codes';

/**
 * Node's built-in SQLite (`node:sqlite`) with the face Kysely's SqliteDialect and this store expect
 * of better-sqlite3: `prepare(sql)` gives a statement with `reader`, and `all`, `run` and `iterate`
 * taking the parameters as one array; errors carry better-sqlite3's `code` names. BLOB columns come
 * back as Uint8Array where better-sqlite3 gives a Buffer (tables.ts types them as Uint8Array), and
 * rows are objects with a null prototype.
 */

/** The part of node:sqlite used here (Node 22.16+, 23.11+, 24+). @types/node 20 does not describe it. */
interface StatementSync {
  columns(): unknown[];
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}

interface DatabaseSync {
  prepare(sql: string): StatementSync;
  exec(sql: string): void;
  close(): void;
}

export interface NodeSqlite {
  DatabaseSync: new (path: string) => DatabaseSync;
  StatementSync: { prototype: Partial<StatementSync> };
}

/**
 * node:sqlite when this Node has it with `StatementSync#columns` (which tells a query that returns
 * rows from one that does not), else undefined. Node 22 announces the module with an
 * ExperimentalWarning on every start; that one warning is not printed, any other is.
 */
export function loadNodeSqlite(): NodeSqlite | undefined {
  // process.getBuiltinModule is Node 20.16+/22.3+; Node 20 has no node:sqlite either way.
  const getBuiltinModule = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (typeof getBuiltinModule !== 'function') return undefined;
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    if (rest[0] === 'ExperimentalWarning' && String(warning).startsWith('SQLite is an experimental feature')) return;
    return Reflect.apply(emitWarning, this, [warning, ...rest]);
  } as NodeJS.Process['emitWarning'];
  try {
    const sqlite = getBuiltinModule.call(process, 'node:sqlite') as NodeSqlite | undefined;
    return typeof sqlite?.StatementSync.prototype.columns === 'function' ? sqlite : undefined;
  } catch {
    // Node 22.5-22.12 have the module behind --experimental-sqlite only.
    return undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
}

export function openNodeSqliteDatabase(sqlite: NodeSqlite, file: string): EmbeddedDatabase {
  const database = sqliteCall(() => new sqlite.DatabaseSync(file));
  return {
    prepare(sql) {
      const statement = sqliteCall(() => database.prepare(sql));
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => sqliteCall(() => statement.all(...parameters)),
        run: (parameters) => sqliteCall(() => statement.run(...parameters)),
        iterate: (parameters) => rowsWithSqliteCodes(sqliteCall(() => statement.iterate(...parameters))),
      };
    },
    exec: (sql) => sqliteCall(() => database.exec(sql)),
    close: () => database.close(),
  };
}

function* rowsWithSqliteCodes(rows: IterableIterator<unknown>): IterableIterator<unknown> {
  try {
    yield* rows;
  } catch (error) {
    throw withSqliteCode(error);
  }
}

function sqliteCall<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw withSqliteCode(error);
  }
}

/**
 * node:sqlite's error (`code: 'ERR_SQLITE_ERROR'`, `errcode: 2067`) with the `code` better-sqlite3
 * gives (`SQLITE_CONSTRAINT_UNIQUE`); the message, stack and `errcode` stay. Other errors (a value
 * that cannot be bound, say) are returned as they are.
 */
export function withSqliteCode(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const fields = error as { code?: unknown; errcode?: unknown };
  if (fields.code === 'ERR_SQLITE_ERROR' && typeof fields.errcode === 'number') fields.code = sqliteResultCodeName(fields.errcode);
  return error;
}
