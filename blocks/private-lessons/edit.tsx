import type { BlockEditProps } from '@wordpress/blocks';
import { __ } from '@wordpress/i18n';
import { personChoices } from '../shared/choices';
import { effectiveStudioId } from '../shared/editor-settings';
import { PickedItemsPanel } from '../shared/picked-items-panel';
import { StudioBlockEdit } from '../shared/studio-block-edit';
import type { Person } from '../shared/studio-types';
import { studioPath, useStudioResource } from '../shared/use-studio-resource';
import type { PrivateLessonsAttributes } from './types';

export default function Edit({ attributes, setAttributes }: BlockEditProps<PrivateLessonsAttributes>) {
  const studioId = effectiveStudioId(attributes.studioId);
  const instructors = useStudioResource<Person[]>(studioPath(studioId, 'private-lesson-instructors'));

  return (
    <StudioBlockEdit
      blockName="studio-data/private-lessons"
      attributes={attributes}
      setAttributes={setAttributes}
      resource={instructors}
      subject={{ kind: 'studio', id: studioId }}
      panels={
        instructors.status === 'ready' && (
          <PickedItemsPanel
            title={__('Instructors shown', 'studio-data')}
            label={__('Instructors who give private lessons', 'studio-data')}
            emptyMessage={__('No instructor of this studio offers private lessons yet.', 'studio-data')}
            choices={personChoices(instructors.data)}
            selected={attributes.ids}
            onChange={(ids) => setAttributes({ ids })}
          />
        )
      }
    />
  );
}
