import type { BlockEditProps } from '@wordpress/blocks';
import { effectiveStudioId } from '../shared/editor-settings';
import { StudioBlockEdit } from '../shared/studio-block-edit';
import type { StudioProfile } from '../shared/studio-types';
import { studioPath, useStudioResource } from '../shared/use-studio-resource';
import { StudioInfoPartsPanel } from './studio-info-parts-panel';
import type { StudioInfoAttributes } from './types';

export default function Edit({ attributes, setAttributes }: BlockEditProps<StudioInfoAttributes>) {
  const studioId = effectiveStudioId(attributes.studioId);
  const profile = useStudioResource<StudioProfile>(studioPath(studioId, 'profile'));

  return (
    <StudioBlockEdit
      blockName="studio-data/studio-info"
      attributes={attributes}
      setAttributes={setAttributes}
      resource={profile}
      subject={{ kind: 'studio', id: studioId }}
      panels={<StudioInfoPartsPanel attributes={attributes} setAttributes={setAttributes} />}
    />
  );
}
