import type { Kysely } from 'kysely';
import type { ListedOccurrence } from '../domain/public-api/reader';
import type { ListingRenderer } from './listing-format';
import { selectOccurrences, toOccurrence } from './occurrence-rows';
import type { Database } from './tables';

/**
 * The occurrences' `listing_json`: each entry as the API lists it, rendered by the API's serializer
 * (the `ListingRenderer`) when the catalog is imported, so a listing only joins stored bytes.
 * Entries are rendered again whenever the rendering changes (its `version`), by `refreshListingJson`
 * (listing-refresh.ts) when the server starts; a row not rendered yet is rendered on the fly when it
 * is listed.
 */

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
