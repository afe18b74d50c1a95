import type { LocaleText } from '../catalog';
import type { OccurrenceView, PrivateLessonOfferView, StudioProfileView } from '../public-api/reader';

/** A span of time, UTC milliseconds, start inclusive and end exclusive. */
export interface Interval {
  startsAt: number;
  endsAt: number;
}

/** What a student types on a booking form, after validation. */
export interface GuestDetails {
  firstName: string;
  lastName: string;
  /** as typed (trimmed); compared lower-cased */
  email: string;
  phone: string | null;
}

export type BookingKind = 'class' | 'private_lesson';

/** Holding a seat, waiting for one (a full class's waitlist), or no longer (cancelled, or left the waitlist). */
export type BookingStatus = 'confirmed' | 'waiting' | 'cancelled';

/** Who ended a booking: the student (manage page), the studio (its API), or the class itself (cancelled or dropped by an import). */
export type CancelledBy = 'student' | 'studio' | 'class_cancelled';

export interface BookingRecord {
  id: string;
  /** short code the student can quote to the studio, e.g. "SD-7KQ4-M2XP" */
  reference: string;
  /** the unguessable secret in the confirmation page's URL */
  accessToken: string;
  studioId: string;
  kind: BookingKind;
  classId: string | null;
  instructorId: string | null;
  pricingId: string | null;
  startsAt: number;
  endsAt: number;
  status: BookingStatus;
  guest: GuestDetails;
  /** private lessons: question id → answer (a DROPDOWN's option value, or free text) */
  answers: Record<string, string> | null;
  /** what was booked, as named when it was booked (the catalog may be re-imported later) */
  title: string;
  room: string | null;
  price: number | null;
  currency: string | null;
  /** the language the student booked in (a studio locale, or the page's) */
  locale: string;
  /** how the page it was booked on wrote dates, times and prices (`en-US`: the student's region; `en`: the language's own), for the emails; null for bookings from before it was kept (i18n/formats-locale.ts) */
  formatsLocale: string | null;
  createdAt: number;
  cancelledAt: number | null;
  cancelledBy: CancelledBy | null;
  /** the calendar entry's SEQUENCE (RFC 5545): raised by each change the student's calendar must follow */
  calendarSequence: number;
}

/** A class or event as the booking page needs it: with its studio, even when cancelled. */
export interface BookableOccurrence {
  studio: StudioProfileView;
  /** `entryId`: the studio document's entry it comes from (a weekly series has one entry) */
  occurrence: OccurrenceView & { cancelled: boolean; entryId: string };
}

export interface PrivateLessonOffer {
  studio: StudioProfileView;
  offer: PrivateLessonOfferView;
}

export interface NewBookingBase {
  guest: GuestDetails;
  locale: string;
  /** the page's formats locale (`en-US`); left out, the emails write the language's own formats */
  formatsLocale?: string | null;
  /** one per rendered form: a double-clicked submit books once */
  idempotencyKey: string;
  nowMs: number;
}

export interface ClassBookingRequest extends NewBookingBase {
  classId: string;
}

export type ClassBookingOutcome =
  | { outcome: 'confirmed'; booking: BookingRecord }
  /** the class was full: a place on its waitlist */
  | { outcome: 'waiting'; booking: BookingRecord }
  /** the same email already holds a seat (or a place on the waitlist) */
  | { outcome: 'existing'; booking: BookingRecord }
  /** the same form was submitted again (a double tap): the booking it made */
  | { outcome: 'repeated'; booking: BookingRecord }
  | { outcome: 'full' | 'past' | 'cancelled' | 'not_found' };

export interface PrivateLessonBookingRequest extends NewBookingBase {
  studioId: string;
  instructorId: string;
  pricingId: string;
  startsAt: number;
  endsAt: number;
  answers: Record<string, string>;
  title: string;
  price: number;
  currency: string;
}

export type PrivateLessonBookingOutcome =
  | { outcome: 'confirmed'; booking: BookingRecord }
  /** the same form was submitted again (a double tap): the lesson it booked */
  | { outcome: 'repeated'; booking: BookingRecord }
  /** someone else took the time (or it stopped being free) since the form was shown */
  | { outcome: 'slot_taken' };

export type { LocaleText };

export interface CancelRequest {
  bookingId: string;
  by: CancelledBy;
  nowMs: number;
}

export type CancelOutcome =
  /** `booking` as it is now: cancelled */
  | { outcome: 'cancelled'; booking: BookingRecord }
  /** cancelled before (a second click, another tab): nothing changed */
  | { outcome: 'already_cancelled'; booking: BookingRecord }
  /** the rule said no (past the cutoff, started), read under the lock */
  | { outcome: 'refused'; booking: BookingRecord }
  | { outcome: 'not_found' };
