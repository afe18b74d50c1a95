import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database-url';

/**
 * The outbox's finished messages by when they finished: the retention (delivery/outbox-retention.ts)
 * removes those finished longer ago than OUTBOX_RETENTION_DAYS, oldest first, reading this index
 * instead of every message the outbox ever held.
 */
export function outboxFinished(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('outbox_finished').on('outbox').columns(['status', 'done_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      // MySQL names the table of an index it drops; SQLite's indexes are the schema's own.
      await (dialect === 'mysql' ? db.schema.dropIndex('outbox_finished').on('outbox') : db.schema.dropIndex('outbox_finished')).execute();
    },
  };
}
