import { PanelBody } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { personChoices } from '../shared/choices';
import { PickedItemsPanel } from '../shared/picked-items-panel';
import { RangeSetting } from '../shared/range-setting';
import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import metadata from './block.json';
import type { Person } from '../shared/studio-types';
import type { InstructorsAttributes } from './types';

export default studioBlockEdit<InstructorsAttributes, [Person[]]>({
  blockName: 'studio-data/instructors',
  resources: () => ['instructors'],
  panels: ({ attributes, setAttributes, data }) => (
    <>
      {data !== null && (
        <PickedItemsPanel
          title={__('Instructors shown', 'studio-data')}
          label={__('Instructors', 'studio-data')}
          emptyMessage={__('This studio lists no instructors yet.', 'studio-data')}
          choices={personChoices(data[0])}
          selected={attributes.ids}
          onChange={(ids) => setAttributes({ ids })}
        />
      )}
      <PanelBody title={__('Display', 'studio-data')}>
        <RangeSetting
          label={__('Columns', 'studio-data')}
          value={attributes.columns}
          attribute={metadata.attributes.columns}
          onChange={(columns) => setAttributes({ columns })}
        />
      </PanelBody>
    </>
  ),
});
