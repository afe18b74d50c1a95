import type { Migration } from 'kysely';
import { nullableColumn } from './nullable-column';

/**
 * How the page a booking was made on wrote dates, times and prices (`en-US`: "7:00 PM"), so that its
 * emails write them as the student read them (i18n/formats-locale.ts). Bookings from before keep
 * NULL, and their emails the language's own formats, as they were sent until now.
 */
export function bookingFormatsLocale(): Migration {
  return nullableColumn('bookings', 'formats_locale', 'varchar(35)');
}
