import type { StudioDataError } from '../core/errors.js';
import { StudioEventsElement } from './studio-events.js';
import { StudioInstructorsElement } from './studio-instructors.js';
import { StudioPrivateLessonsElement } from './studio-private-lessons.js';
import { StudioScheduleElement } from './studio-schedule.js';

export { StudioElement, type RenderContext } from './studio-element.js';
export { StudioEventsElement, StudioInstructorsElement, StudioPrivateLessonsElement, StudioScheduleElement };

/**
 * The elements' tags, typed: `document.querySelector('studio-schedule')` is a `StudioScheduleElement`
 * (its `rendered` promise, its attributes), and `studio-data-error` is a `CustomEvent` whose `detail`
 * is the error (a `StudioDataError`, or an `Error` for a missing `studio` attribute).
 */
declare global {
  interface HTMLElementTagNameMap {
    'studio-schedule': StudioScheduleElement;
    'studio-events': StudioEventsElement;
    'studio-instructors': StudioInstructorsElement;
    'studio-private-lessons': StudioPrivateLessonsElement;
  }
  interface HTMLElementEventMap {
    'studio-data-error': CustomEvent<StudioDataError | Error>;
  }
}

const ELEMENTS: [string, CustomElementConstructor][] = [
  ['studio-schedule', StudioScheduleElement],
  ['studio-events', StudioEventsElement],
  ['studio-instructors', StudioInstructorsElement],
  ['studio-private-lessons', StudioPrivateLessonsElement],
];

/** Registers the four elements (once: a second call, or a second copy of the script, changes nothing). */
export function defineStudioElements(registry: CustomElementRegistry = customElements): void {
  for (const [name, element] of ELEMENTS) {
    if (!registry.get(name)) registry.define(name, element);
  }
}

// Importing the module is enough to use the elements; where there is no DOM (server rendering), nothing happens.
if (typeof customElements !== 'undefined') defineStudioElements();
