import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type metadata from './block.json';

/** block.json's attributes: instructor `ids` (empty: every instructor who gives private lessons). */
export type PrivateLessonsAttributes = BlockAttributes<typeof metadata> & HeadingAttributes;
