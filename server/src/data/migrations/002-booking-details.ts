import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What the hosted booking pages need on a booking: the code the student quotes, the secret of the
 * confirmation page, the form's idempotency key, the email as compared (one seat per email and
 * class), and what was booked as named at the time. SQLite adds one column per ALTER TABLE.
 *
 * `reference` and `access_token` stay nullable in the schema so a row inserted without them (an
 * older writer, a test helper) is still accepted; the booking store always writes both, and rows
 * that existed before this migration get theirs here. NULLs never conflict in a unique index.
 */
export function bookingDetails(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').addColumn('reference', 'varchar(20)').execute();
      await db.schema.alterTable('bookings').addColumn('access_token', 'varchar(64)').execute();
      await db.schema.alterTable('bookings').addColumn('idempotency_key', 'varchar(64)').execute();
      await db.schema.alterTable('bookings').addColumn('email_key', 'varchar(255)', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('bookings').addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('bookings').addColumn('room', 'varchar(100)').execute();

      // Bookings written before this migration.
      await sql`update bookings set email_key = lower(trim(email))`.execute(db);
      const { rows } = await sql<{ id: string }>`select id from bookings where reference is null`.execute(db);
      for (const row of rows) {
        await sql`update bookings set reference = ${newBookingReference()}, access_token = ${newAccessToken()} where id = ${row.id}`.execute(db);
      }

      await db.schema.createIndex('bookings_reference_unique').on('bookings').column('reference').unique().execute();
      await db.schema.createIndex('bookings_access_token_unique').on('bookings').column('access_token').unique().execute();
      await db.schema.createIndex('bookings_idempotency_key_unique').on('bookings').column('idempotency_key').unique().execute();
      // One seat per email and class (class ids are global). Private lessons have class_id NULL: never a conflict.
      await db.schema.createIndex('bookings_class_email_unique').on('bookings').columns(['class_id', 'email_key']).unique().execute();
    },
  };
}

/*
 * The booking reference and confirmation secret as they were made when this migration was written,
 * kept here on purpose: a migration is frozen, so a later change to how the booking store makes them
 * must not change what this one writes.
 */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function newBookingReference(): string {
  const symbols = Array.from(randomBytes(8), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('');
  return `SD-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}
