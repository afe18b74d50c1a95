import { sql, type Kysely } from 'kysely';
import type { ListedOccurrence, ListingRenderer } from '../domain/public-api/reader';
import { selectOccurrences, toOccurrence } from './occurrence-rows';
import { rebuildDays } from './listing-days';
import type { Database } from './tables';

/**
 * The occurrences' `listing_json`: each entry as the API lists it, rendered by the API's serializer
 * (the `ListingRenderer`) when the catalog is imported, so a listing only joins stored bytes.
 * Entries are rendered again whenever the rendering changes (its `version`), by `refreshListingJson`
 * when the server starts; a row not rendered yet is rendered on the fly when it is listed.
 */

/** Rows rendered again per UPDATE statement. */
const UPDATE_BATCH_ROWS = 200;

/** A row of a listing query (public-catalog-reader.ts). */
export interface ListingRow {
  id: string;
  starts_at: number | string;
  capacity: number | null;
  confirmed_bookings: number | string;
  listing_json: Uint8Array | null;
}

export async function toListedOccurrences(db: Kysely<Database>, rows: ListingRow[], renderer: ListingRenderer): Promise<ListedOccurrence[]> {
  const missing = rows.filter((row) => row.listing_json === null).map((row) => row.id);
  const rendered = new Map<string, Uint8Array>();
  if (missing.length > 0) {
    for (const row of await selectOccurrences(db).where('o.id', 'in', missing).execute()) rendered.set(row.id, renderer.render(toOccurrence(row)));
  }
  return rows.flatMap((row) => {
    const listingJson = row.listing_json ?? rendered.get(row.id);
    // (A row missing from the second read was removed by an import in between: it is no longer listed.)
    return listingJson ? [{ id: row.id, startsAt: Number(row.starts_at), listingJson, capacity: row.capacity, confirmedBookings: Number(row.confirmed_bookings) }] : [];
  });
}

/**
 * Renders every studio's entries, and its joined days (listing-days.ts), again when they were
 * rendered by another version of the renderer (or never: rows from before the listing_json
 * migration). Returns the number of rows rendered.
 */
export async function refreshListingJson(db: Kysely<Database>, renderer: ListingRenderer, nowMs: number): Promise<number> {
  const stored = await db.selectFrom('listing_json_format').select('version').execute();
  if (stored.length === 1 && stored[0]?.version === renderer.version) return 0;
  let count = 0;
  for (const { id } of await db.selectFrom('studios').select('id').orderBy('id').execute()) count += await renderStudio(db, id, renderer, nowMs);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('listing_json_format').execute();
    await trx.insertInto('listing_json_format').values({ version: renderer.version }).execute();
  });
  return count;
}

async function renderStudio(db: Kysely<Database>, studioId: string, renderer: ListingRenderer, nowMs: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Bumping the studio's change counter first locks the studio (an import of it waits, as imports
    // wait for each other) and tells every server that its cached answers of the studio are stale.
    await trx
      .updateTable('studios')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', studioId)
      .execute();
    const rows = await selectOccurrences(trx).where('o.studio_id', '=', studioId).execute();
    // Many rows per UPDATE (a CASE on the id): one statement per row took minutes for a large database.
    for (let start = 0; start < rows.length; start += UPDATE_BATCH_ROWS) {
      const batch = rows.slice(start, start + UPDATE_BATCH_ROWS);
      const entries = sql.join(batch.map((row) => sql`when ${row.id} then ${Buffer.from(renderer.render(toOccurrence(row)))}`), sql` `);
      await trx
        .updateTable('occurrences')
        .set({ listing_json: sql<Uint8Array>`case id ${entries} end` })
        .where('studio_id', '=', studioId)
        .where('id', 'in', batch.map((row) => row.id))
        .execute();
    }
    await rebuildDays(trx, studioId, renderer, nowMs);
    return rows.length;
  });
}
