import { sql, type Kysely } from 'kysely';
import { rebuildDays } from './listing-days';
import type { ListingRenderer } from './listing-format';
import { selectOccurrences, toOccurrence } from './occurrence-rows';
import type { Database } from './tables';

/** Rows rendered again per UPDATE statement. */
const UPDATE_BATCH_ROWS = 200;

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
