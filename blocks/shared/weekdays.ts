import { __ } from '@wordpress/i18n';
import type { Choice } from './choices';

/** The weekday names the API uses (`dayOfWeek` of a class), Monday first, labelled for the editor. */
export function weekdayChoices(): Choice[] {
  return [
    { value: 'monday', label: __('Monday', 'studio-data') },
    { value: 'tuesday', label: __('Tuesday', 'studio-data') },
    { value: 'wednesday', label: __('Wednesday', 'studio-data') },
    { value: 'thursday', label: __('Thursday', 'studio-data') },
    { value: 'friday', label: __('Friday', 'studio-data') },
    { value: 'saturday', label: __('Saturday', 'studio-data') },
    { value: 'sunday', label: __('Sunday', 'studio-data') },
  ];
}
