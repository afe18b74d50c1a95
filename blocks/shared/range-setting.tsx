import { RangeControl } from '@wordpress/components';

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  /** What clearing the field (the control's reset) sets: the attribute's block.json default. */
  fallback: number;
  onChange: (value: number) => void;
}

/** A whole number picked on a slider (weeks ahead, columns), as the blocks' display panels ask for it. */
export function RangeSetting({ label, value, min, max, fallback, onChange }: Props) {
  return (
    <RangeControl
      __nextHasNoMarginBottom
      __next40pxDefaultSize
      label={label}
      value={value}
      min={min}
      max={max}
      onChange={(picked?: number) => onChange(picked ?? fallback)}
    />
  );
}
