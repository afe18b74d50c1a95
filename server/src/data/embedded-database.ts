import type { SqliteDatabase } from 'kysely';

/**
 * An open SQLite file as the embedded store uses it, whichever driver opened it (sqlite-database.ts
 * chooses): the face Kysely's SqliteDialect expects, plus `exec` for pragmas.
 */
export interface EmbeddedDatabase extends SqliteDatabase {
  exec(sql: string): void;
}
