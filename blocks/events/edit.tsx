import type { BlockEditProps } from '@wordpress/blocks';
import { effectiveStudioId } from '../shared/editor-settings';
import { StudioBlockEdit } from '../shared/studio-block-edit';
import type { StudioProfile } from '../shared/studio-types';
import { studioPath, useStudioResource } from '../shared/use-studio-resource';
import { EventsDisplayPanel } from './events-display-panel';
import type { EventsAttributes } from './types';

export default function Edit({ attributes, setAttributes }: BlockEditProps<EventsAttributes>) {
  const studioId = effectiveStudioId(attributes.studioId);
  const profile = useStudioResource<StudioProfile>(studioPath(studioId, 'profile'));

  return (
    <StudioBlockEdit
      blockName="studio-data/events"
      attributes={attributes}
      setAttributes={setAttributes}
      resource={profile}
      subject={{ kind: 'studio', id: studioId }}
      panels={<EventsDisplayPanel attributes={attributes} setAttributes={setAttributes} />}
    />
  );
}
