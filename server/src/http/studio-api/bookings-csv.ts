import type { StudioBooking } from '../../domain/studio-api/booking-view';
import { instantToLocal } from '../../domain/time/zoned-time';

/**
 * The studio's bookings as CSV (RFC 4180): one header row, then one row per booking with the JSON's
 * fields (the guest's flattened, `answers` as JSON text) and, last, its date, start and end on the
 * studio's clock, CRLF line ends, every cell quoted when it
 * holds a quote, a comma or a line break. A cell that a spreadsheet would read as a formula (it
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return) is neutralised with a leading `'`
 * (OWASP's advice against CSV injection): a phone number "+34 600…" reads "'+34 600…".
 */

type Column = [string, (booking: StudioBooking, local: LocalTimes) => string | number | null];

/** A booking's start and end on the studio's clock. */
interface LocalTimes {
  date: string;
  start: string;
  end: string;
}

const COLUMNS: Column[] = [
  ['reference', (b) => b.reference],
  ['status', (b) => b.status],
  ['kind', (b) => b.kind],
  ['classId', (b) => b.classId],
  ['instructorId', (b) => b.instructorId],
  ['pricingId', (b) => b.pricingId],
  ['title', (b) => b.title],
  ['start', (b) => b.start],
  ['end', (b) => b.end],
  ['firstName', (b) => b.guest.firstName],
  ['lastName', (b) => b.guest.lastName],
  ['email', (b) => b.guest.email],
  ['phone', (b) => b.guest.phone],
  ['answers', (b) => (Object.keys(b.answers).length === 0 ? '' : JSON.stringify(b.answers))],
  ['price', (b) => b.price],
  ['currency', (b) => b.currency],
  ['locale', (b) => b.locale],
  ['waitlistPosition', (b) => b.waitlistPosition],
  ['createdAt', (b) => b.createdAt],
  ['cancelledAt', (b) => b.cancelledAt],
  ['cancelledBy', (b) => b.cancelledBy],
  // Last, so that a reader of the columns before finds them where they were: the start and end as the
  // studio's clock reads them (start and end above are UTC instants), which a spreadsheet's reader expects.
  ['localDate', (_b, local) => local.date],
  ['localStart', (_b, local) => local.start],
  ['localEnd', (_b, local) => local.end],
];

export const CSV_HEADER = `${COLUMNS.map(([name]) => name).join(',')}\r\n`;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, neutralised and quoted as needed; numbers (prices, places) are written as they are. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows of the bookings; `zone` is the studio's, in which the local columns read. */
export function csvRows(bookings: StudioBooking[], zone: string): string {
  let text = '';
  for (const booking of bookings) {
    const start = instantToLocal(Date.parse(booking.start), zone);
    const local = { date: start.date, start: start.time, end: instantToLocal(Date.parse(booking.end), zone).time };
    text += `${COLUMNS.map(([, read]) => csvCell(read(booking, local))).join(',')}\r\n`;
  }
  return text;
}
