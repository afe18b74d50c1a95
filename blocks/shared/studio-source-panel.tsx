import { PanelBody, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { BlockPanelProps } from './block-attributes';
import { editorSettings } from './editor-settings';
import type { StudioSourceAttributes } from './studio-types';

/**
 * The studio and language a block reads; both empty means the plugin settings decide. A block
 * without `studioId` (a user profile belongs to no studio) gets the language field only.
 */
export function StudioSourcePanel({ attributes, setAttributes }: BlockPanelProps<Partial<StudioSourceAttributes>>) {
  const defaults = editorSettings();
  return (
    <PanelBody title={__('Studio and language', 'studio-data')} initialOpen={false}>
      {attributes.studioId !== undefined && (
        <TextControl
          __nextHasNoMarginBottom
          __next40pxDefaultSize
          label={__('Studio ID', 'studio-data')}
          value={attributes.studioId}
          placeholder={defaults.studioId}
          help={sprintf(
            /* translators: %s: the studio ID from the plugin settings */
            __('Leave empty for the studio in the plugin settings (%s).', 'studio-data'),
            defaults.studioId || __('none set', 'studio-data'),
          )}
          onChange={(studioId: string) => setAttributes({ studioId: studioId.trim() })}
        />
      )}
      <TextControl
        __nextHasNoMarginBottom
        __next40pxDefaultSize
        label={__('Language', 'studio-data')}
        value={attributes.locale ?? ''}
        placeholder={defaults.locale}
        help={__('A locale code such as “es” or “en-GB”. Leave empty for the plugin settings.', 'studio-data')}
        onChange={(locale: string) => setAttributes({ locale: locale.trim() })}
      />
    </PanelBody>
  );
}
