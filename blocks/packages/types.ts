import type { StudioSourceAttributes } from '../shared/studio-types';

export interface PackagesAttributes extends StudioSourceAttributes, Record<string, unknown> {
  /** Package ids; empty: every package the studio shows on the web. */
  ids: string[];
}
