import { createConnection } from 'mysql2/promise';
import { MARIADB_ADMIN_URL } from './mariadb';

/**
 * Decides once per run whether the MariaDB half of the suite runs. Locally a missing MariaDB skips
 * it with a warning; under CI=true it fails the run, so the contract is never silently untested.
 * STUDIO_DATA_TEST_STORES=sqlite asks for the SQLite half alone, by name (.ci/run's second Node,
 * where only SQLite's driver differs: node:sqlite instead of better-sqlite3).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.STUDIO_DATA_TEST_STORES === 'sqlite') {
    process.env.STUDIO_DATA_TEST_MARIADB = 'no';
    process.stderr.write('\nSTUDIO_DATA_TEST_STORES=sqlite: the SQLite half of the suite alone, as asked.\n');
    return;
  }
  try {
    const connection = await createConnection({ uri: MARIADB_ADMIN_URL, connectTimeout: 3000 });
    await connection.end();
    process.env.STUDIO_DATA_TEST_MARIADB = 'yes';
  } catch (error) {
    if (process.env.CI === 'true') {
      throw new Error(`MariaDB is required under CI=true and is not reachable at ${MARIADB_ADMIN_URL}: ${(error as Error).message}`);
    }
    process.env.STUDIO_DATA_TEST_MARIADB = 'no';
    process.stderr.write(`\n⚠ MariaDB is not reachable at ${MARIADB_ADMIN_URL}: the MariaDB half of the suite is skipped.\n`);
  }
}
