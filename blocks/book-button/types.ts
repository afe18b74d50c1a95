import type { BlockAttributes } from '../shared/block-attributes';
import type metadata from './block.json';

export type BookingKind = 'series' | 'class' | 'event' | 'private-lesson';

/**
 * block.json's attributes: `kind`; `target`, the weekly class (its `seriesId`: the button books its
 * next session), the dated class id, event id or private lesson instructor id booked; `label`, the
 * button's text (empty: "Book").
 */
export type BookButtonAttributes = BlockAttributes<typeof metadata> & { kind: BookingKind };
