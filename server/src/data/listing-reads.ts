import type { Kysely } from 'kysely';
import type { JoinedDays, ListedOccurrence, ListingCompletion } from '../domain/public-api/reader';
import type { DateWindow, InstantWindow } from '../domain/time/windows';
import { readJoinedDays } from './listing-days';
import type { ListingRenderer } from './listing-format';
import { toListedOccurrences } from './listing-json';
import { inListingOrder } from './listing-order';
import type { Database } from './tables';

/**
 * The listings' reads of the read model (listing-format.ts): occurrences with their stored entries,
 * in the contract's order, or the joined days of whole local dates; `renderer` renders any entry not
 * rendered yet. Satisfies the HTTP side's `ListingStore` (http/listing/listing-store.ts).
 */
export function createListingReads(db: Kysely<Database>, renderer: ListingRenderer) {
  return {
    /** classes of the dance types given (lower-case keys), not cancelled, ordered by start, name, id */
    async listClasses(studioId: string, window: InstantWindow, danceTypeKeys: string[]): Promise<ListedOccurrence[]> {
      return toListedOccurrences(db, inListingOrder(await classListingQuery(db, studioId, window, danceTypeKeys).execute()), renderer);
    },

    /** classes of every visible dance type, not cancelled, of the local dates given: each date's entries joined, in date order, dates without classes left out */
    async listClassDays(studioId: string, window: DateWindow, completion: ListingCompletion): Promise<JoinedDays> {
      return readJoinedDays(db, studioId, window, renderer, completion);
    },

    /** one class or event of the studio by its id, not cancelled; null when there is none */
    async findListed(studioId: string, classId: string): Promise<ListedOccurrence | null> {
      const rows = await listingQuery(db, studioId).where('o.id', '=', classId).execute();
      return (await toListedOccurrences(db, rows, renderer))[0] ?? null;
    },

    /** events (no dance type), not cancelled, by studio-local date, ordered by start, name, id */
    async listEvents(studioId: string, window: DateWindow): Promise<ListedOccurrence[]> {
      return toListedOccurrences(db, inListingOrder(await eventListingQuery(db, studioId, window).execute()), renderer);
    },
  };
}

/** A week of a studio's classes of the given types: one range of the primary key (studio, start instant). */
export function classListingQuery(db: Kysely<Database>, studioId: string, window: InstantWindow, danceTypeKeys: string[]) {
  return listingQuery(db, studioId)
    .where('o.starts_at', '>=', window.startMs)
    .where('o.starts_at', '<', window.endMs)
    .where('o.dance_type_key', 'in', danceTypeKeys)
    .orderBy('o.starts_at')
    .orderBy('o.id');
}

/** A week of a studio's events (the rows without a dance type), by studio-local date (ordered by `inListingOrder`). */
export function eventListingQuery(db: Kysely<Database>, studioId: string, window: DateWindow) {
  return listingQuery(db, studioId).where('o.dance_type_key', 'is', null).where('o.local_date', '>=', window.fromDate).where('o.local_date', '<', window.untilDate);
}

function listingQuery(db: Kysely<Database>, studioId: string) {
  return db
    .selectFrom('occurrences as o')
    .select(['o.id', 'o.starts_at', 'o.name', 'o.capacity', 'o.confirmed_bookings', 'o.listing_json'])
    .where('o.studio_id', '=', studioId)
    .where('o.cancelled', '=', 0);
}
