import type { HeadingAttributes } from '../shared/heading-level-control';
import type { StudioSourceAttributes } from '../shared/studio-types';

export interface PrivateLessonsAttributes extends StudioSourceAttributes, HeadingAttributes, Record<string, unknown> {
  /** Instructor ids; empty: every instructor who gives private lessons. */
  ids: string[];
}
