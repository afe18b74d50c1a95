import type { JoinedDays, ListedOccurrence, ListingCompletion } from '../../domain/public-api/reader';
import type { DateWindow, InstantWindow } from '../../domain/time/windows';

/**
 * Where the listings' read model is kept (the database: data/listing-reads.ts satisfies this, wired
 * by the composition root). The bytes are those `listingRenderer` rendered (listing-entries.ts).
 */
export interface ListingStore {
  /** classes of the dance types given (lower-case keys), not cancelled, ordered by start, name, id */
  listClasses(studioId: string, window: InstantWindow, danceTypeKeys: string[]): Promise<ListedOccurrence[]>;
  /** classes of every visible dance type of the local dates given: each date's entries joined by `listingRenderer.joinEntries`, in date order */
  listClassDays(studioId: string, window: DateWindow, completion: ListingCompletion): Promise<JoinedDays>;
  /** one class or event of the studio by its id, not cancelled; null when there is none */
  findListed(studioId: string, classId: string): Promise<ListedOccurrence | null>;
  /** events (no dance type), not cancelled, by studio-local date, ordered by start, name, id */
  listEvents(studioId: string, window: DateWindow): Promise<ListedOccurrence[]>;
}

