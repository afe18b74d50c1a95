import { h } from './dom.js';
import { peopleList } from './people.js';
import { StudioElement, type RenderContext } from './studio-element.js';
import { languageOf } from './strings.js';
import { timeZoneNote } from './time-zone-note.js';
import { wallClockReader } from './wall-clock.js';

/** 2023-01-01 was a Sunday: day `n` of the API's weeks (0 = Sunday) is that date plus n days. */
const SUNDAY = Date.UTC(2023, 0, 1);

/**
 * `<studio-private-lessons studio="salsa-city" api="https://…">`: instructors who give private
 * lessons, their weekly availability and prices, and a link to book one on the hosted page.
 * `instructor` shows one instructor only; the booking page opens in the language of `locale`.
 */
export class StudioPrivateLessonsElement extends StudioElement {
  static readonly observedAttributes = [...StudioElement.commonAttributes, 'instructor'];

  protected async build(context: RenderContext): Promise<Node> {
    const { client, locale, strings } = context;
    const only = this.attribute('instructor');
    const instructors = (await client.privateLessonInstructors({ signal: context.signal })).filter((instructor) => !only || instructor.id === only);
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    const clock = wallClockReader(locale);
    const bookingLocale = languageOf(locale);
    const firstDay = firstDayOfWeek(locale);

    const list = peopleList(context, instructors, strings.noPrivateLessons, (instructor) => {
      const name = [instructor.name, instructor.lastname].filter(Boolean).join(' ');
      return [
        h(
          'ul',
          { part: 'availability', 'aria-label': name },
          weekOrdered(instructor.availability, firstDay).map((window) => h('li', null, `${weekday.format(new Date(SUNDAY + window.dayOfWeek * 86_400_000))} ${clock(window.startTime)}–${clock(window.endTime)}`)),
        ),
        h(
          'ul',
          { part: 'pricing' },
          instructor.pricing.map((entry) =>
            h('li', { part: 'price' }, `${strings.minutes(entry.durationMins)} · ${new Intl.NumberFormat(locale, { style: 'currency', currency: entry.currency }).format(entry.price)}`),
          ),
        ),
        h(
          'a',
          { part: 'book-link', href: client.privateLessonBookingUrl(instructor.id, bookingLocale) },
          strings.bookPrivateLesson,
          h('span', { class: 'visually-hidden' }, ` ${strings.with} ${name}`),
        ),
      ];
    });
    return instructors.length === 0 ? list : h('div', null, list, await timeZoneNote(context));
  }
}

/**
 * The first day of the week where the page's language is spoken (0 = Sunday, as the API counts):
 * Monday in most of the world, Sunday in the United States. Monday where the browser cannot say.
 */
function firstDayOfWeek(locale: string): number {
  try {
    const tagged = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const firstDay = (tagged.getWeekInfo?.() ?? tagged.weekInfo)?.firstDay;
    return firstDay === undefined ? 1 : firstDay % 7;
  } catch {
    return 1;
  }
}

/** The windows from the week's first day on: the API lists them from Sunday. */
function weekOrdered<Window extends { dayOfWeek: number }>(windows: Window[], firstDay: number): Window[] {
  const place = (window: Window) => (window.dayOfWeek - firstDay + 7) % 7;
  return [...windows].sort((a, b) => place(a) - place(b));
}
