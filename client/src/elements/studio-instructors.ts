import { peopleList } from './people.js';
import { StudioElement, type RenderContext } from './studio-element.js';

/** `<studio-instructors studio="salsa-city" api="https://…">`: the studio's instructors with photo and bio. */
export class StudioInstructorsElement extends StudioElement {
  static readonly observedAttributes = StudioElement.commonAttributes;

  protected async build(context: RenderContext): Promise<Node> {
    return peopleList(context, await context.client.instructors({ signal: context.signal }), context.strings.noInstructors);
  }
}
