import type { DanceTypeRecord, LocaleText, OccurrenceRecord, PackageRecord, PersonRecord, QuestionRecord, StudioRecord } from '../catalog';
import type { ClassWindow, DateWindow } from '../time/windows';
import type { WaitlistPolicy } from '../booking/waitlist';
import type { Interval } from '../booking/types';

/** What the public API's use-cases read; implemented by the data layer. Lists come in the contract's order. */
export interface PublicCatalogReader {
  findStudio(studioId: string): Promise<StudioProfileView | null>;
  listInstructors(studioId: string): Promise<PersonRecord[]>;
  findPerson(personId: string): Promise<PersonRecord | null>;
  /** a person of the studio who teaches (an instructor) or teaches or hosts any of its classes or events; null otherwise */
  findTeacherOrHost(studioId: string, personId: string): Promise<PersonRecord | null>;
  listVisiblePackages(studioId: string): Promise<PackageRecord[]>;
  /** offers with their active windows and pricing only (possibly empty lists), in the studio's order */
  listPrivateLessonOffers(studioId: string): Promise<PrivateLessonOfferView[]>;
  listActiveQuestions(studioId: string): Promise<QuestionRecord[]>;
  /** where a class or event (by its global id) belongs, and whether it is listed at all; null when no class or event has the id */
  findOccurrenceSummary(classId: string): Promise<OccurrenceSummary | null>;
  /** when the instructor is not free within [fromMs, untilMs): the same read as the booking pages' (BookingCatalogReader.busyIntervals) */
  busyIntervals(studioId: string, instructorId: string, fromMs: number, untilMs: number): Promise<Interval[]>;
  /**
   * The studio's classes and events starting within [fromMs, untilMs), cancelled ones included, of
   * the dance types given (lower-case NFC keys) and events when `events` is true, taught or hosted by
   * `instructorId` when given; by start, then name, then id.
   */
  listCalendarOccurrences(studioId: string, window: { fromMs: number; untilMs: number }, filter: CalendarFilter): Promise<CalendarOccurrence[]>;
}

export interface StudioProfileView extends StudioRecord {
  danceTypes: DanceTypeRecord[];
  /** when the studio's catalog was last imported (the calendar feed's DTSTAMP) */
  importedAt?: number;
}

export interface OccurrenceSummary {
  studioId: string;
  /** the dance type's key (NFC, lower-case); null for an event */
  danceTypeKey: string | null;
  cancelled: boolean;
}

export interface CalendarFilter {
  danceTypeKeys: string[];
  events: boolean;
  instructorId?: string;
}

/** A class or event as the calendar feed shows it: cancelled ones too, each with its calendar SEQUENCE. */
export interface CalendarOccurrence extends OccurrenceView {
  cancelled: boolean;
  /** raised by every import that changed what a calendar shows of it (calendar-feed.ts) */
  calendarSequence: number;
  /** when that import ran (the event's DTSTAMP); null for a row not imported since it was kept */
  calendarRevisedAt: number | null;
}

export interface PersonSummary {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
}

export interface OccurrenceView extends Omit<OccurrenceRecord, 'entryId' | 'instructorId' | 'cancelled'> {
  /** the weekly series it belongs to: the studio document's entry id (a one-off's own id) */
  seriesId: string;
  /** the person teaching (class) or hosting (event) */
  instructor: PersonSummary | null;
  confirmedBookings: number;
  /** the currency of its price: the studio's (defaultCurrency) */
  currency: string;
}

/**
 * What completes a listed class or event besides its confirmed bookings: `waitlistOpen` depends on
 * the studio's waitlist policy and on the time (a waitlist closes at the studio's cutoff).
 */
export interface ListingCompletion {
  policy: WaitlistPolicy;
  nowMs: number;
}

/**
 * What a listing endpoint lists, as the use-cases decide it: the studio's classes of some dance
 * types in a window of instants (of whole local days, when `window.wholeDays` says so), its events
 * of some local dates, or nothing (a window no schedule reaches, or no visible type). Reading and
 * rendering the listed occurrences is the HTTP side's read model (http/listing/).
 */
export type WhatToList =
  | { kind: 'nothing'; completion: ListingCompletion }
  | {
      kind: 'classes';
      studioId: string;
      window: ClassWindow;
      /** the dance types listed, as lower-case keys */
      danceTypeKeys: string[];
      /** true when the listing is of every visible dance type of the studio (no type named) */
      everyVisibleType: boolean;
      completion: ListingCompletion;
    }
  | { kind: 'events'; studioId: string; window: DateWindow; completion: ListingCompletion };

/**
 * What a listing reads back from the read model: declared here because both of its sides pass these
 * (data/ stores entries and joined days, http/listing/ renders and joins their bytes) and neither
 * may import the other. The domain neither makes nor reads them.
 *
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

export interface PrivateLessonOfferView {
  person: PersonRecord;
  availability: { id: string; dayOfWeek: number; startTime: string; endTime: string }[];
  pricing: { id: string; durationMins: number; price: number; currency: string }[];
}

export type { LocaleText };
