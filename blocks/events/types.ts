import type { Layout } from '../shared/layout-control';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type { StudioSourceAttributes } from '../shared/studio-types';

export interface EventsAttributes extends StudioSourceAttributes, HeadingAttributes, Record<string, unknown> {
  /** How many weeks ahead, 1 to 8. */
  weeks: number;
  layout: Layout;
}
