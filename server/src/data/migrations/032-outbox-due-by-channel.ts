import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database-url';

/**
 * The outbox's due messages by channel: each channel's claims (delivery-worker.ts) read the index
 * range of their own channel only. On MariaDB a claim locks every row it reads (`FOR UPDATE SKIP
 * LOCKED`): read through the index of all channels, the emails' claim locked the webhook calls it
 * passed over, and the webhook calls' claim, running beside it, skipped them as taken.
 */
export function outboxDueByChannel(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('outbox_due_by_channel').on('outbox').columns(['status', 'channel', 'available_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      // MySQL names the table of an index it drops; SQLite's indexes are the schema's own.
      await (dialect === 'mysql' ? db.schema.dropIndex('outbox_due_by_channel').on('outbox') : db.schema.dropIndex('outbox_due_by_channel')).execute();
    },
  };
}
