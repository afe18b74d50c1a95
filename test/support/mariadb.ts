import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';

export const MARIADB_HOST = process.env.TEST_MARIADB_HOST ?? '127.0.0.1';
export const MARIADB_PORT = Number(process.env.TEST_MARIADB_PORT ?? 3306);
export const MARIADB_ADMIN_URL = `mysql://root@${MARIADB_HOST}:${MARIADB_PORT}/test`;

export const mariadbAvailable = (): boolean => process.env.STUDIO_DATA_TEST_MARIADB === 'yes';

/** A database of the test's own, dropped when the test is done. */
export async function createScratchDatabase(prefix = 'sdt'): Promise<{ name: string; url: (host?: string, port?: number) => string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await createConnection({ uri: MARIADB_ADMIN_URL });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await admin.end();
  return {
    name,
    url: (host = MARIADB_HOST, port = MARIADB_PORT) => `mysql://root@${host}:${port}/${name}`,
    drop: async () => {
      const connection = await createConnection({ uri: MARIADB_ADMIN_URL });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}
