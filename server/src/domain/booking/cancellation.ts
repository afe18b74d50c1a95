import type { StudioPolicies } from '../catalog';
import type { BookingRecord } from './types';

/**
 * Whether a student can cancel a booking online now (booking-lifecycle.md): a seat until the
 * studio's cutoff before the start (2 hours by default); after that the manage page says why not and
 * how to reach the studio. A place on the waitlist until the same cutoff, when the waitlist closes
 * (no one is promoted after it): the place then comes to nothing, and the page says so.
 *
 * - `open`: the manage page offers "Cancel this booking" (or "Leave the waitlist")
 * - `too_late`: a seat, past the cutoff
 * - `over`: a seat, and the class or lesson has started
 * - `waitlist_closed`: a place on the waitlist, past the cutoff: no seat came to it
 * - `cancelled`: nothing left to cancel
 */
export type CancellationState = 'open' | 'too_late' | 'over' | 'waitlist_closed' | 'cancelled';

const MINUTE_MS = 60_000;

export function studentCancellation(booking: Pick<BookingRecord, 'status' | 'startsAt'>, policies: Pick<StudioPolicies, 'cancellationCutoffMinutes'>, nowMs: number): CancellationState {
  if (booking.status === 'cancelled') return 'cancelled';
  const beforeCutoff = nowMs < booking.startsAt - policies.cancellationCutoffMinutes * MINUTE_MS;
  if (booking.status === 'waiting') return beforeCutoff ? 'open' : 'waitlist_closed';
  if (booking.startsAt <= nowMs) return 'over';
  return beforeCutoff ? 'open' : 'too_late';
}
