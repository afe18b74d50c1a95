import type { HeadingAttributes } from '../shared/heading-level-control';
import type { StudioSourceAttributes } from '../shared/studio-types';

export interface PackagesAttributes extends StudioSourceAttributes, HeadingAttributes, Record<string, unknown> {
  /** Package ids; empty: every package the studio shows on the web. */
  ids: string[];
}
