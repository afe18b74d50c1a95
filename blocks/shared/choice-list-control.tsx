import { CheckboxControl } from '@wordpress/components';
import type { Choice } from './choices';
import { toggled } from './choices';

interface Props {
  label: string;
  help?: string;
  choices: Choice[];
  /** The chosen values; none chosen means all. */
  selected: string[];
  onChange: (selected: string[]) => void;
}

/** A group of check boxes for picking some of a studio's dance types, levels, instructors, … */
export function ChoiceListControl({ label, help, choices, selected, onChange }: Props) {
  return (
    <fieldset className="studio-data-choice-list">
      <legend>{label}</legend>
      {help && <p className="components-base-control__help">{help}</p>}
      {choices.map((choice) => (
        <CheckboxControl
          __nextHasNoMarginBottom
          key={choice.value}
          label={choice.label}
          checked={selected.includes(choice.value)}
          onChange={(checked: boolean) => onChange(toggled(selected, choice.value, checked))}
        />
      ))}
    </fieldset>
  );
}
