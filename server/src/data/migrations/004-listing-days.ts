import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database-url';

/**
 * `listing_days`: a studio's listed classes of one studio-local date, already joined: the entries of
 * its classes of visible dance types that are not cancelled, in listing order, each complete with
 * its spotsLeft, separated by commas. A week whose window is whole local days (every week asked for
 * by date, or without `from`, outside DST changes) is then seven rows instead of ~300; see
 * data/listing-days.ts. Rows are written by the import, by each class booking (its date), and by
 * `refreshListingJson` (existing studios are rendered there when the server starts, as the renderer's
 * version changes with this migration).
 */
export function listingDays(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('listing_days')
        .addColumn('studio_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('local_date', 'char(10)', (c) => c.notNull())
        // Bytes, as listing_json: joined into the answer without being decoded.
        .addColumn('entries', dialect === 'mysql' ? sql`mediumblob` : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('listing_days_pk', ['studio_id', 'local_date'])
        .addForeignKeyConstraint('listing_days_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade'))
        .$call((table) => (dialect === 'mysql' ? table.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`) : table))
        .execute();
    },
  };
}
