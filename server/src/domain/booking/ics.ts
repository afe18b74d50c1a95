import { ICalCalendar, ICalCalendarMethod, ICalEventStatus, type ICalDateTimeValue, type ICalLuxonDateTimeStub } from 'ical-generator';
import { plainPrice } from '../money';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { compactDate } from '../time/calendar';
import { instantToLocal, wallClockRepeat } from '../time/zoned-time';
import type { BookingRecord } from './types';
import { isWebAddress } from './web-address';

/**
 * A booking as an iCalendar file: one VEVENT in the studio's local time (DTSTART;TZID=…) with the
 * zone's VTIMEZONE, so calendars show the lesson at the studio's wall-clock time whatever zone the
 * student's device is in (in UTC where a local time would be misread: see `wallClockTzid`). The UID comes from the booking id, so downloading it twice updates the
 * same calendar entry.
 *
 * ical-generator formats a native Date "in a time zone" with the server process's own zone, and
 * writes DTSTAMP without its `Z` once the calendar has a zone name. So the calendar gets only the
 * VTIMEZONE generator (no zone name), and the event's start and end are given as minimal
 * Luxon-shaped values that already carry the studio's wall-clock time.
 */

export interface CalendarLabels {
  /** "Booking reference" */
  reference: string;
  /** "To pay at the studio" */
  toPay: string;
}

export interface BookingCalendarInput {
  booking: BookingRecord;
  studio: { name: string; address: string | null; timezone: string; website?: string | null };
  title: string;
  /** text shown above the reference and the price, in the page's language */
  description?: string | null;
  location: string;
  /** the labels of the reference and price lines, in the page's language (English by default) */
  labels?: Partial<CalendarLabels>;
  /** the price as the page shows it; by default "25.00 EUR" */
  formattedPrice?: string | null;
  /**
   * As an email's invitation (RFC 6047): REQUEST adds or updates the entry, CANCEL removes it (the
   * same UID, the booking's higher SEQUENCE). Without it, a file to download (PUBLISH).
   */
  invitation?: { method: 'REQUEST' | 'CANCEL'; organizer: { name: string; email: string }; attendee: { name: string; email: string } };
}

const DEFAULT_LABELS: CalendarLabels = { reference: 'Booking reference', toPay: 'To pay at the studio' };

export function buildBookingCalendar({ booking, studio, title, description, location, labels, formattedPrice, invitation }: BookingCalendarInput): string {
  const times = zonedEventTimes(booking, studio.timezone);
  const method = invitation ? ICalCalendarMethod[invitation.method] : ICalCalendarMethod.PUBLISH;
  const calendar = new ICalCalendar({ prodId: '//Studio Data//Hosted booking//EN', method });
  if (times.timezone) useVtimezones(calendar);
  const event = calendar.createEvent({
    id: `${booking.id}@studio-data`,
    sequence: booking.calendarSequence,
    ...times,
    stamp: new Date(booking.createdAt),
    summary: title,
    location: location || studio.address || null,
    description: describeBooking(booking, description, labels, formattedPrice),
    status: invitation?.method === 'CANCEL' || booking.status === 'cancelled' ? ICalEventStatus.CANCELLED : booking.status === 'waiting' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    url: isWebAddress(studio.website) ? studio.website : null,
    organizer: invitation ? invitation.organizer : null,
  });
  if (invitation) event.createAttendee({ name: invitation.attendee.name, email: invitation.attendee.email, rsvp: false });
  return calendarText(calendar);
}

/** The calendar as RFC 5545 text: every content line, the last one included, ends with CRLF. */
export function calendarText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** Gives the calendar the VTIMEZONE of each zone its events name (and no zone name of its own: see the top of this file). */
export function useVtimezones(calendar: ICalCalendar): void {
  calendar.timezone({ name: null, generator: (zone) => vtimezoneBlock(zone)?.block ?? null });
}

/**
 * An event's start and end as ical-generator takes them: the studio's wall-clock times with its
 * TZID, or UTC where a wall-clock time would be misread (see `wallClockTzid`).
 */
export function zonedEventTimes(span: { startsAt: number; endsAt: number }, zone: string): { start: ICalDateTimeValue; end: ICalDateTimeValue; timezone: string | null } {
  const tzid = wallClockTzid(span, zone);
  return { start: eventTime(span.startsAt, zone, tzid), end: eventTime(span.endsAt, zone, tzid), timezone: tzid };
}

/** The event's text: an optional intro, the booking reference and the price, one a line (the calendar links use it too). */
export function describeBooking(
  booking: BookingRecord,
  intro: string | null | undefined,
  givenLabels: Partial<CalendarLabels> | undefined,
  formattedPrice: string | null | undefined,
): string {
  const labels = { ...DEFAULT_LABELS, ...givenLabels };
  const price = formattedPrice ?? defaultPrice(booking);
  return [intro?.trim() || null, `${labels.reference}: ${booking.reference}`, price === null ? null : `${labels.toPay}: ${price}`]
    .filter((line): line is string => line !== null)
    .join('\n');
}

function defaultPrice(booking: BookingRecord): string | null {
  if (booking.price === null || booking.currency === null) return null;
  return plainPrice(booking.price, booking.currency);
}

/**
 * The TZID to write the event's times with, or null to write them in UTC: when the zone has no
 * VTIMEZONE, and when the start or the end lies in the second of the two hours the clocks show
 * alike the night they go back. RFC 5545 (3.3.5) reads such a local time as the first one, an hour
 * early; a UTC time cannot be misread.
 */
export function wallClockTzid(span: { startsAt: number; endsAt: number }, zone: string): string | null {
  const tzid = vtimezoneId(zone);
  if (!tzid) return null;
  return [span.startsAt, span.endsAt].some((instant) => wallClockRepeat(instant, zone) === 'second') ? null : tzid;
}

/** The instant as the studio's wall clock shows it (local date and time, no offset), or UTC when the zone has no VTIMEZONE. */
function eventTime(instantMs: number, zone: string, tzid: string | null): ICalDateTimeValue {
  if (!tzid) return new Date(instantMs);
  const local = instantToLocal(instantMs, zone);
  const seconds = String(new Date(instantMs).getUTCSeconds()).padStart(2, '0');
  const formats: Record<string, string> = { yyyyLLdd: compactDate(local.date), HHmmss: `${local.time.replace(':', '')}${seconds}` };
  const wallClock: ICalLuxonDateTimeStub = {
    isValid: true,
    zone: { type: 'iana' },
    setZone: () => wallClock,
    toFormat: (format) => {
      const text = formats[format];
      if (text === undefined) throw new Error(`Unexpected date format ${format}`);
      return text;
    },
    toJSDate: () => new Date(instantMs),
    toJSON: () => new Date(instantMs).toISOString(),
  };
  return wallClock;
}

let knownZones: Set<string> | undefined;

const blocks = new Map<string, { block: string; tzid: string } | null>();

/** The VTIMEZONE of the zone and the TZID it declares; null for zones the library does not know (and UTC). Made once per zone: a feed asks for every event. */
export function vtimezoneBlock(zone: string): { block: string; tzid: string } | null {
  if (!blocks.has(zone)) blocks.set(zone, makeVtimezoneBlock(zone));
  return blocks.get(zone) ?? null;
}

function makeVtimezoneBlock(zone: string): { block: string; tzid: string } | null {
  if (zone === 'UTC' || zone === 'Etc/UTC') return null;
  if (!knownZones) {
    const list = tzlib_get_timezones();
    knownZones = new Set(Array.isArray(list) ? list : []);
  }
  if (!knownZones.has(zone)) return null;
  const result = tzlib_get_ical_block(zone);
  if (!Array.isArray(result)) return null;
  const [block, tzidLine] = result;
  const tzid = tzidLine?.startsWith('TZID=') ? tzidLine.slice('TZID='.length) : null;
  return block && tzid ? { block, tzid } : null;
}

function vtimezoneId(zone: string): string | null {
  return vtimezoneBlock(zone)?.tzid ?? null;
}
