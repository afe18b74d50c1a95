import { sql } from 'kysely';
import type { Store } from '../../server/src/data/database';
import { schemaMigrations } from '../../server/src/data/migrate';

/**
 * Takes a test's database back to the schema it had just after migration `after`, as a database of
 * that version holds it: every later migration is undone, the latest first, and forgotten, so the
 * next start migrates it up again. Tests of an upgrade start here, with rows written as then.
 */
export async function rollBackSchemaAfter(store: Store, after: string): Promise<void> {
  const later = Object.entries(schemaMigrations(store.dialect)).filter(([name]) => name > after);
  if (later.length === 0) throw new Error(`No migration comes after ${after}`);
  for (const [name, migration] of later.reverse()) {
    if (!migration.down) throw new Error(`Migration ${name} cannot be undone`);
    await migration.down(store.db);
  }
  const names = later.map(([name]) => name);
  await sql`delete from schema_migrations where name in (${sql.join(names)})`.execute(store.db);
}
