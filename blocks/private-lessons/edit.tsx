import { __ } from '@wordpress/i18n';
import { personChoices } from '../shared/choices';
import { PickedItemsPanel } from '../shared/picked-items-panel';
import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import type { Person } from '../shared/studio-types';
import type { PrivateLessonsAttributes } from './types';

export default studioBlockEdit<PrivateLessonsAttributes, [Person[]]>({
  blockName: 'studio-data/private-lessons',
  resources: () => ['private-lesson-instructors'],
  panels: ({ attributes, setAttributes, data }) =>
    data !== null && (
      <PickedItemsPanel
        title={__('Instructors shown', 'studio-data')}
        label={__('Instructors who give private lessons', 'studio-data')}
        emptyMessage={__('No instructor of this studio offers private lessons yet.', 'studio-data')}
        choices={personChoices(data[0])}
        selected={attributes.ids}
        onChange={(ids) => setAttributes({ ids })}
      />
    ),
});
