import type { BookingRecord } from '../domain/booking/types';

/**
 * The label of a booking's price, on its pages, in its emails and in calendars: what is to be paid at
 * the studio for a seat; just "Price" when nothing is owed: a free booking, a place on the waitlist,
 * a cancelled booking.
 */
export function priceLabelKey(booking: Pick<BookingRecord, 'price' | 'status'>): 'price' | 'to_pay' {
  return booking.price === 0 || booking.status !== 'confirmed' ? 'price' : 'to_pay';
}
