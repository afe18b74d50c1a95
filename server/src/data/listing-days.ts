import type { Kysely } from 'kysely';
import type { ListingRenderer } from '../domain/public-api/reader';
import type { DateWindow } from '../domain/time/windows';
import { toListedOccurrences, type ListingRow } from './listing-json';
import { inListingOrder } from './listing-order';
import type { Database } from './tables';

/**
 * `listing_days` (migration 004): each studio-local date's listed classes (visible dance types, not
 * cancelled) joined into one value, so that a week of a studio's classes is seven short reads and
 * no per-row work, in the database or here. A day's value changes with the catalog (each import
 * writes the studio's days) and with a class's confirmed bookings (each class booking writes its
 * day, in its transaction, under the studio's lock). `listClassDays` reads them; the row listing
 * (`listClasses`) stays the source for windows that are not whole days, and tests hold the two equal.
 */

/** Days per INSERT: a day of a large studio is tens of kilobytes, and a statement stays far under max_allowed_packet. */
const INSERT_BATCH_DAYS = 50;

/** A listed class as the days are built from it. */
export interface DayRow extends ListingRow {
  local_date: string;
  name: string;
}

/** The joined entries of each local date, from its listed rows (in any order). */
export function joinDays<Row extends DayRow>(rows: readonly Row[], renderer: ListingRenderer, listingJsonOf: (row: Row) => Uint8Array): Map<string, Uint8Array> {
  const byDate = new Map<string, Row[]>();
  for (const row of rows) {
    const day = byDate.get(row.local_date);
    if (day) day.push(row);
    else byDate.set(row.local_date, [row]);
  }
  const days = new Map<string, Uint8Array>();
  for (const [date, dayRows] of byDate) {
    const entries = inListingOrder(dayRows).map((row) => ({
      id: row.id,
      startsAt: Number(row.starts_at),
      listingJson: listingJsonOf(row),
      capacity: row.capacity,
      confirmedBookings: Number(row.confirmed_bookings),
    }));
    days.set(date, renderer.joinEntries(entries));
  }
  return days;
}

/** Replaces the studio's days (all of them, or those of `dates`) with `days`. */
export async function writeDays(trx: Kysely<Database>, studioId: string, days: Map<string, Uint8Array>, dates?: readonly string[]): Promise<void> {
  if (dates === undefined) await trx.deleteFrom('listing_days').where('studio_id', '=', studioId).execute();
  else if (dates.length > 0) await trx.deleteFrom('listing_days').where('studio_id', '=', studioId).where('local_date', 'in', dates).execute();
  const rows = [...days].map(([localDate, entries]) => ({ studio_id: studioId, local_date: localDate, entries: Buffer.from(entries) }));
  for (let start = 0; start < rows.length; start += INSERT_BATCH_DAYS) {
    await trx.insertInto('listing_days').values(rows.slice(start, start + INSERT_BATCH_DAYS)).execute();
  }
}

/**
 * Renders the studio's days again from its stored rows: all of them, or those of `dates`. Runs in
 * the caller's transaction, which holds the studio's lock (bookings and imports take it first).
 */
export async function rebuildDays(trx: Kysely<Database>, studioId: string, renderer: ListingRenderer, dates?: readonly string[]): Promise<void> {
  if (dates !== undefined && dates.length === 0) return;
  const visible = await trx.selectFrom('dance_types').select('name_key').where('studio_id', '=', studioId).where('is_visible_on_web', '=', 1).execute();
  const rows = visible.length === 0 ? [] : await listedRowsQuery(trx, studioId, visible.map((type) => type.name_key), dates).execute();
  // Rows whose entry is not rendered yet (a database from before listing_json) are rendered here.
  const listed = new Map((await toListedOccurrences(trx, rows, renderer)).map((entry) => [entry.id, entry.listingJson]));
  const days = joinDays(
    rows.filter((row) => listed.has(row.id)),
    renderer,
    (row) => listed.get(row.id) as Uint8Array,
  );
  await writeDays(trx, studioId, days, dates);
}

/** The studio's listed classes (of the dance types given, not cancelled): all of them, or those of `dates`. */
export function listedRowsQuery(db: Kysely<Database>, studioId: string, danceTypeKeys: string[], dates?: readonly string[]) {
  return db
    .selectFrom('occurrences as o')
    .select(['o.id', 'o.starts_at', 'o.name', 'o.local_date', 'o.capacity', 'o.confirmed_bookings', 'o.listing_json'])
    .where('o.studio_id', '=', studioId)
    .where('o.dance_type_key', 'in', danceTypeKeys)
    .where('o.cancelled', '=', 0)
    .$if(dates !== undefined, (query) => query.where('o.local_date', 'in', dates as string[]));
}

/** The joined days of a window, in date order (dates without classes have no row). */
export async function readDays(db: Kysely<Database>, studioId: string, window: DateWindow): Promise<Uint8Array[]> {
  return (await daysQuery(db, studioId, window).execute()).map((row) => row.entries);
}

export function daysQuery(db: Kysely<Database>, studioId: string, window: DateWindow) {
  return db
    .selectFrom('listing_days')
    .select('entries')
    .where('studio_id', '=', studioId)
    .where('local_date', '>=', window.fromDate)
    .where('local_date', '<', window.untilDate)
    .orderBy('local_date');
}
