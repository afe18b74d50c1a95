import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type metadata from './block.json';

/** block.json's attributes: how many classes (`count`), of which dance types (empty: all). */
export type NextClassesAttributes = BlockAttributes<typeof metadata> & HeadingAttributes;
