import type { LocaleText, PersonSummary } from '../core/types.js';
import { h } from './dom.js';
import { bookingLocaleOf } from './strings.js';
import { timeZoneNote } from './time-zone-note.js';
import { wallClockReader } from './wall-clock.js';
import { wallTimeToInstant } from '../core/zoned-time.js';
import type { RenderContext } from './studio-element.js';

/** What a class and an event have in common, as the schedule and the events list show them. */
export interface Occurrence {
  id: string;
  name: string;
  startTime: string;
  endTime: string;
  level: string;
  room: string | null;
  price: number | null;
  /** the currency of `price` (the studio's) */
  currency: string;
  spotsLeft: number | null;
  /** full, and its waitlist takes names now (null without a capacity) */
  waitlistOpen: boolean | null;
  description: LocaleText | null;
  danceType: string | null;
  person: PersonSummary | null;
  /** the studio-local date at midnight UTC */
  localDate: Date;
}

/**
 * Occurrences grouped by their local day: a heading per day, then a list whose items say when,
 * what, with whom and where, how many spots are left and the price, and link to the booking page
 * in the element's language (a full one says so, and links to its waitlist while that is open),
 * then the time zone the times are in.
 */
export async function occurrenceList(context: RenderContext, occurrences: Occurrence[], emptyText: string): Promise<Node> {
  if (occurrences.length === 0) return h('p', { part: 'empty' }, emptyText);
  const { client, locale, strings } = context;
  const bookingLocale = bookingLocaleOf(locale);
  const dayFormat = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const clock = wallClockReader(locale);
  const hasStarted = await startedTest(context);
  // Each class and event says its currency: no profile call for it.
  const money = (price: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price);

  const days = new Map<number, Occurrence[]>();
  for (const occurrence of occurrences) {
    const key = occurrence.localDate.getTime();
    days.set(key, [...(days.get(key) ?? []), occurrence]);
  }

  const dayList = h(
    'div',
    { part: 'days' },
    [...days].map(([dayKey, items]) => {
      const dayName = dayFormat.format(new Date(dayKey));
      // A heading per day, no labelled region: the schedule and the events list would name the same days.
      return h(
        'div',
        { part: 'day' },
        context.heading(0, { part: 'day-heading' }, dayName),
        h(
          'ul',
          { part: 'list' },
          items.map((item) => {
            const who = item.person ? [item.person.name, item.person.lastname].filter(Boolean).join(' ') : null;
            const started = hasStarted(item);
            const full = item.spotsLeft === 0 && !started;
            const bookingLink = (text: string) =>
              context.bookingLink(
                h('a', { part: full ? 'book-link waitlist-link' : 'book-link', href: client.bookingUrl(item.id, bookingLocale) }, text, h('span', { class: 'visually-hidden' }, ` ${item.name}, ${dayName} ${clock(item.startTime)}`)),
              );
            return h(
              'li',
              { part: 'item', 'data-id': item.id },
              h('p', { part: 'time' }, `${clock(item.startTime)}–${clock(item.endTime)}`),
              context.heading(1, { part: 'name' }, item.name),
              h('p', { part: 'meta' }, [item.danceType, item.level, who && `${strings.with} ${who}`, item.room].filter(Boolean).join(' · ')),
              item.description && context.text(item.description) ? h('p', { part: 'description', dir: 'auto' }, context.text(item.description)) : null,
              item.spotsLeft !== null && !full && !started ? h('p', { part: 'spots' }, strings.spotsLeft(item.spotsLeft)) : null,
              item.price !== null ? h('p', { part: 'price' }, item.price === 0 ? strings.free : money(item.price, item.currency)) : null,
              full ? h('p', { part: 'full' }, strings.full) : null,
              started ? h('p', { part: 'started' }, strings.started) : full ? (item.waitlistOpen ? bookingLink(strings.joinWaitlist) : null) : bookingLink(strings.book),
            );
          }),
        ),
      );
    }),
  );
  return h('div', null, dayList, await timeZoneNote(context));
}

/**
 * Whether a class or event has started, on the studio's clock: the week's list keeps today's
 * earlier classes, which the booking page no longer books, so they offer no Book link and no spots
 * left. Nothing counts as started when the studio's zone cannot be read (the booking page says it).
 */
async function startedTest(context: RenderContext): Promise<(item: Occurrence) => boolean> {
  let zone: string;
  try {
    zone = (await context.profile()).timezone;
  } catch {
    return () => false;
  }
  const now = Date.now();
  return (item) => wallTimeToInstant(item.localDate.toISOString().slice(0, 10), item.startTime, zone).getTime() <= now;
}
