import { PanelBody, SelectControl, TextControl, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { BlockPanelProps } from '../shared/block-attributes';
import type { Choice } from '../shared/choices';
import { EmptyListNotice } from '../shared/data-state-notice';
import type { BookButtonAttributes, BookingKind } from './types';

interface Props extends BlockPanelProps<BookButtonAttributes> {
  /** What can be booked, from the studio's live data; null while it loads or when it failed. */
  targets: Choice[] | null;
}

export function BookingTargetPanel({ attributes, setAttributes, targets }: Props) {
  return (
    <PanelBody title={__('What the button books', 'studio-data')}>
      <SelectControl
        __nextHasNoMarginBottom
        __next40pxDefaultSize
        label={__('Kind', 'studio-data')}
        value={attributes.kind}
        options={[
          { value: 'series', label: __('The next session of a weekly class or event', 'studio-data') },
          { value: 'class', label: __('A dated class', 'studio-data') },
          { value: 'event', label: __('An event', 'studio-data') },
          { value: 'private-lesson', label: __('A private lesson', 'studio-data') },
        ]}
        help={kindHelp(attributes.kind)}
        onChange={(kind: string) => setAttributes({ kind: kind as BookingKind, target: '' })}
      />
      {targets !== null &&
        (targets.length === 0 ? (
          <EmptyListNotice>
            {attributes.kind === 'series' ? __('No weekly class or event to book in the next two weeks.', 'studio-data') : __('Nothing of this kind to book this week.', 'studio-data')}
          </EmptyListNotice>
        ) : (
          <SelectControl
            __nextHasNoMarginBottom
            __next40pxDefaultSize
            label={__('Booked', 'studio-data')}
            value={attributes.target}
            options={[{ value: '', label: __('Choose…', 'studio-data') }, ...targets]}
            onChange={(target: string) => setAttributes({ target })}
          />
        ))}
      <TextControl
        __nextHasNoMarginBottom
        __next40pxDefaultSize
        label={__('Button text', 'studio-data')}
        value={attributes.label}
        placeholder={__('Book', 'studio-data')}
        onChange={(label: string) => setAttributes({ label })}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Open the booking page in a dialog on this page', 'studio-data')}
        help={__("Works on the studio's own website (the address in its profile); elsewhere the button opens the page as a link.", 'studio-data')}
        checked={attributes.dialog}
        onChange={(dialog: boolean) => setAttributes({ dialog })}
      />
    </PanelBody>
  );
}

/** What the chosen kind books when a visitor clicks, said once so the owner knows the button will not go stale. */
function kindHelp(kind: BookingKind): string | undefined {
  switch (kind) {
    case 'series':
      return __('The button always books the next session that has not started yet, week after week.', 'studio-data');
    case 'class':
      return __('Once this class has taken place, the button books the next session of its weekly class.', 'studio-data');
    default:
      return undefined;
  }
}
