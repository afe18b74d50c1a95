import { occurrenceList } from './occurrences.js';
import { StudioElement, type RenderContext } from './studio-element.js';

/** `<studio-events studio="salsa-city" api="https://…">`: the week's events by day with booking links; `from` moves the window. */
export class StudioEventsElement extends StudioElement {
  static readonly observedAttributes = [...StudioElement.commonAttributes, 'from'];

  protected async build(context: RenderContext): Promise<Node> {
    const events = await context.client.events({ from: this.attribute('from'), signal: context.signal });
    return occurrenceList(
      context,
      events.map((event) => ({ ...event, person: event.host, localDate: event.date })),
      context.strings.noEvents,
    );
  }
}
