import type { Layout } from '../shared/layout-control';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type { StudioSourceAttributes } from '../shared/studio-types';

/** The attributes of block.json; empty lists mean "all". */
export interface ScheduleAttributes extends StudioSourceAttributes, HeadingAttributes, Record<string, unknown> {
  danceTypes: string[];
  levels: string[];
  /** Instructor ids. */
  instructors: string[];
  /** Lower-case English weekday names. */
  days: string[];
  layout: Layout;
  showPastClasses: boolean;
  /** Whether visitors get the dance type, level, instructor and day filters. */
  showFilters: boolean;
}
