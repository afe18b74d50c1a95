import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type { Layout } from '../shared/layout-control';
import type metadata from './block.json';

/**
 * block.json's attributes; empty lists mean "all". `instructors` are ids, `days` lower-case English
 * weekday names; `showFilters`: whether visitors get the dance type, level, instructor and day filters.
 */
export type ScheduleAttributes = BlockAttributes<typeof metadata> & HeadingAttributes & { layout: Layout };
