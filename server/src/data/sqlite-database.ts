import type BetterSqlite3 from 'better-sqlite3';
import type { EmbeddedDatabase } from './embedded-database';
import { loadNodeSqlite, openNodeSqliteDatabase } from './node-sqlite-database';

/**
 * The embedded store's SQLite driver, chosen by the Node that runs the process:
 *
 * - node:sqlite, built into Node, where it has what Kysely needs (Node 22.16+, 23.11+, 24 and
 *   later): nothing to compile, and nothing native outside Node to break when Node changes.
 * - better-sqlite3 12 elsewhere (Node 20, Node 22 before 22.16), loaded only then. On Node 24.19+
 *   it aborts the whole process when a statement is garbage-collected (issue 15), and
 *   better-sqlite3 13, which fixes that, does not run on Node 20.
 *
 * Both have the face Kysely's SqliteDialect expects, plus `exec` for pragmas (embedded-database.ts).
 */

export type SqliteDriver = 'node:sqlite' | 'better-sqlite3';

/** The driver this process opens SQLite files with. */
export function sqliteDriver(): SqliteDriver {
  return loadNodeSqlite() ? 'node:sqlite' : 'better-sqlite3';
}

export function openEmbeddedDatabase(file: string): EmbeddedDatabase {
  const nodeSqlite = loadNodeSqlite();
  if (nodeSqlite) return openNodeSqliteDatabase(nodeSqlite, file);
  const BetterSqlite = loadBetterSqlite3();
  return new BetterSqlite(file);
}

function loadBetterSqlite3(): typeof BetterSqlite3 {
  try {
    // A require, not an import: the native module is loaded on the Nodes that use it only.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('better-sqlite3') as typeof BetterSqlite3;
  } catch (error) {
    // Not built (it is an optional dependency), or built for another Node than this one.
    throw new Error(
      `On Node ${process.versions.node} the SQLite store needs better-sqlite3, which cannot be loaded (${(error as Error).message.split('\n')[0]}): run npm install with this Node.`,
      { cause: error },
    );
  }
}
