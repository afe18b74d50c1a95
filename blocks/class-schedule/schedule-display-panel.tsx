import { PanelBody, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { BlockPanelProps } from '../shared/block-attributes';
import { LayoutControl } from '../shared/layout-control';
import type { ScheduleAttributes } from './types';

/** How the schedule looks and what visitors can do with it. */
export function ScheduleDisplayPanel({ attributes, setAttributes }: BlockPanelProps<ScheduleAttributes>) {
  return (
    <PanelBody title={__('Display', 'studio-data')}>
      <LayoutControl
        value={attributes.layout}
        listLabel={__('Compact list, day by day', 'studio-data')}
        gridLabel={__('Timetable (days across, times down)', 'studio-data')}
        onChange={(layout) => setAttributes({ layout })}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Show classes of today that have already started', 'studio-data')}
        checked={attributes.showPastClasses}
        onChange={(showPastClasses: boolean) => setAttributes({ showPastClasses })}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Let visitors filter by dance type, level, instructor and day', 'studio-data')}
        checked={attributes.showFilters}
        onChange={(showFilters: boolean) => setAttributes({ showFilters })}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Offer to subscribe to the schedule in a calendar (Apple, Outlook, Google)', 'studio-data')}
        checked={attributes.subscribe}
        onChange={(subscribe: boolean) => setAttributes({ subscribe })}
      />
    </PanelBody>
  );
}
