import type { BlockEditProps } from '@wordpress/blocks';
import { PanelBody, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { StudioBlockEdit } from '../shared/studio-block-edit';
import { useStudioResource, userProfilePath } from '../shared/use-studio-resource';
import type { UserProfileAttributes } from './types';

export default function Edit({ attributes, setAttributes }: BlockEditProps<UserProfileAttributes>) {
  const profile = useStudioResource<unknown>(userProfilePath(attributes.userId));
  const userPanel = (
    <PanelBody title={__('Profile', 'studio-data')}>
      <TextControl
        __nextHasNoMarginBottom
        __next40pxDefaultSize
        label={__('User ID', 'studio-data')}
        help={__('The Studio Data user whose public profile the card shows.', 'studio-data')}
        value={attributes.userId}
        onChange={(userId: string) => setAttributes({ userId: userId.trim() })}
      />
    </PanelBody>
  );

  return (
    <StudioBlockEdit
      blockName="studio-data/user-profile"
      attributes={attributes}
      setAttributes={setAttributes}
      resource={attributes.userId === '' ? { status: 'error', problem: 'no-subject' } : profile}
      subject={{ kind: 'user', id: attributes.userId }}
      panels={userPanel}
    />
  );
}
