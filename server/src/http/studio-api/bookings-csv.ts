import type { StudioBooking } from '../../domain/studio-api/booking-view';

/**
 * The studio's bookings as CSV (RFC 4180): one header row, then one row per booking with the JSON's
 * fields (the guest's flattened, `answers` as JSON text), CRLF line ends, every cell quoted when it
 * holds a quote, a comma or a line break. A cell that a spreadsheet would read as a formula (it
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return) is neutralised with a leading `'`
 * (OWASP's advice against CSV injection): a phone number "+34 600…" reads "'+34 600…".
 */

const COLUMNS: [string, (booking: StudioBooking) => string | number | null][] = [
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

export function csvRows(bookings: StudioBooking[]): string {
  let text = '';
  for (const booking of bookings) text += `${COLUMNS.map(([, read]) => csvCell(read(booking))).join(',')}\r\n`;
  return text;
}
