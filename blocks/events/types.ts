import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type metadata from './block.json';

/** How the events are shown: a list by day, cards, or a month calendar (block.json's `layout` enum). */
export type EventsLayout = 'list' | 'grid' | 'calendar';

/** block.json's attributes: `weeks` ahead (its bounds there), the layout. */
export type EventsAttributes = BlockAttributes<typeof metadata> & HeadingAttributes & { layout: EventsLayout };
