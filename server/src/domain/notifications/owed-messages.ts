import type { StudioPolicies } from '../catalog';
import type { BookingRecord, CancelledBy } from '../booking/types';

/**
 * Which messages a change of a booking owes, and to whom (booking-lifecycle.md). The booking store
 * writes them into the outbox in the transaction of the change, so a change that rolls back owes
 * nothing and a committed one never loses its messages. When one is delivered, `noLongerOwed` says
 * whether it still describes the booking.
 */

export type MessageAudience = 'student' | 'studio';

/** What the message tells: the booking was confirmed, cancelled, put on the waitlist, promoted from it, moved to another time, or is coming up. */
export type MessageEvent = 'confirmed' | 'cancelled' | 'waitlist_joined' | 'promoted' | 'rescheduled' | 'reminder';

/** When a class or event was before the studio moved it. */
export interface MovedFrom {
  startsAt: number;
  endsAt: number;
}

export interface OwedMessage {
  audience: MessageAudience;
  event: MessageEvent;
  studioId: string;
  bookingId: string;
  /** when it is owed: now, or ahead (a reminder) */
  dueAt: number;
  /** what the message needs beyond the booking as it will be then: who cancelled, and whether it was a place on the waitlist; or when a moved class was */
  payload: { cancelledBy: CancelledBy; wasWaiting: boolean } | { movedFrom: MovedFrom } | null;
}

export type BookingChange =
  | { change: 'confirmed' | 'promoted' | 'waiting'; booking: BookingRecord }
  /** `booking` as it was before: a confirmed booking or a place on the waitlist */
  | { change: 'cancelled'; booking: BookingRecord; by: CancelledBy }
  /** `booking` as it is now, at the time an import moved its class or event to */
  | { change: 'rescheduled'; booking: BookingRecord; from: MovedFrom };

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
      // A seat given back: the studio hears of it whoever cancelled (its copy says who), also of the
      // seats an import of its own cancelled, so its desk knows who was told.
      return [message('student', 'cancelled', nowMs, payload), ...studioCopy('cancelled', payload)];
    }
    case 'rescheduled':
      // The studio moved it itself: only the student is told, and a seat's reminder is owed at the new time (the caller drops the old one).
      return [message('student', 'rescheduled', nowMs, { movedFrom: change.from }), ...(booking.status === 'confirmed' ? reminder() : [])];
  }
}

/**
 * Why a message written earlier no longer describes its booking when it is delivered (a mail server
 * that was down, a reminder due days later), or null when it still does. The outbox drops such a
 * message instead of sending it: a student who cancelled while the confirmation waited gets only the
 * cancellation, one promoted meanwhile never reads "number 1 on the waitlist" beside a confirmed
 * booking. A reminder owed before the studio turned reminders off (`reminderHours: 0`) is not sent
 * either. The studio's copies are its record of seats taken and given back: they all go.
 */
export function noLongerOwed(
  message: Pick<OwedMessage, 'audience' | 'event'>,
  booking: Pick<BookingRecord, 'status' | 'startsAt'>,
  policies: Pick<StudioPolicies, 'reminderMinutes'>,
  nowMs: number,
): string | null {
  if (message.audience === 'studio') return null;
  switch (message.event) {
    case 'reminder':
      if (booking.status !== 'confirmed') return 'the booking is no longer confirmed';
      if (policies.reminderMinutes === 0) return 'the studio has turned reminders off since';
      return booking.startsAt <= nowMs ? 'the class had started before the reminder could go' : null;
    case 'waitlist_joined':
      return booking.status === 'waiting' ? null : 'the student is no longer waiting (promoted or off the waitlist since)';
    case 'confirmed':
    case 'promoted':
    case 'rescheduled':
      return booking.status === 'cancelled' ? 'the booking was cancelled since' : null;
    case 'cancelled':
      return null;
  }
}
