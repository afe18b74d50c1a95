import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type metadata from './block.json';

/** The parts in the block's own order (block.json's `parts` enum, held equal by test/blocks). */
export const STUDIO_INFO_PARTS = ['name', 'logo', 'description', 'address', 'hours', 'phone', 'whatsapp', 'website'] as const;

export type StudioInfoPart = (typeof STUDIO_INFO_PARTS)[number];

/** block.json's attributes: the `parts` shown, in the block's own order. */
export type StudioInfoAttributes = BlockAttributes<typeof metadata> & HeadingAttributes & { parts: StudioInfoPart[] };
