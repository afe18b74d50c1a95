import type {
  BookableOccurrence,
  BookingRecord,
  CancelOutcome,
  CancelRequest,
  ClassBookingOutcome,
  ClassBookingRequest,
  Interval,
  PrivateLessonBookingOutcome,
  PrivateLessonBookingRequest,
  PrivateLessonOffer,
} from './types';
import type { QuestionRecord, StudioPolicies } from '../catalog';
import type { AdmissionRule } from './class-bookability';
import type { OccurrenceView, StudioProfileView } from '../public-api/reader';

/** What the booking pages read; implemented by the data layer. */
export interface BookingCatalogReader {
  /**
   * The studio of a booking, for its confirmation page (the booked class or offer may have left the
   * catalog since); the same lookup as PublicCatalogReader.findStudio.
   */
  findStudio(studioId: string): Promise<StudioProfileView | null>;
  /** a class or event by its (global) id, cancelled ones included */
  findOccurrence(classId: string): Promise<BookableOccurrence | null>;
  /**
   * The first class or event of the studio starting after `afterMs` that can still be booked: not
   * cancelled, with a spot left, and listed on the web (an event, or a class of a visible dance type);
   * only of that series when `entryId` is given; never `excludeId`. By start, then name, then id.
   */
  findNextOpenOccurrence(studioId: string, afterMs: number, options: { entryId?: string; excludeId: string }): Promise<OccurrenceView | null>;
  /** the studio whose weekly series has this id (series ids are global, as class ids are), found by one of its dates; null when no series has it */
  findSeriesStudio(seriesId: string): Promise<string | null>;
  /** a person's private lesson offer (active windows and pricing only), with the studio; null when there is none */
  findPrivateLessonOffer(instructorId: string): Promise<PrivateLessonOffer | null>;
  listActiveQuestions(studioId: string): Promise<QuestionRecord[]>;
  /**
   * When the instructor is not free between the two instants: confirmed private lessons, and
   * classes or events (not cancelled) the instructor teaches or hosts.
   */
  busyIntervals(studioId: string, instructorId: string, fromMs: number, untilMs: number): Promise<Interval[]>;
}

/**
 * Writes bookings. Each call is one transaction that locks what it books (the class row, or the
 * instructor's offer row) so concurrent requests cannot overbook, and bumps the studio's change
 * counter so the public API's `spotsLeft` and cached answers follow.
 */
export interface BookingStore {
  /**
   * `admit` is called inside the transaction, after the lock, with the class's seats as they are
   * then and the studio's policies; it decides between a seat, a place on the waitlist, or neither.
   */
  bookClass(request: ClassBookingRequest, admit: AdmissionRule): Promise<ClassBookingOutcome>;
  /**
   * `isStillFree` is called inside the transaction, after the lock, with the instructor's busy
   * intervals around the requested time; the booking is written only when it returns true.
   */
  bookPrivateLesson(request: PrivateLessonBookingRequest, isStillFree: (busy: Interval[]) => boolean): Promise<PrivateLessonBookingOutcome>;
  /**
   * Cancels a booking (or a place on the waitlist) in one transaction that locks it: the seat is
   * given back at once and the messages the cancellation owes are written with it. `mayCancel` is
   * asked under the lock, with the studio's policies as they are then.
   */
  cancelBooking(request: CancelRequest, mayCancel: (booking: BookingRecord, policies: StudioPolicies) => boolean): Promise<CancelOutcome>;
  /** a booking by its manage page's secret, whatever its status */
  findByAccessToken(accessToken: string): Promise<BookingRecord | null>;
  findById(bookingId: string): Promise<BookingRecord | null>;
  /** a waiting booking's place in its class's queue (1: the next to get a seat); null when it is not waiting */
  waitlistPlace(booking: BookingRecord): Promise<number | null>;
}
