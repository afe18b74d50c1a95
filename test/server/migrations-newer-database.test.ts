import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../../server/src/data/database';
import { parseDatabaseUrl } from '../../server/src/data/database-url';
import { migrateToLatest } from '../../server/src/data/migrate';

describe('a version older than its database', () => {
  it('When the database was migrated by a newer version (a rollback), then starting says so and what to do, instead of "corrupted migrations"', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-migrations-'));
    const store = openStore(parseDatabaseUrl(`sqlite:${path.join(directory, 'studio.sqlite')}`));
    try {
      await migrateToLatest(store);
      // What a newer version's next migration leaves behind.
      await sql`INSERT INTO schema_migrations (name, timestamp) VALUES ('999-from-a-newer-version', '2027-01-01T00:00:00.000Z')`.execute(store.db);
      await expect(migrateToLatest(store)).rejects.toThrow(
        'The database was migrated by a newer Studio Data (its migration 999-from-a-newer-version is not in this version): run the newer version, or restore the database from before the upgrade.',
      );
    } finally {
      await store.close();
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
