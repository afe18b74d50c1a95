import { PanelBody } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { danceTypeChoices } from '../shared/choices';
import { ChoicesOrEmptyNotice } from '../shared/picked-items-panel';
import { RangeSetting } from '../shared/range-setting';
import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import type { StudioProfile } from '../shared/studio-types';
import metadata from './block.json';
import type { NextClassesAttributes } from './types';

export default studioBlockEdit<NextClassesAttributes, [StudioProfile]>({
  blockName: 'studio-data/next-classes',
  resources: () => ['profile'],
  panels: ({ attributes, setAttributes, data }) => (
    <PanelBody title={__('Classes shown', 'studio-data')}>
      <RangeSetting
        label={__('Number of classes', 'studio-data')}
        value={attributes.count}
        attribute={metadata.attributes.count}
        onChange={(count) => setAttributes({ count })}
      />
      {data !== null && (
        <ChoicesOrEmptyNotice
          label={__('Dance types', 'studio-data')}
          emptyMessage={__('This studio shows no dance types on the web yet.', 'studio-data')}
          choices={danceTypeChoices(data[0].studioTypes)}
          selected={attributes.danceTypes}
          onChange={(danceTypes) => setAttributes({ danceTypes })}
        />
      )}
    </PanelBody>
  ),
});
