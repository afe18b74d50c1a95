import { PanelBody, SelectControl, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { BlockPanelProps } from '../shared/block-attributes';
import { RangeSetting } from '../shared/range-setting';
import metadata from './block.json';
import type { EventsAttributes, EventsLayout } from './types';

export function EventsDisplayPanel({ attributes, setAttributes }: BlockPanelProps<EventsAttributes>) {
  return (
    <PanelBody title={__('Events shown', 'studio-data')}>
      <SelectControl
        __nextHasNoMarginBottom
        __next40pxDefaultSize
        label={__('Layout', 'studio-data')}
        value={attributes.layout}
        options={[
          { value: 'list', label: __('List', 'studio-data') },
          { value: 'grid', label: __('Cards', 'studio-data') },
          { value: 'calendar', label: __('Month calendar (visitors page through the months)', 'studio-data') },
        ]}
        onChange={(layout: string) => setAttributes({ layout: layout as EventsLayout })}
      />
      {attributes.layout !== 'calendar' && (
        <RangeSetting
          label={__('Weeks ahead (26 is about six months)', 'studio-data')}
          value={attributes.weeks}
          attribute={metadata.attributes.weeks}
          onChange={(weeks) => setAttributes({ weeks })}
        />
      )}
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Offer to subscribe to the events in a calendar (Apple, Outlook, Google)', 'studio-data')}
        checked={attributes.subscribe}
        onChange={(subscribe: boolean) => setAttributes({ subscribe })}
      />
    </PanelBody>
  );
}
