import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database-url';

/**
 * What happens after "Book" (booking-lifecycle.md):
 *
 * - studios: their policies (cancellation cutoff, waitlist, reminder time, terms and privacy links,
 *   in minutes where the document says hours) and the address the studio is told at;
 * - bookings: cancelled (when, by whom), waiting (their place in the queue), the calendar entry's
 *   SEQUENCE, and `active_key`: the email key while the booking holds a seat or a place in the
 *   queue, NULL once cancelled. One seat or place per email and class is now unique on
 *   (class_id, active_key), so the same email can book again after cancelling;
 * - outbox: every message owed to someone, written in the transaction of the change that owes it,
 *   and delivered by the worker (data/outbox-store.ts).
 */
export function bookingLifecycle(dialect: Dialect): Migration {
  const dropIndex = (db: Kysely<unknown>, name: string, table: string) => db.schema.dropIndex(name).$call((index) => (dialect === 'mysql' ? index.on(table) : index)).execute();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const studios = (column: string, type: 'integer' | 'smallint' | 'varchar(2048)' | 'varchar(254)', defaultValue?: number) =>
        db.schema.alterTable('studios').addColumn(column, type, (c) => (defaultValue === undefined ? c : c.notNull().defaultTo(defaultValue))).execute();
      await studios('cancellation_cutoff_minutes', 'integer', 120);
      await studios('waitlist_enabled', 'smallint', 1);
      await studios('reminder_minutes', 'integer', 24 * 60);
      await studios('terms_url', 'varchar(2048)');
      await studios('privacy_url', 'varchar(2048)');
      await studios('notification_email', 'varchar(254)');

      const bookings = db.schema.alterTable('bookings');
      await bookings.addColumn('cancelled_at', 'bigint').execute();
      await bookings.addColumn('cancelled_by', 'varchar(20)').execute();
      await bookings.addColumn('active_key', 'varchar(255)').execute();
      await bookings.addColumn('waitlist_position', 'bigint').execute();
      await bookings.addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await bookings.addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update bookings set active_key = email_key, updated_at = created_at where status = 'confirmed'`.execute(db);

      await dropIndex(db, 'bookings_class_email_unique', 'bookings');
      await db.schema.createIndex('bookings_class_active_key_unique').on('bookings').columns(['class_id', 'active_key']).unique().execute();
      // The head of a class's queue, and the seats it holds.
      await db.schema.createIndex('bookings_by_class_status').on('bookings').columns(['class_id', 'status', 'waitlist_position']).execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('studio_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('booking_id', 'varchar(64)')
        .addColumn('channel', 'varchar(16)', (c) => c.notNull())
        .addColumn('audience', 'varchar(16)', (c) => c.notNull())
        .addColumn('event', 'varchar(32)', (c) => c.notNull())
        .addColumn('payload', 'text')
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('available_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claim_token', 'varchar(36)')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('last_error', 'varchar(1000)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .$call((table) => (dialect === 'mysql' ? table.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`) : table))
        .execute();
      // What a worker claims: pending messages whose time has come, oldest first.
      await db.schema.createIndex('outbox_pending').on('outbox').columns(['status', 'available_at']).execute();
      await db.schema.createIndex('outbox_by_booking').on('outbox').columns(['booking_id']).execute();
    },

    /** Back to migration 005's schema: messages and cancellations are lost, and cancelled rows keep their email's seat. */
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('outbox').execute();
      await dropIndex(db, 'bookings_by_class_status', 'bookings');
      await dropIndex(db, 'bookings_class_active_key_unique', 'bookings');
      for (const column of ['cancelled_at', 'cancelled_by', 'active_key', 'waitlist_position', 'calendar_sequence', 'updated_at']) {
        await db.schema.alterTable('bookings').dropColumn(column).execute();
      }
      await db.schema.createIndex('bookings_class_email_unique').on('bookings').columns(['class_id', 'email_key']).unique().execute();
      for (const column of ['cancellation_cutoff_minutes', 'waitlist_enabled', 'reminder_minutes', 'terms_url', 'privacy_url', 'notification_email']) {
        await db.schema.alterTable('studios').dropColumn(column).execute();
      }
    },
  };
}
