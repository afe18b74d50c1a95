import { classLocalDate } from '../core/dates.js';
import { h } from './dom.js';
import { occurrenceList } from './occurrences.js';
import { StudioElement, type RenderContext } from './studio-element.js';

/**
 * `<studio-schedule studio="salsa-city" api="https://…">`: the week's classes by day with booking
 * links. Filters: `dance-type` (asked of the server), `level` and `instructor` (an instructor id),
 * and `from` (the window's start, as the API takes it). Below the week, links to subscribe to the
 * studio's calendar feed (of the dance type or instructor shown), unless `subscribe="off"`; with
 * `booking="dialog"`, Book opens the booking page in place.
 */
export class StudioScheduleElement extends StudioElement {
  static readonly observedAttributes = [...StudioElement.commonAttributes, 'dance-type', 'level', 'instructor', 'from', 'subscribe'];

  protected async build(context: RenderContext): Promise<Node> {
    const level = this.attribute('level')?.toLowerCase();
    const instructor = this.attribute('instructor');
    const classes = await context.client.classes({ danceType: this.attribute('dance-type'), from: this.attribute('from'), signal: context.signal });
    const shown = classes.filter((studioClass) => (!level || studioClass.level.toLowerCase() === level) && (!instructor || studioClass.instructor?.id === instructor));
    const list = await occurrenceList(
      context,
      shown.map((studioClass) => ({ ...studioClass, person: studioClass.instructor, localDate: classLocalDate(studioClass) })),
      context.strings.noClasses,
    );
    if (this.attribute('subscribe') === 'off') return list;
    // Subscribe to what the schedule shows: its dance type's, or its instructor's, classes (the studio's all, and its events, otherwise).
    const links = context.client.calendarLinks({ danceType: this.attribute('dance-type'), instructor });
    const subscribe = h(
      'p',
      { part: 'subscribe' },
      h('a', { part: 'subscribe-webcal', href: links.webcal }, context.strings.subscribe),
      h('a', { part: 'subscribe-google', href: links.google, target: '_blank', rel: 'noopener' }, context.strings.subscribeGoogle),
    );
    return h('div', null, list, subscribe);
  }
}
