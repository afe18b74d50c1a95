import type { BookingRecord, CancelledBy } from '../booking/types';

/**
 * A booking as the studio sees it (studio-api.md): the same fields in the studio API's JSON, its CSV
 * export and its webhooks' `data.booking`. Instants are UTC (ISO 8601); `classId` names a class or
 * event, `instructorId` and `pricingId` a private lesson (each null otherwise).
 */
export interface StudioBooking {
  reference: string;
  status: BookingRecord['status'];
  kind: 'class' | 'event' | 'private-lesson';
  classId: string | null;
  instructorId: string | null;
  pricingId: string | null;
  title: string;
  start: string;
  end: string;
  guest: { firstName: string; lastName: string; email: string; phone: string | null };
  /** private lessons: question id to answer; `{}` for classes and events */
  answers: Record<string, string>;
  price: number | null;
  currency: string | null;
  locale: string;
  /** while waiting: the place in the queue (1: the next to get a seat); null otherwise */
  waitlistPosition: number | null;
  createdAt: string;
  cancelledAt: string | null;
  cancelledBy: CancelledBy | null;
}

/** What the view is made from: the booking, whether it is an event's, and its place while waiting. */
export interface StudioBookingSource {
  booking: BookingRecord;
  isEvent: boolean;
  waitlistPlace: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toStudioBooking({ booking, isEvent, waitlistPlace }: StudioBookingSource): StudioBooking {
  const lesson = booking.kind === 'private_lesson';
  return {
    reference: booking.reference,
    status: booking.status,
    kind: lesson ? 'private-lesson' : isEvent ? 'event' : 'class',
    classId: lesson ? null : booking.classId,
    instructorId: lesson ? booking.instructorId : null,
    pricingId: lesson ? booking.pricingId : null,
    title: booking.title,
    start: iso(booking.startsAt),
    end: iso(booking.endsAt),
    guest: { firstName: booking.guest.firstName, lastName: booking.guest.lastName, email: booking.guest.email, phone: booking.guest.phone },
    answers: booking.answers ?? {},
    price: booking.price,
    currency: booking.currency,
    locale: booking.locale,
    waitlistPosition: booking.status === 'waiting' ? waitlistPlace : null,
    createdAt: iso(booking.createdAt),
    cancelledAt: booking.cancelledAt === null ? null : iso(booking.cancelledAt),
    cancelledBy: booking.cancelledBy,
  };
}
