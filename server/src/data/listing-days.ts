import type { Kysely } from 'kysely';
import { firstWaitlistClosing, type WaitlistPolicy } from '../domain/booking/waitlist';
import type { JoinedDays, ListingCompletion } from '../domain/public-api/reader';
import type { ListingRenderer } from './listing-format';
import type { DateWindow } from '../domain/time/windows';
import { toListedOccurrences, type ListingRow } from './listing-json';
import { inListingOrder } from './listing-order';
import type { Database } from './tables';
import { refusalOf, statementBatches } from './statement-batches';

/**
 * `listing_days` (migration 004): each studio-local date's listed classes (visible dance types, not
 * cancelled) joined into one value, so that a week of a studio's classes is seven short reads and
 * no per-row work, in the database or here. A day's value changes with the catalog (each import
 * writes the studio's days) and with a class's confirmed bookings (each class booking writes its
 * day, in its transaction, under the studio's lock). `listClassDays` reads them; the row listing
 * (`listClasses`) stays the source for windows that are not whole days, and tests hold the two equal.
 *
 * A day also changes with time alone: a full class's `waitlistOpen` turns false at the studio's
 * cutoff. Each day keeps when that first happens (`valid_until`); a reader past it renders the day
 * from its rows (`readJoinedDays`), and the next booking or import of that day writes it again.
 */

/** Days per INSERT: a day of a large studio is tens of kilobytes, and a statement stays far under max_allowed_packet. */
const INSERT_BATCH_DAYS = 50;

/** A listed class as the days are built from it. */
export interface DayRow extends ListingRow {
  local_date: string;
  name: string;
}

/** A day's joined entries, and until when they hold (the first cutoff that closes a waitlist they show open). */
export interface JoinedDay {
  entries: Uint8Array;
  validUntil: number | null;
}

/** The joined entries of each local date, from its listed rows (in any order). */
export function joinDays<Row extends DayRow>(rows: readonly Row[], renderer: ListingRenderer, listingJsonOf: (row: Row) => Uint8Array, completion: ListingCompletion): Map<string, JoinedDay> {
  const byDate = new Map<string, Row[]>();
  for (const row of rows) {
    const day = byDate.get(row.local_date);
    if (day) day.push(row);
    else byDate.set(row.local_date, [row]);
  }
  const days = new Map<string, JoinedDay>();
  for (const [date, dayRows] of byDate) {
    const entries = inListingOrder(dayRows).map((row) => ({
      id: row.id,
      startsAt: Number(row.starts_at),
      listingJson: listingJsonOf(row),
      capacity: row.capacity,
      confirmedBookings: Number(row.confirmed_bookings),
    }));
    days.set(date, { entries: renderer.joinEntries(entries, completion), validUntil: firstWaitlistClosing(entries, completion.policy, completion.nowMs) });
  }
  return days;
}

/** Replaces the studio's days (all of them, or those of `dates`) with `days`. */
export async function writeDays(trx: Kysely<Database>, studioId: string, days: Map<string, JoinedDay>, dates?: readonly string[]): Promise<void> {
  if (dates === undefined) await trx.deleteFrom('listing_days').where('studio_id', '=', studioId).execute();
  else if (dates.length > 0) await trx.deleteFrom('listing_days').where('studio_id', '=', studioId).where('local_date', 'in', dates).execute();
  const rows = [...days].map(([localDate, day]) => ({ studio_id: studioId, local_date: localDate, entries: Buffer.from(day.entries), valid_until: day.validUntil }));
  for (const batch of statementBatches(rows, INSERT_BATCH_DAYS)) {
    try {
      await trx.insertInto('listing_days').values(batch).execute();
    } catch (error) {
      throw refusalOf(error, `the joined days ${batch[0]?.local_date} to ${batch.at(-1)?.local_date} of the listings`) ?? error;
    }
  }
}

/**
 * Renders the studio's days again from its stored rows: all of them, or those of `dates`. Runs in
 * the caller's transaction, which holds the studio's lock (bookings and imports take it first).
 */
export async function rebuildDays(trx: Kysely<Database>, studioId: string, renderer: ListingRenderer, nowMs: number, dates?: readonly string[]): Promise<void> {
  if (dates !== undefined && dates.length === 0) return;
  const days = await renderDays(trx, studioId, renderer, { policy: await readWaitlistPolicy(trx, studioId), nowMs }, dates);
  await writeDays(trx, studioId, days, dates);
}

/** The studio's days (all of them, or those of `dates`) as its stored rows render them now. */
async function renderDays(db: Kysely<Database>, studioId: string, renderer: ListingRenderer, completion: ListingCompletion, dates?: readonly string[]): Promise<Map<string, JoinedDay>> {
  const visible = await db.selectFrom('dance_types').select('name_key').where('studio_id', '=', studioId).where('is_visible_on_web', '=', 1).execute();
  const rows = visible.length === 0 ? [] : await listedRowsQuery(db, studioId, visible.map((type) => type.name_key), dates).execute();
  // Rows whose entry is not rendered yet (a database from before listing_json) are rendered here.
  const listed = new Map((await toListedOccurrences(db, rows, renderer)).map((entry) => [entry.id, entry.listingJson]));
  return joinDays(
    rows.filter((row) => listed.has(row.id)),
    renderer,
    (row) => listed.get(row.id) as Uint8Array,
    completion,
  );
}

async function readWaitlistPolicy(db: Kysely<Database>, studioId: string): Promise<WaitlistPolicy> {
  const row = await db.selectFrom('studios').select(['waitlist_enabled', 'cancellation_cutoff_minutes']).where('id', '=', studioId).executeTakeFirst();
  return { waitlist: Number(row?.waitlist_enabled ?? 1) !== 0, cancellationCutoffMinutes: Number(row?.cancellation_cutoff_minutes ?? 0) };
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

/** The joined days of a window, in date order (dates without classes have no row), as stored. */
export async function readDays(db: Kysely<Database>, studioId: string, window: DateWindow): Promise<Uint8Array[]> {
  return (await daysQuery(db, studioId, window).execute()).map((row) => row.entries);
}

/**
 * The joined days of a window as they are now: the stored ones, and those whose waitlists have
 * closed since they were written (past their `valid_until`) rendered again from their rows.
 */
export async function readJoinedDays(db: Kysely<Database>, studioId: string, window: DateWindow, renderer: ListingRenderer, completion: ListingCompletion): Promise<JoinedDays> {
  const stored = await daysQuery(db, studioId, window).execute();
  const outdated = stored.filter((row) => row.valid_until !== null && Number(row.valid_until) <= completion.nowMs).map((row) => row.local_date);
  const rendered = outdated.length === 0 ? new Map<string, JoinedDay>() : await renderDays(db, studioId, renderer, completion, outdated);
  let validUntil: number | null = null;
  const days: Uint8Array[] = [];
  for (const row of stored) {
    const day = rendered.get(row.local_date) ?? { entries: row.entries, validUntil: row.valid_until === null ? null : Number(row.valid_until) };
    if (day.entries.length > 0) days.push(day.entries);
    if (day.validUntil !== null && (validUntil === null || day.validUntil < validUntil)) validUntil = day.validUntil;
  }
  return { days, validUntil };
}

export function daysQuery(db: Kysely<Database>, studioId: string, window: DateWindow) {
  return db
    .selectFrom('listing_days')
    .select(['local_date', 'entries', 'valid_until'])
    .where('studio_id', '=', studioId)
    .where('local_date', '>=', window.fromDate)
    .where('local_date', '<', window.untilDate)
    .orderBy('local_date');
}
