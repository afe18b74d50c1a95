import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type { Layout } from '../shared/layout-control';
import type metadata from './block.json';

/** block.json's attributes: `weeks` ahead, 1 to 8. */
export type EventsAttributes = BlockAttributes<typeof metadata> & HeadingAttributes & { layout: Layout };
