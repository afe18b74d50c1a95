import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, mariadbAvailable } from './mariadb';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface DatabaseTarget {
  name: 'sqlite' | 'mariadb';
  create(): Promise<TestDatabase>;
}

const sqlite: DatabaseTarget = {
  name: 'sqlite',
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-test-'));
    return { url: `sqlite:${path.join(dir, 'studio.sqlite')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  },
};

export const mariadb: DatabaseTarget = {
  name: 'mariadb',
  async create() {
    const database = await createScratchDatabase();
    return { url: database.url(), drop: database.drop };
  },
};

/** The same cases run on each store: SQLite always, MariaDB when it is reachable (always under CI=true). */
export function databaseTargets(): DatabaseTarget[] {
  return mariadbAvailable() ? [sqlite, mariadb] : [sqlite];
}
