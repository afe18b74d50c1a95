import type { Layout } from '../shared/layout-control';
import type { StudioSourceAttributes } from '../shared/studio-types';

export interface EventsAttributes extends StudioSourceAttributes, Record<string, unknown> {
  /** How many weeks ahead, 1 to 8. */
  weeks: number;
  layout: Layout;
}
