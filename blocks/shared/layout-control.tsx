import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export type Layout = 'list' | 'grid';

interface Props {
  value: Layout;
  /** What the grid is called for this block ("Week grid", "Cards"). */
  gridLabel: string;
  listLabel: string;
  onChange: (layout: Layout) => void;
}

/** The list or grid choice the schedule and the events share. */
export function LayoutControl({ value, gridLabel, listLabel, onChange }: Props) {
  return (
    <SelectControl
      __nextHasNoMarginBottom
      __next40pxDefaultSize
      label={__('Layout', 'studio-data')}
      value={value}
      options={[
        { value: 'list', label: listLabel },
        { value: 'grid', label: gridLabel },
      ]}
      onChange={(layout: string) => onChange(layout === 'grid' ? 'grid' : 'list')}
    />
  );
}
