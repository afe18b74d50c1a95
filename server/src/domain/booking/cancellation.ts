import type { StudioPolicies } from '../catalog';
import type { BookingRecord } from './types';

/**
 * Whether a student can cancel a booking online now (booking-lifecycle.md): a seat until the
 * studio's cutoff before the start (2 hours by default), a place on the waitlist until the start;
 * after that the manage page says why not and how to reach the studio.
 *
 * - `open`: the manage page offers "Cancel this booking" (or "Leave the waitlist")
 * - `too_late`: past the cutoff
 * - `over`: the class or lesson has started
 * - `cancelled`: nothing left to cancel
 */
export type CancellationState = 'open' | 'too_late' | 'over' | 'cancelled';

const MINUTE_MS = 60_000;

export function studentCancellation(booking: Pick<BookingRecord, 'status' | 'startsAt'>, policies: Pick<StudioPolicies, 'cancellationCutoffMinutes'>, nowMs: number): CancellationState {
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.startsAt <= nowMs) return 'over';
  if (booking.status === 'waiting') return 'open';
  return nowMs < booking.startsAt - policies.cancellationCutoffMinutes * MINUTE_MS ? 'open' : 'too_late';
}
