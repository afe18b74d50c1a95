import type { DanceTypeRecord, LocaleText, OccurrenceRecord, PackageRecord, PersonRecord, QuestionRecord, StudioRecord } from '../catalog';
import type { DateWindow, InstantWindow } from '../time/windows';
import type { WaitlistPolicy } from '../booking/waitlist';

/** What the public API reads; implemented by the data layer. Lists come in the contract's order. */
export interface PublicCatalogReader {
  findStudio(studioId: string): Promise<StudioProfileView | null>;
  listInstructors(studioId: string): Promise<PersonRecord[]>;
  findPerson(personId: string): Promise<PersonRecord | null>;
  /** classes of the dance types given (lower-case keys), not cancelled, ordered by start, name, id */
  listClasses(studioId: string, window: InstantWindow, danceTypeKeys: string[]): Promise<ListedOccurrence[]>;
  /** classes of every visible dance type, not cancelled, of the local dates given: each date's entries joined (see `ListingRenderer.joinEntries`), in date order, dates without classes left out */
  listClassDays(studioId: string, window: DateWindow, completion: ListingCompletion): Promise<JoinedDays>;
  /** events (no dance type), not cancelled, by studio-local date, ordered by start, name, id */
  listEvents(studioId: string, window: DateWindow): Promise<ListedOccurrence[]>;
  listVisiblePackages(studioId: string): Promise<PackageRecord[]>;
  /** offers with their active windows and pricing only (possibly empty lists), in the studio's order */
  listPrivateLessonOffers(studioId: string): Promise<PrivateLessonOfferView[]>;
  listActiveQuestions(studioId: string): Promise<QuestionRecord[]>;
}

export interface StudioProfileView extends StudioRecord {
  danceTypes: DanceTypeRecord[];
}

export interface PersonSummary {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
}

export interface OccurrenceView extends Omit<OccurrenceRecord, 'entryId' | 'instructorId' | 'cancelled'> {
  /** the person teaching (class) or hosting (event) */
  instructor: PersonSummary | null;
  confirmedBookings: number;
}

/**
 * An occurrence as the listings give it: its entry already rendered (when it was imported, by the
 * `ListingRenderer`), and the one thing that changes between imports, its confirmed bookings. A
 * week of a large studio is hundreds of entries per answer: rendering them once per import instead
 * of once per request is what keeps an uncached listing fast.
 */
export interface ListedOccurrence {
  id: string;
  startsAt: number;
  /** the rendered entry without its last members (spotsLeft, waitlistOpen) */
  listingJson: Uint8Array;
  capacity: number | null;
  confirmedBookings: number;
}

/**
 * Renders listing entries; `version` changes whenever the rendering does, so stored entries (and
 * joined days) are rendered again.
 */
export interface ListingRenderer {
  version: number;
  render(occurrence: OccurrenceView): Uint8Array;
  /** the entries as the members of a JSON array, without its brackets, each completed with its spotsLeft and waitlistOpen */
  joinEntries(entries: readonly ListedOccurrence[], completion: ListingCompletion): Uint8Array;
}

/**
 * What completes a stored entry when it is listed, besides its confirmed bookings: `waitlistOpen`
 * depends on the studio's waitlist policy and on the time (a waitlist closes at the studio's cutoff).
 */
export interface ListingCompletion {
  policy: WaitlistPolicy;
  nowMs: number;
}

/**
 * Joined days, and until when they hold: the first cutoff that closes a waitlist they show open
 * (null: no time limit; a booking or an import changes them anyway).
 */
export interface JoinedDays {
  days: Uint8Array[];
  validUntil: number | null;
}

/**
 * A listing as the use-cases give it: its entries, or, for the classes of whole local days, the
 * days' entries already joined by `ListingRenderer.joinEntries`.
 */
export type Listing =
  | { kind: 'entries'; entries: ListedOccurrence[]; completion: ListingCompletion; validUntil: number | null }
  | { kind: 'joined-days'; days: Uint8Array[]; validUntil: number | null };

export interface PrivateLessonOfferView {
  person: PersonRecord;
  availability: { id: string; dayOfWeek: number; startTime: string; endTime: string }[];
  pricing: { id: string; durationMins: number; price: number; currency: string }[];
}

export type { LocaleText };
