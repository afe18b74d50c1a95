import type { BlockEditProps } from '@wordpress/blocks';
import { __ } from '@wordpress/i18n';
import { effectiveStudioId } from '../shared/editor-settings';
import { PickedItemsPanel } from '../shared/picked-items-panel';
import { StudioBlockEdit } from '../shared/studio-block-edit';
import type { StudioPackage } from '../shared/studio-types';
import { studioPath, useStudioResource } from '../shared/use-studio-resource';
import type { PackagesAttributes } from './types';

export default function Edit({ attributes, setAttributes }: BlockEditProps<PackagesAttributes>) {
  const studioId = effectiveStudioId(attributes.studioId);
  const packages = useStudioResource<StudioPackage[]>(studioPath(studioId, 'packages'));

  return (
    <StudioBlockEdit
      blockName="studio-data/packages"
      attributes={attributes}
      setAttributes={setAttributes}
      resource={packages}
      subject={{ kind: 'studio', id: studioId }}
      panels={
        packages.status === 'ready' && (
          <PickedItemsPanel
            title={__('Packages shown', 'studio-data')}
            label={__('Packages', 'studio-data')}
            emptyMessage={__('This studio shows no packages on the web yet.', 'studio-data')}
            choices={packages.data.map((item) => ({ value: item.id, label: item.name }))}
            selected={attributes.ids}
            onChange={(ids) => setAttributes({ ids })}
          />
        )
      }
    />
  );
}
