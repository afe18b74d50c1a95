import type { StudioSourceAttributes } from '../shared/studio-types';

export type BookingKind = 'class' | 'event' | 'private-lesson';

export interface BookButtonAttributes extends StudioSourceAttributes, Record<string, unknown> {
  kind: BookingKind;
  /** The class id, event id or private lesson instructor id booked. */
  target: string;
  /** The button's text; empty: "Book". */
  label: string;
}
