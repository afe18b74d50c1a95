import type { StudioSourceAttributes } from '../shared/studio-types';

export interface PrivateLessonsAttributes extends StudioSourceAttributes, Record<string, unknown> {
  /** Instructor ids; empty: every instructor who gives private lessons. */
  ids: string[];
}
