import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Store } from './database';
import { catalogAndBookings } from './migrations/001-catalog-and-bookings';
import { bookingDetails } from './migrations/002-booking-details';
import { listingColumns } from './migrations/003-listing-columns';
import { listingDays } from './migrations/004-listing-days';
import { listColumnsAsText } from './migrations/005-list-columns-as-text';
import { bookingLifecycle } from './migrations/006-booking-lifecycle';
import { listingDaysValidUntil } from './migrations/007-listing-days-valid-until';
import { studioApi } from './migrations/009-studio-api';
import { bookingSearch } from './migrations/010-booking-search';
import { calendarSequence } from './migrations/030-calendar-sequence';
import { catalogVersion } from './migrations/031-catalog-version';
import { outboxDueByChannel } from './migrations/032-outbox-due-by-channel';
import { calendarRevisedAt } from './migrations/033-calendar-revised-at';
import { bookingClassInstructor } from './migrations/034-booking-class-instructor';
import { outboxFinished } from './migrations/035-outbox-finished';
import { bookingFormatsLocale } from './migrations/036-booking-formats-locale';

/** The schema's migrations by name, in the order they run. */
export function schemaMigrations(dialect: Store['dialect']): Record<string, Migration> {
  return {
    '001-catalog-and-bookings': catalogAndBookings(dialect),
    '002-booking-details': bookingDetails(),
    '003-listing-columns': listingColumns(dialect),
    '004-listing-days': listingDays(dialect),
    '005-list-columns-as-text': listColumnsAsText(dialect),
    '006-booking-lifecycle': bookingLifecycle(dialect),
    '007-listing-days-valid-until': listingDaysValidUntil(),
    '009-studio-api': studioApi(dialect),
    '010-booking-search': bookingSearch(),
    '030-calendar-sequence': calendarSequence(),
    '031-catalog-version': catalogVersion(),
    '032-outbox-due-by-channel': outboxDueByChannel(dialect),
    '033-calendar-revised-at': calendarRevisedAt(),
    '034-booking-class-instructor': bookingClassInstructor(),
    '035-outbox-finished': outboxFinished(dialect),
    '036-booking-formats-locale': bookingFormatsLocale(),
  };
}

/** Brings the schema up to date; the server runs it at start and the import before writing. */
export async function migrateToLatest(store: Store): Promise<void> {
  const migrations = schemaMigrations(store.dialect);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db: store.db, provider, migrationTableName: 'schema_migrations', migrationLockTableName: 'schema_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw migrationFailure(error, failed?.migrationName);
}

/**
 * What stops the migrations, said to the operator, with the cause kept: a database that refuses
 * connections is then known as one (isUnreachableError reads the cause), and the server waits for it
 * instead of exiting.
 */
function migrationFailure(error: unknown, migrationName: string | undefined): Error {
  const message = error instanceof Error ? error.message : String(error);
  // Kysely's words when the database holds a migration this build does not have: a newer build ran first.
  const newer = /previously executed migration (\S+) is missing/.exec(message);
  if (newer) {
    return new Error(
      `The database was migrated by a newer Studio Data (its migration ${newer[1]} is not in this version): run the newer version, or restore the database from before the upgrade.`,
      { cause: error },
    );
  }
  return new Error(`Database migration${migrationName ? ` ${migrationName}` : ''} failed: ${message}`, { cause: error });
}
