import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import { BookingTargetPanel } from './booking-target-panel';
import { targetChoices, targetResource } from './booking-targets';
import type { BookButtonAttributes } from './types';

export default studioBlockEdit<BookButtonAttributes, [unknown[]]>({
  blockName: 'studio-data/book-button',
  resources: (attributes) => [targetResource(attributes.kind)],
  panels: ({ attributes, setAttributes, data }) => (
    <BookingTargetPanel
      attributes={attributes}
      setAttributes={setAttributes}
      targets={data === null ? null : targetChoices(attributes.kind, data[0])}
    />
  ),
});
