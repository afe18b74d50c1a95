import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type metadata from './block.json';

/** block.json's attributes: instructor `ids` (empty: the whole team), `columns` 1 to 6. */
export type InstructorsAttributes = BlockAttributes<typeof metadata> & HeadingAttributes;
