import type { Selectable } from 'kysely';
import type { BookingRecord, BookingStatus, CancelledBy } from '../domain/booking/types';
import { readJson } from './json-columns';
import type { BookingsTable } from './tables';

/** A bookings row as the domain sees it. */
export function toBookingRecord(row: Selectable<BookingsTable>): BookingRecord {
  return {
    id: row.id,
    reference: row.reference ?? '',
    accessToken: row.access_token ?? '',
    studioId: row.studio_id,
    kind: row.kind === 'private_lesson' ? 'private_lesson' : 'class',
    classId: row.class_id,
    instructorId: row.instructor_id,
    pricingId: row.pricing_id,
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    status: toStatus(row.status),
    guest: { firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone },
    answers: readJson<Record<string, string> | null>(row.answers, null),
    title: row.title,
    room: row.room,
    price: row.price === null ? null : Number(row.price),
    currency: row.currency,
    locale: row.locale ?? 'en',
    formatsLocale: row.formats_locale,
    createdAt: Number(row.created_at),
    cancelledAt: row.cancelled_at === null ? null : Number(row.cancelled_at),
    cancelledBy: row.cancelled_by === null ? null : (row.cancelled_by as CancelledBy),
    calendarSequence: Number(row.calendar_sequence),
  };
}

function toStatus(status: string): BookingStatus {
  return status === 'waiting' || status === 'cancelled' ? status : 'confirmed';
}
