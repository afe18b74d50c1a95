import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database-url';

/**
 * The studio's side (studio-api.md):
 *
 * - studio_keys: the keys a studio's own systems authenticate with; only each key's SHA-256 is kept;
 * - webhooks: where a studio wants booking changes posted, with the secret that signs them;
 * - outbox: a webhook call is an outbox row too (channel `webhook`), naming its webhook, with the
 *   last answer's status code and when it came (the studio's list of recent deliveries);
 * - bookings: `is_event` (an event's booking, as booked), and the index the studio's bookings are
 *   listed by: newest change first.
 */
export function studioApi(dialect: Dialect): Migration {
  const finish = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    dialect === 'mysql' ? table.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`) : table;
  const dropIndex = (db: Kysely<unknown>, name: string, table: string) => db.schema.dropIndex(name).$call((index) => (dialect === 'mysql' ? index.on(table) : index)).execute();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await finish(
        db.schema
          .createTable('studio_keys')
          .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
          .addColumn('studio_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('label', 'varchar(200)')
          .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('key_hint', 'varchar(16)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_used_at', 'bigint')
          .addColumn('revoked_at', 'bigint'),
      ).execute();
      await db.schema.createIndex('studio_keys_by_studio').on('studio_keys').columns(['studio_id', 'created_at']).execute();

      await finish(
        db.schema
          .createTable('webhooks')
          .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
          .addColumn('studio_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('url', 'varchar(2048)', (c) => c.notNull())
          .addColumn('events', 'varchar(255)', (c) => c.notNull())
          .addColumn('secret', 'varchar(100)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('webhooks_by_studio').on('webhooks').columns(['studio_id', 'created_at']).execute();

      const outbox = db.schema.alterTable('outbox');
      await outbox.addColumn('webhook_id', 'varchar(32)').execute();
      await outbox.addColumn('response_status', 'integer').execute();
      await outbox.addColumn('attempted_at', 'bigint').execute();
      await db.schema.createIndex('outbox_by_webhook').on('outbox').columns(['webhook_id', 'created_at']).execute();

      await db.schema.alterTable('bookings').addColumn('is_event', 'smallint', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update bookings set is_event = 1 where kind = 'class' and class_id in (select id from occurrences where dance_type_key is null)`.execute(db);
      await db.schema.createIndex('bookings_by_studio_change').on('bookings').columns(['studio_id', 'updated_at', 'id']).execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await dropIndex(db, 'bookings_by_studio_change', 'bookings');
      await db.schema.alterTable('bookings').dropColumn('is_event').execute();
      await dropIndex(db, 'outbox_by_webhook', 'outbox');
      for (const column of ['webhook_id', 'response_status', 'attempted_at']) await db.schema.alterTable('outbox').dropColumn(column).execute();
      await db.schema.dropTable('webhooks').execute();
      await db.schema.dropTable('studio_keys').execute();
    },
  };
}
