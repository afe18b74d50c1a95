import { RangeControl } from '@wordpress/components';

/** A whole-number attribute as its block.json declares it. */
export interface RangeAttribute {
  minimum: number;
  maximum: number;
  default: number;
}

interface Props {
  label: string;
  value: number;
  /** the attribute's schema in block.json: its bounds are the slider's, and clearing the field (the control's reset) sets its default */
  attribute: RangeAttribute;
  onChange: (value: number) => void;
}

/** A whole number picked on a slider (weeks ahead, columns), as the blocks' display panels ask for it. */
export function RangeSetting({ label, value, attribute, onChange }: Props) {
  return (
    <RangeControl
      __nextHasNoMarginBottom
      __next40pxDefaultSize
      label={label}
      value={value}
      min={attribute.minimum}
      max={attribute.maximum}
      onChange={(picked?: number) => onChange(picked ?? attribute.default)}
    />
  );
}
