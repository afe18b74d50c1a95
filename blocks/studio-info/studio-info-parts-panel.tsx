import { PanelBody } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { BlockPanelProps } from '../shared/block-attributes';
import { ChoiceListControl } from '../shared/choice-list-control';
import type { Choice } from '../shared/choices';
import { STUDIO_INFO_PARTS, type StudioInfoAttributes, type StudioInfoPart } from './types';

function partChoices(): Choice[] {
  const labels: Record<StudioInfoPart, string> = {
    name: __('Name', 'studio-data'),
    logo: __('Logo', 'studio-data'),
    description: __('Description', 'studio-data'),
    address: __('Address and unit', 'studio-data'),
    hours: __('Opening hours', 'studio-data'),
    phone: __('Phone', 'studio-data'),
    whatsapp: __('WhatsApp link (when the studio has it on)', 'studio-data'),
    website: __('Website', 'studio-data'),
  };
  return STUDIO_INFO_PARTS.map((part) => ({ value: part, label: labels[part] }));
}

/** The parts are shown in one fixed order, whatever order they were ticked in. */
export function inDisplayOrder(parts: string[]): StudioInfoPart[] {
  return STUDIO_INFO_PARTS.filter((part) => parts.includes(part));
}

export function StudioInfoPartsPanel({ attributes, setAttributes }: BlockPanelProps<StudioInfoAttributes>) {
  return (
    <PanelBody title={__('What to show', 'studio-data')}>
      <ChoiceListControl
        label={__('Parts', 'studio-data')}
        choices={partChoices()}
        selected={attributes.parts}
        onChange={(parts) => setAttributes({ parts: inDisplayOrder(parts) })}
      />
    </PanelBody>
  );
}
