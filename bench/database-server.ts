import { createConnection, type Connection } from 'mysql2/promise';

/** The local MariaDB the bench uses (root without a password, as the test suites do): its databases made and dropped. */

const SERVER = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

/** DATABASE_URL of one database on that server. */
export const mariadbUrl = (database: string) => `mysql://${SERVER.user}@${SERVER.host}:${SERVER.port}/${database}`;

/** A connection to the server itself (no database chosen): for statements about databases and global settings. */
export function connectToDatabaseServer(): Promise<Connection> {
  return createConnection({ ...SERVER, connectTimeout: 5000 });
}

export async function createDatabaseIfMissing(database: string): Promise<void> {
  // Made as the test suites make theirs (ids compare byte for byte).
  await onDatabaseServer(`CREATE DATABASE IF NOT EXISTS ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
}

export async function dropDatabase(database: string): Promise<void> {
  await onDatabaseServer(`DROP DATABASE IF EXISTS ${database}`);
}

/** Dropped (when there) and made again, empty. */
export async function recreateDatabase(database: string): Promise<void> {
  await dropDatabase(database);
  await createDatabaseIfMissing(database);
}

async function onDatabaseServer(statement: string): Promise<void> {
  const connection = await connectToDatabaseServer();
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}
