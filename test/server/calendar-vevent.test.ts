import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import { useVtimezones, zonedEventTimes } from '../../server/src/domain/booking/ics';
import { utcText, veventText, type FeedEvent } from '../../server/src/domain/calendar/vevent';

/**
 * The feed's events are written as text (domain/calendar/vevent.ts) instead of through
 * ical-generator, for speed: what a calendar receives must not change. Each event here is written
 * both ways and compared byte for byte: times in the zone, in UTC the night the clocks go back, text
 * that needs escaping, long lines (folded), and optional lines left out.
 */

const ZONE = 'Europe/Madrid';
const IMPORTED = Date.parse('2026-03-20T08:15:30Z');

function event(change: Partial<FeedEvent> = {}): FeedEvent {
  return {
    uid: 'class-salsa-20260323@studio-data',
    sequence: 3,
    stamp: utcText(IMPORTED),
    startsAt: Date.parse('2026-03-23T18:00:00Z'),
    endsAt: Date.parse('2026-03-23T19:00:00Z'),
    summary: 'Salsa Beginners',
    location: 'Feed Studio, Calle Luna 3, Room A',
    description: 'Start here.\nLevel: Beginner',
    status: 'CONFIRMED',
    url: 'https://book.example.test/book/salsa-20260323',
    category: 'Salsa',
    ...change,
  };
}

/** The same event as ical-generator writes it, with the options the feed gave it before. */
function byIcalGenerator(feedEvent: FeedEvent): string {
  const calendar = new ICalCalendar();
  useVtimezones(calendar);
  const written = calendar.createEvent({
    id: feedEvent.uid,
    sequence: feedEvent.sequence,
    ...zonedEventTimes(feedEvent, ZONE),
    stamp: new Date(IMPORTED),
    summary: feedEvent.summary,
    location: feedEvent.location,
    description: feedEvent.description,
    status: feedEvent.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    url: feedEvent.url,
    categories: [{ name: feedEvent.category }],
  });
  return written.toString().replace(/\r?\n$/, '\r\n');
}

describe('calendar feed events', () => {
  it.each([
    ['a class in the studio zone', event()],
    ['a cancelled event with no place or text', event({ status: 'CANCELLED', location: null, description: null, category: 'Event' })],
    ['a class the night the clocks go back, in the repeated hour (written in UTC)', event({ startsAt: Date.parse('2026-10-25T01:30:00Z'), endsAt: Date.parse('2026-10-25T02:30:00Z') })],
    ['a class whose start moved past the gap the night the clocks go forward', event({ startsAt: Date.parse('2026-03-29T01:30:00Z'), endsAt: Date.parse('2026-03-29T02:30:00Z') })],
    ['text with commas, semicolons, backslashes and line breaks', event({ summary: 'Salsa; Bachata, Kizomba \\ more', description: 'One\r\ntwo\rthree\nfour', location: 'Sala 1; planta 2, Madrid' })],
    ['long and non-ASCII text', event({ summary: 'Clase de iniciación ☃ 🎉 '.repeat(6), description: 'Ünïcödé '.repeat(30) })],
  ])('When the feed lists %s, then calendars receive the same lines as ical-generator wrote', (_name, feedEvent) => {
    const written = veventText(feedEvent, ZONE);
    // Both fold long lines (each its own way): unfolded, the lines are the same.
    expect(written.replace(/\r\n /g, '')).toBe(byIcalGenerator(feedEvent).replace(/\r\n /g, ''));
    expect(written.split('\r\n').filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
  });
});
