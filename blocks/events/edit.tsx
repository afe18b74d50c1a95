import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import type { StudioProfile } from '../shared/studio-types';
import { EventsDisplayPanel } from './events-display-panel';
import type { EventsAttributes } from './types';

export default studioBlockEdit<EventsAttributes, [StudioProfile]>({
  blockName: 'studio-data/events',
  resources: () => ['profile'],
  panels: ({ attributes, setAttributes }) => <EventsDisplayPanel attributes={attributes} setAttributes={setAttributes} />,
});
