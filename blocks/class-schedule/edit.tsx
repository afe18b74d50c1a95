import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import type { Person, ScheduledClass, StudioProfile } from '../shared/studio-types';
import { ScheduleDisplayPanel } from './schedule-display-panel';
import { ScheduleSelectionPanel } from './schedule-selection-panel';
import { TypeColorsPanel } from './type-colors-panel';
import type { ScheduleAttributes } from './types';

export default studioBlockEdit<ScheduleAttributes, [StudioProfile, Person[], ScheduledClass[]]>({
  blockName: 'studio-data/class-schedule',
  resources: () => ['profile', 'instructors', 'classes'],
  panels: ({ attributes, setAttributes, data }) => (
    <>
      {data !== null && (
        <ScheduleSelectionPanel
          attributes={attributes}
          setAttributes={setAttributes}
          profile={data[0]}
          instructors={data[1]}
          classes={data[2]}
        />
      )}
      <ScheduleDisplayPanel attributes={attributes} setAttributes={setAttributes} />
      {data !== null && <TypeColorsPanel attributes={attributes} setAttributes={setAttributes} profile={data[0]} />}
    </>
  ),
});
