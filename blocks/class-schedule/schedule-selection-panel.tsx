import { PanelBody } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { BlockPanelProps } from '../shared/block-attributes';
import { danceTypeChoices, levelChoices, personChoices } from '../shared/choices';
import { ChoicesOrEmptyNotice } from '../shared/picked-items-panel';
import type { Person, ScheduledClass, StudioProfile } from '../shared/studio-types';
import { weekdayChoices } from '../shared/weekdays';
import type { ScheduleAttributes } from './types';

interface Props extends BlockPanelProps<ScheduleAttributes> {
  profile: StudioProfile;
  instructors: Person[];
  classes: ScheduledClass[];
}

/** Which classes the schedule shows, picked from the studio's own dance types, levels and instructors. */
export function ScheduleSelectionPanel({ attributes, setAttributes, profile, instructors, classes }: Props) {
  return (
    <PanelBody title={__('Classes shown', 'studio-data')}>
      <ChoicesOrEmptyNotice
        label={__('Dance types', 'studio-data')}
        emptyMessage={__('This studio shows no dance types on the web yet.', 'studio-data')}
        choices={danceTypeChoices(profile.studioTypes)}
        selected={attributes.danceTypes}
        onChange={(danceTypes) => setAttributes({ danceTypes })}
      />
      <ChoicesOrEmptyNotice
        label={__('Levels', 'studio-data')}
        emptyMessage={__('No classes this week, so no levels to pick from.', 'studio-data')}
        choices={levelChoices(classes)}
        selected={attributes.levels}
        onChange={(levels) => setAttributes({ levels })}
      />
      <ChoicesOrEmptyNotice
        label={__('Instructors', 'studio-data')}
        emptyMessage={__('This studio lists no instructors yet.', 'studio-data')}
        choices={personChoices(instructors)}
        selected={attributes.instructors}
        onChange={(instructors) => setAttributes({ instructors })}
      />
      <ChoicesOrEmptyNotice
        label={__('Days', 'studio-data')}
        emptyMessage=""
        choices={weekdayChoices()}
        selected={attributes.days}
        onChange={(days) => setAttributes({ days })}
      />
    </PanelBody>
  );
}
