import type { ListingCompletion } from '../../domain/public-api/reader';
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
  /** events (no dance type), not cancelled, by studio-local date, ordered by start, name, id */
  listEvents(studioId: string, window: DateWindow): Promise<ListedOccurrence[]>;
}

/**
 * An occurrence as the listings read it: its entry rendered when it was imported, and the one thing
 * that changes between imports, its confirmed bookings. A week of a large studio is hundreds of
 * entries per answer: rendering them once per import instead of once per request is what keeps an
 * uncached listing fast.
 */
export interface ListedOccurrence {
  id: string;
  startsAt: number;
  /** the rendered entry without its last members (spotsLeft, waitlistOpen) */
  listingJson: Uint8Array;
  capacity: number | null;
  confirmedBookings: number;
}

/** Joined days, in date order, and until when they hold: the first cutoff that closes a waitlist they show open (null: no time limit). */
export interface JoinedDays {
  days: Uint8Array[];
  validUntil: number | null;
}
