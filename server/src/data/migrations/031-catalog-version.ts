import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A studio's catalog version: the value of its change counter (`version`) at its last import.
 * Bookings move `version` (spots left change) but not this, so answers that show only the catalog,
 * such as the calendar feeds, stay cached across bookings (README, "Calendar feeds"). Studios
 * imported before start from their current counter.
 */
export function catalogVersion(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('studios').addColumn('catalog_version', 'integer', (column) => column.notNull().defaultTo(0)).execute();
      await sql`update ${sql.table('studios')} set ${sql.ref('catalog_version')} = ${sql.ref('version')}`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('studios').dropColumn('catalog_version').execute();
    },
  };
}
