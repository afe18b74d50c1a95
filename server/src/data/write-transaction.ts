import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database-url';
import type { Database } from './tables';

/**
 * One write transaction, the same way for every writer of bookings and the outbox:
 *
 * - MySQL/MariaDB: READ COMMITTED; what must not change underneath is locked with `FOR UPDATE`.
 * - SQLite: `BEGIN IMMEDIATE` takes the write lock at the start. Kysely's single connection already
 *   serializes this process; the busy timeout queues other processes (the import, a worker), and two
 *   of them never deadlock upgrading a read lock to a write lock.
 */
export async function inWriteTransaction<T>(db: Kysely<Database>, dialect: Dialect, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (dialect === 'mysql') return db.transaction().setIsolationLevel('read committed').execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
