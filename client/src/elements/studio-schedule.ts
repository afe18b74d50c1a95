import { classLocalDate } from '../core/dates.js';
import { occurrenceList } from './occurrences.js';
import { StudioElement, type RenderContext } from './studio-element.js';

/**
 * `<studio-schedule studio="salsa-city" api="https://…">`: the week's classes by day with booking
 * links. Filters: `dance-type` (asked of the server), `level` and `instructor` (an instructor id),
 * and `from` (the window's start, as the API takes it).
 */
export class StudioScheduleElement extends StudioElement {
  static readonly observedAttributes = [...StudioElement.commonAttributes, 'dance-type', 'level', 'instructor', 'from'];

  protected async build(context: RenderContext): Promise<Node> {
    const level = this.attribute('level')?.toLowerCase();
    const instructor = this.attribute('instructor');
    const classes = await context.client.classes({ danceType: this.attribute('dance-type'), from: this.attribute('from'), signal: context.signal });
    const shown = classes.filter((studioClass) => (!level || studioClass.level.toLowerCase() === level) && (!instructor || studioClass.instructor?.id === instructor));
    return occurrenceList(
      context,
      shown.map((studioClass) => ({ ...studioClass, person: studioClass.instructor, localDate: classLocalDate(studioClass) })),
      context.strings.noClasses,
    );
  }
}
