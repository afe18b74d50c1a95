import type { HeadingAttributes } from '../shared/heading-level-control';
import type { StudioSourceAttributes } from '../shared/studio-types';

export interface InstructorsAttributes extends StudioSourceAttributes, HeadingAttributes, Record<string, unknown> {
  /** Instructor ids; empty: the whole team. */
  ids: string[];
  /** 1 to 4. */
  columns: number;
}
