import { __ } from '@wordpress/i18n';
import { PickedItemsPanel } from '../shared/picked-items-panel';
import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import type { StudioPackage } from '../shared/studio-types';
import type { PackagesAttributes } from './types';

export default studioBlockEdit<PackagesAttributes, [StudioPackage[]]>({
  blockName: 'studio-data/packages',
  resources: () => ['packages'],
  panels: ({ attributes, setAttributes, data }) =>
    data !== null && (
      <PickedItemsPanel
        title={__('Packages shown', 'studio-data')}
        label={__('Packages', 'studio-data')}
        emptyMessage={__('This studio shows no packages on the web yet.', 'studio-data')}
        choices={data[0].map((item) => ({ value: item.id, label: item.name }))}
        selected={attributes.ids}
        onChange={(ids) => setAttributes({ ids })}
      />
    ),
});
