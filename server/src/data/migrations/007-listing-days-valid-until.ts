import type { Kysely, Migration } from 'kysely';

/**
 * A joined day of classes (listing_days) holds until the first cutoff that closes a waitlist it shows
 * open (`waitlistOpen` turns false by time alone); `valid_until` is that instant, NULL when nothing
 * in the day changes with time. A reader past it renders the day from its rows again.
 */
export function listingDaysValidUntil(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('listing_days').addColumn('valid_until', 'bigint').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('listing_days').dropColumn('valid_until').execute();
    },
  };
}
