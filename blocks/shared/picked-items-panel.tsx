import { PanelBody } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { ChoiceListControl } from './choice-list-control';
import type { Choice } from './choices';
import { EmptyListNotice } from './data-state-notice';

interface ChoicesProps {
  label: string;
  /** Shown instead of the check boxes when the studio has nothing to pick. */
  emptyMessage: string;
  choices: Choice[];
  selected: string[];
  onChange: (selected: string[]) => void;
}

/** Some of the studio's items, or all of them when none is ticked; says so when there are none. */
export function ChoicesOrEmptyNotice({ label, emptyMessage, choices, selected, onChange }: ChoicesProps) {
  if (choices.length === 0) return <EmptyListNotice>{emptyMessage}</EmptyListNotice>;
  return (
    <ChoiceListControl
      label={label}
      help={__('None ticked: all of them.', 'studio-data')}
      choices={choices}
      selected={selected}
      onChange={onChange}
    />
  );
}

/** "Which instructors / packages", in a panel of its own. */
export function PickedItemsPanel({ title, ...choices }: ChoicesProps & { title: string }) {
  return (
    <PanelBody title={title}>
      <ChoicesOrEmptyNotice {...choices} />
    </PanelBody>
  );
}
