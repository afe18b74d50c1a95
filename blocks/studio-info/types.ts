import type { HeadingAttributes } from '../shared/heading-level-control';
import type { StudioSourceAttributes } from '../shared/studio-types';

export const STUDIO_INFO_PARTS = ['name', 'logo', 'description', 'address', 'hours', 'phone', 'whatsapp', 'website'] as const;

export type StudioInfoPart = (typeof STUDIO_INFO_PARTS)[number];

export interface StudioInfoAttributes extends StudioSourceAttributes, HeadingAttributes, Record<string, unknown> {
  /** The parts shown, in the block's own order. */
  parts: StudioInfoPart[];
}
