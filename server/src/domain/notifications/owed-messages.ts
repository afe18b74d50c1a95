import type { StudioPolicies } from '../catalog';
import type { BookingRecord, CancelledBy } from '../booking/types';

/**
 * Which messages a change of a booking owes, and to whom (booking-lifecycle.md). The booking store
 * writes them into the outbox in the transaction of the change, so a change that rolls back owes
 * nothing and a committed one never loses its messages.
 */

export type MessageAudience = 'student' | 'studio';

/** What the message tells: the booking was confirmed, cancelled, put on the waitlist, promoted from it, or is coming up. */
export type MessageEvent = 'confirmed' | 'cancelled' | 'waitlist_joined' | 'promoted' | 'reminder';

export interface OwedMessage {
  audience: MessageAudience;
  event: MessageEvent;
  studioId: string;
  bookingId: string;
  /** when it is owed: now, or ahead (a reminder) */
  dueAt: number;
  /** what the message needs beyond the booking as it will be then: who cancelled, and whether it was a place on the waitlist */
  payload: { cancelledBy: CancelledBy; wasWaiting: boolean } | null;
}

export type BookingChange =
  | { change: 'confirmed' | 'promoted' | 'waiting'; booking: BookingRecord }
  /** `booking` as it was before: a confirmed booking or a place on the waitlist */
  | { change: 'cancelled'; booking: BookingRecord; by: CancelledBy };

export interface NotifiedStudio {
  notificationEmail: string | null;
  policies: Pick<StudioPolicies, 'reminderMinutes'>;
}

const MINUTE_MS = 60_000;

export function messagesOwed(change: BookingChange, studio: NotifiedStudio, nowMs: number): OwedMessage[] {
  const { booking } = change;
  const message = (audience: MessageAudience, event: MessageEvent, dueAt = nowMs, payload: OwedMessage['payload'] = null): OwedMessage => ({
    audience,
    event,
    studioId: booking.studioId,
    bookingId: booking.id,
    dueAt,
    payload,
  });
  // The studio hears of seats taken and given back, not of its waitlist's comings and goings.
  const studioCopy = (event: MessageEvent, payload: OwedMessage['payload'] = null) => (studio.notificationEmail ? [message('studio', event, nowMs, payload)] : []);
  const reminder = () => {
    const dueAt = booking.startsAt - studio.policies.reminderMinutes * MINUTE_MS;
    // None when there is no reminder time, or the booking is made later than it.
    return studio.policies.reminderMinutes > 0 && dueAt > nowMs ? [message('student', 'reminder', dueAt)] : [];
  };

  switch (change.change) {
    case 'confirmed':
      return [message('student', 'confirmed'), ...studioCopy('confirmed'), ...reminder()];
    case 'promoted':
      return [message('student', 'promoted'), ...studioCopy('confirmed'), ...reminder()];
    case 'waiting':
      return [message('student', 'waitlist_joined')];
    case 'cancelled': {
      const payload = { cancelledBy: change.by, wasWaiting: booking.status === 'waiting' };
      // A student leaving the waitlist sees it on the page; one whose class was cancelled is told either way.
      if (booking.status === 'waiting') return change.by === 'student' ? [] : [message('student', 'cancelled', nowMs, payload)];
      // The studio is told when the student cancels; it knows of what it cancels itself.
      return [message('student', 'cancelled', nowMs, payload), ...(change.by === 'student' ? studioCopy('cancelled', payload) : [])];
    }
  }
}
