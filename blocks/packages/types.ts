import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type metadata from './block.json';

/** block.json's attributes: package `ids` (empty: every package the studio shows on the web). */
export type PackagesAttributes = BlockAttributes<typeof metadata> & HeadingAttributes;
