import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import type { StudioProfile } from '../shared/studio-types';
import { StudioInfoPartsPanel } from './studio-info-parts-panel';
import type { StudioInfoAttributes } from './types';

export default studioBlockEdit<StudioInfoAttributes, [StudioProfile]>({
  blockName: 'studio-data/studio-info',
  resources: () => ['profile'],
  panels: ({ attributes, setAttributes }) => <StudioInfoPartsPanel attributes={attributes} setAttributes={setAttributes} />,
});
