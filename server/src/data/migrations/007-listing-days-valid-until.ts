import type { Migration } from 'kysely';
import { nullableColumn } from './nullable-column';

/**
 * A joined day of classes (listing_days) holds until the first cutoff that closes a waitlist it shows
 * open (`waitlistOpen` turns false by time alone); `valid_until` is that instant, NULL when nothing
 * in the day changes with time. A reader past it renders the day from its rows again.
 */
export function listingDaysValidUntil(): Migration {
  return nullableColumn('listing_days', 'valid_until', 'bigint');
}
