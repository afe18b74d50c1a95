import { PanelBody, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { BlockPanelProps } from '../shared/block-attributes';
import { LayoutControl } from '../shared/layout-control';
import { RangeSetting } from '../shared/range-setting';
import metadata from './block.json';
import type { EventsAttributes } from './types';

export function EventsDisplayPanel({ attributes, setAttributes }: BlockPanelProps<EventsAttributes>) {
  return (
    <PanelBody title={__('Events shown', 'studio-data')}>
      <RangeSetting
        label={__('Weeks ahead', 'studio-data')}
        value={attributes.weeks}
        attribute={metadata.attributes.weeks}
        onChange={(weeks) => setAttributes({ weeks })}
      />
      <LayoutControl
        value={attributes.layout}
        listLabel={__('List', 'studio-data')}
        gridLabel={__('Cards', 'studio-data')}
        onChange={(layout) => setAttributes({ layout })}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Offer to subscribe to the events in a calendar (Apple, Outlook, Google)', 'studio-data')}
        checked={attributes.subscribe}
        onChange={(subscribe: boolean) => setAttributes({ subscribe })}
      />
    </PanelBody>
  );
}
