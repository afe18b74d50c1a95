import { ICalCalendar, ICalCalendarMethod } from 'ical-generator';
import { plainPrice } from '../money';
import { calendarText, vtimezoneBlock } from '../booking/ics';
import { pickText } from '../booking/locale';
import { isWebAddress } from '../booking/web-address';
import type { CalendarOccurrence, StudioProfileView } from '../public-api/reader';
import { Utf8Chunks } from './utf8-chunks';
import { utcText, veventText, type FeedEvent } from './vevent';

/**
 * A studio's calendar feed (RFC 5545), for students to subscribe to: Google, Apple and Outlook fetch
 * it again every few hours and follow its changes. Each class or event is a VEVENT whose UID is
 * stable (its id), whose SEQUENCE rises with every import that changed it (sequence.ts), and which
 * says STATUS:CANCELLED once the studio cancelled it; times are the studio's wall clock with its
 * TZID and VTIMEZONE (in UTC only where a wall-clock time would be misread: booking/ics.ts); URL is
 * its booking page. Nothing in it depends on the time it is asked for or on bookings, so an
 * unchanged studio gives the same bytes, and calendars are answered 304.
 */

/** A calendar feed's classes and events, and what names it. */
export interface CalendarFeedContent {
  studio: StudioProfileView;
  occurrences: CalendarOccurrence[];
  /** the dance type the feed is of, as the studio names it; null for every type (and the events) */
  danceType: string | null;
  instructor: { id: string; name: string; lastname: string | null } | null;
}

export interface CalendarFeedOptions {
  /** the hosted booking page of a class or event */
  bookingUrl(classId: string): string;
  /** the feed's own address (the calendar's URL) */
  feedUrl: string;
}

/** How often calendars are asked to fetch the feed again (they may take longer: Google takes hours). */
const REFRESH_SECONDS = 3600;

/** The feed as the bytes sent (UTF-8). */
export function buildCalendarFeed(content: CalendarFeedContent, options: CalendarFeedOptions): Buffer {
  const { studio } = content;
  // The calendar's own lines, from ical-generator; its events are written, folded, by vevent.ts.
  const shell = new ICalCalendar({
    prodId: '//Studio Data//Calendar feed//EN',
    method: ICalCalendarMethod.PUBLISH,
    name: feedName(content),
    description: feedName(content),
    url: options.feedUrl,
    ttl: REFRESH_SECONDS,
  });
  shell.x([['X-WR-TIMEZONE', studio.timezone]]);
  // A row not imported since the revision times were kept stamps the studio's last import, as every event did before.
  const importedStamp = utcText(studio.importedAt ?? 0);
  // Most events share their revision's time (the import that wrote them): written once per time, not per event.
  const stamps = new Map<number, string>();
  const stampOf = (revisedAt: number | null) => {
    if (revisedAt === null) return importedStamp;
    let text = stamps.get(revisedAt);
    if (text === undefined) stamps.set(revisedAt, (text = utcText(revisedAt)));
    return text;
  };
  const place = [studio.name, studio.address, studio.unit];
  // The booking pages share one address (the checkout's): whether it is one to link to is asked once.
  const first = content.occurrences[0];
  const linksBooking = first !== undefined && isWebAddress(options.bookingUrl(first.id));
  const describe = describer(studio.locales, linksBooking);
  const events = new Utf8Chunks();
  // Events in the studio's zone name its TZID: the calendar then carries the zone's VTIMEZONE.
  let zoned = false;
  for (const occurrence of content.occurrences) {
    const url = options.bookingUrl(occurrence.id);
    const event: FeedEvent = {
      uid: calendarUid(occurrence.id),
      sequence: occurrence.calendarSequence,
      stamp: stampOf(occurrence.calendarRevisedAt),
      startsAt: occurrence.startsAt,
      endsAt: occurrence.endsAt,
      summary: occurrence.name,
      location: [...place, occurrence.room].filter(Boolean).join(', ') || null,
      description: describe(occurrence, url),
      status: occurrence.cancelled ? 'CANCELLED' : 'CONFIRMED',
      url,
      category: occurrence.danceType ?? 'Event',
    };
    const text = veventText(event, studio.timezone);
    zoned ||= text.includes('\r\nDTSTART;TZID=');
    events.write(text);
  }
  const vtimezones = zoned ? crlf(vtimezoneBlock(studio.timezone)?.block ?? '') : '';
  const head = calendarText(shell).replace(/END:VCALENDAR\r\n$/, '');
  return events.bytes(`${head}${vtimezones}`, 'END:VCALENDAR\r\n');
}

/** A block of lines ending each with CRLF, the last one included. */
function crlf(block: string): string {
  const text = block.replace(/\r\n/g, '\n').replace(/\n/g, '\r\n').trim();
  return text === '' ? '' : `${text}\r\n`;
}

/** The UID of a class or event in every feed: class ids are global and stable across imports. */
export function calendarUid(classId: string): string {
  return `class-${classId}@studio-data`;
}

/** "Salsa City", "Salsa City · Bachata", "Salsa City · Lucía Romero". */
function feedName({ studio, danceType, instructor }: CalendarFeedContent): string {
  const parts = [studio.name];
  if (danceType) parts.push(danceType);
  if (instructor) parts.push([instructor.name, instructor.lastname].filter(Boolean).join(' '));
  return parts.join(' · ');
}

/**
 * The events' text: each one's description in the studio's language, level, who teaches, price, and
 * where to book. A series' occurrences share their description: its text is picked once a feed.
 */
function describer(studioLocales: readonly string[], linksBooking: boolean): (occurrence: CalendarOccurrence, bookingUrl: string) => string {
  const locale = studioLocales[0] ?? null;
  const picked = new Map<string, string>();
  const descriptionOf = (map: CalendarOccurrence['description']) => {
    if (!map) return '';
    const key = JSON.stringify(map);
    let text = picked.get(key);
    if (text === undefined) {
      text = pickText(map, locale, studioLocales);
      picked.set(key, text);
    }
    return text;
  };
  return (occurrence, bookingUrl) => describeOne(occurrence, descriptionOf(occurrence.description), linksBooking ? bookingUrl : null);
}

function describeOne(occurrence: CalendarOccurrence, description: string, bookingUrl: string | null): string {
  const teacher = occurrence.instructor ? [occurrence.instructor.name, occurrence.instructor.lastname].filter(Boolean).join(' ') : null;
  const lines = [
    description || null,
    occurrence.level ? `Level: ${occurrence.level}` : null,
    teacher ? `${occurrence.danceType === null ? 'Host' : 'Instructor'}: ${teacher}` : null,
    occurrence.price === null ? null : `Price: ${occurrence.price === 0 ? 'Free' : plainPrice(occurrence.price, occurrence.currency)}`,
    occurrence.cancelled ? 'Cancelled by the studio.' : bookingUrl !== null ? `Book: ${bookingUrl}` : null,
  ];
  return lines.filter((line): line is string => line !== null).join('\n');
}
