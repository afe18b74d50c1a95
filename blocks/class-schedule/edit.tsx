import type { BlockEditProps } from '@wordpress/blocks';
import { effectiveStudioId } from '../shared/editor-settings';
import { StudioBlockEdit } from '../shared/studio-block-edit';
import type { Person, ScheduledClass, StudioProfile } from '../shared/studio-types';
import { combined, studioPath, useStudioResource } from '../shared/use-studio-resource';
import { ScheduleDisplayPanel } from './schedule-display-panel';
import { ScheduleSelectionPanel } from './schedule-selection-panel';
import type { ScheduleAttributes } from './types';

export default function Edit({ attributes, setAttributes }: BlockEditProps<ScheduleAttributes>) {
  const studioId = effectiveStudioId(attributes.studioId);
  const profile = useStudioResource<StudioProfile>(studioPath(studioId, 'profile'));
  const instructors = useStudioResource<Person[]>(studioPath(studioId, 'instructors'));
  const classes = useStudioResource<ScheduledClass[]>(studioPath(studioId, 'classes'));

  return (
    <StudioBlockEdit
      blockName="studio-data/class-schedule"
      attributes={attributes}
      setAttributes={setAttributes}
      resource={combined([profile, instructors, classes])}
      subject={{ kind: 'studio', id: studioId }}
      panels={
        <>
          {profile.status === 'ready' && instructors.status === 'ready' && classes.status === 'ready' && (
            <ScheduleSelectionPanel
              attributes={attributes}
              setAttributes={setAttributes}
              profile={profile.data}
              instructors={instructors.data}
              classes={classes.data}
            />
          )}
          <ScheduleDisplayPanel attributes={attributes} setAttributes={setAttributes} />
        </>
      }
    />
  );
}
