import { BaseControl, ColorPalette, Notice, PanelBody } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { BlockPanelProps } from '../shared/block-attributes';
import type { StudioProfile } from '../shared/studio-types';
import { contrastRatio, danceTypeColor, withColor } from './type-colors';
import type { ScheduleAttributes } from './types';

interface Props extends BlockPanelProps<ScheduleAttributes> {
  profile: StudioProfile;
}

/** Text contrast AA: a colour this dark on white can be read as text, and shows well as the classes' stripe. */
const READABLE_ON_WHITE = 4.5;

/** Each dance type's colour in the timetable and its legend, offered from the accessible palette (or any colour). */
export function TypeColorsPanel({ attributes, setAttributes, profile }: Props) {
  const palette = attributes.palette.map((color, index) => ({ color, name: sprintf(__('Colour %d', 'studio-data'), index + 1) }));
  return (
    <PanelBody title={__('Dance type colours', 'studio-data')} initialOpen={false}>
      {profile.studioTypes.map((type, index) => {
        const value = danceTypeColor(type.name, index, attributes.danceTypeColors, attributes.palette);
        return (
          <fieldset key={type.name} className="studio-data-type-color">
            <BaseControl.VisualLabel as="legend">{type.name}</BaseControl.VisualLabel>
            <ColorPalette
              colors={palette}
              value={value}
              clearable
              onChange={(color?: string) => setAttributes({ danceTypeColors: withColor(attributes.danceTypeColors, type.name, color) })}
            />
            {value !== undefined && /^#[0-9a-f]{6}$/i.test(value) && contrastRatio(value, '#ffffff') < READABLE_ON_WHITE && (
              <Notice status="warning" isDismissible={false}>
                {__('This colour is light: on a light page some visitors will hardly see it. The palette’s colours all have enough contrast.', 'studio-data')}
              </Notice>
            )}
          </fieldset>
        );
      })}
    </PanelBody>
  );
}
