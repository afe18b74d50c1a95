import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database-url';

/**
 * What a week's listing of classes needs, on the occurrence row itself, so the listing is one range
 * read of the primary key with no per-row work in the database:
 *
 * - `confirmed_bookings`: the class's confirmed bookings (spotsLeft), kept by the booking store in
 *   the booking's transaction (the class row is locked there) and recounted by each import. It
 *   replaces a count of bookings per listed row. Existing rows are counted here.
 * - `listing_json`: the occurrence's entry as the API lists it, without its last member (spotsLeft),
 *   rendered by the API's own serializer at import (see data/listing-json.ts). Existing rows are
 *   rendered by `refreshListingJson` when the server starts, since rendering is the serializer's job,
 *   not SQL's; `listing_json_format` records which rendering the rows hold (empty: none yet).
 */
export function listingColumns(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('occurrences').addColumn('confirmed_bookings', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // Bytes, not text: the server joins the entries of a week into one body without decoding them.
      await db.schema.alterTable('occurrences').addColumn('listing_json', dialect === 'mysql' ? sql`mediumblob` : 'blob').execute();
      await sql`update occurrences
        set confirmed_bookings = (select count(*) from bookings b where b.class_id = occurrences.id and b.status = 'confirmed')
        where id in (select class_id from bookings where status = 'confirmed')`.execute(db);
      await db.schema.createTable('listing_json_format').addColumn('version', 'integer', (c) => c.notNull()).execute();
    },
  };
}
