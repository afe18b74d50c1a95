import type { ListingCompletion, OccurrenceView } from '../domain/public-api/reader';

/**
 * The listings' read model as the data layer keeps it: each occurrence's entry rendered once, when
 * it is imported (`occurrences.listing_json`), and each local date's classes joined
 * (`listing_days`). The bytes' format belongs to the HTTP side (http/listing/), which renders and
 * joins them; this layer stores them and never reads into them. The composition root (server.ts)
 * hands the HTTP side's renderer in.
 */

/** An occurrence as a listing reads it: its stored entry, and the one thing that changes between imports, its confirmed bookings. */
export interface ListedOccurrence {
  id: string;
  startsAt: number;
  /** the rendered entry without its last members (spotsLeft, waitlistOpen) */
  listingJson: Uint8Array;
  capacity: number | null;
  confirmedBookings: number;
}

/** Renders listing entries; `version` changes whenever the rendering does, so stored entries (and joined days) are rendered again. */
export interface ListingRenderer {
  version: number;
  render(occurrence: OccurrenceView): Uint8Array;
  /** the entries as the members of a JSON array, without its brackets, each completed with its spotsLeft and waitlistOpen */
  joinEntries(entries: readonly ListedOccurrence[], completion: ListingCompletion): Uint8Array;
}

/** Joined days, in date order, and until when they hold: the first cutoff that closes a waitlist they show open (null: no time limit). */
export interface JoinedDays {
  days: Uint8Array[];
  validUntil: number | null;
}
