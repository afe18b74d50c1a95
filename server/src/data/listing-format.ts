import type { ListedOccurrence, ListingCompletion, OccurrenceView } from '../domain/public-api/reader';

/**
 * The listings' read model as the data layer keeps it: each occurrence's entry rendered once, when
 * it is imported (`occurrences.listing_json`), and each local date's classes joined
 * (`listing_days`). The bytes' format belongs to the HTTP side (http/listing/), which renders and
 * joins them; this layer stores them and never reads into them. The composition root (server.ts)
 * hands the HTTP side's renderer in.
 */

/** Renders listing entries; `version` changes whenever the rendering does, so stored entries (and joined days) are rendered again. */
export interface ListingRenderer {
  version: number;
  render(occurrence: OccurrenceView): Uint8Array;
  /** the entries as the members of a JSON array, without its brackets, each completed with its spotsLeft and waitlistOpen */
  joinEntries(entries: readonly ListedOccurrence[], completion: ListingCompletion): Uint8Array;
}
