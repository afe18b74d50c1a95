import { wallClockTzid } from '../booking/ics';
import { compactDate } from '../time/calendar';
import { foldContentLine } from './fold';
import { instantToLocal } from '../time/zoned-time';

/**
 * One VEVENT of a calendar feed, written as text directly. ical-generator built each event as an
 * object with validating setters and wrote it property by property: for a studio's 14 weeks (about
 * 4,200 events) that was most of a feed's 0.25 s of CPU. This writer gives the very lines it gave
 * (test/server/calendar-vevent.test.ts compares the two byte for byte) at a fraction of the cost.
 * Lines that may be long (text, the UID and URL of a long id) are folded as they are written (fold.ts).
 */
export interface FeedEvent {
  uid: string;
  sequence: number;
  /** DTSTAMP (`utcText` of when the import that gave the event its SEQUENCE ran: unchanged by an import that changes nothing of it) */
  stamp: string;
  startsAt: number;
  endsAt: number;
  summary: string;
  location: string | null;
  description: string | null;
  status: 'CONFIRMED' | 'CANCELLED';
  url: string;
  category: string;
}

/** The event's lines, each ending with CRLF and folded; its times in the studio's zone (TZID), or UTC where a wall-clock time would be misread (booking/ics.ts). */
export function veventText(event: FeedEvent, zone: string): string {
  const tzid = wallClockTzid(event, zone);
  let text = `BEGIN:VEVENT\r\n${foldContentLine(`UID:${event.uid}`)}\r\nSEQUENCE:${event.sequence}\r\nDTSTAMP:${event.stamp}\r\n`;
  text += `DTSTART${timeText(event.startsAt, zone, tzid)}\r\nDTEND${timeText(event.endsAt, zone, tzid)}\r\n`;
  text += `${foldContentLine(`SUMMARY:${escapeText(event.summary)}`)}\r\n`;
  if (event.location) text += `${foldContentLine(`LOCATION:${escapeText(event.location)}`)}\r\n`;
  if (event.description) text += `${foldContentLine(`DESCRIPTION:${escapeText(event.description)}`)}\r\n`;
  text += `${foldContentLine(`CATEGORIES:${escapeText(event.category)}`)}\r\n${foldContentLine(`URL;VALUE=URI:${escapeText(event.url)}`)}\r\nSTATUS:${event.status}\r\nEND:VEVENT\r\n`;
  return text;
}

const NEEDS_ESCAPING = /[\\;,\r\n]/;

/** RFC 5545 TEXT (3.3.11), as ical-generator escapes it: backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  // Most names, places and links need nothing: asked once, instead of two replacements each.
  if (!NEEDS_ESCAPING.test(value)) return value;
  return value.replace(/[\\;,]/g, '\\$&').replace(/\r\n|\r|\n/g, '\\n');
}

/** `;TZID=Europe/Madrid:20260301T190000`, or `:20260301T180000Z` without a TZID. */
function timeText(instantMs: number, zone: string, tzid: string | null): string {
  if (tzid === null) return `:${utcText(instantMs)}`;
  const local = instantToLocal(instantMs, zone);
  const seconds = String(new Date(instantMs).getUTCSeconds()).padStart(2, '0');
  return `;TZID=${tzid}:${compactDate(local.date)}T${local.time.replace(':', '')}${seconds}`;
}

/** An instant in UTC as iCalendar writes it: `20260301T180000Z`. */
export function utcText(instantMs: number): string {
  return `${new Date(instantMs).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}
