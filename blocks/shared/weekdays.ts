import { __, _x } from '@wordpress/i18n';
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

/**
 * A weekday's name inside a sentence ("every Tuesday at 19:00"): languages that write weekdays in
 * lower case there (Spanish "cada martes") translate these apart from the capitalised labels above.
 */
export function weekdayInSentence(day: string): string {
  const names: Record<string, string> = {
    monday: _x('Monday', 'weekday inside a sentence: every Monday at 19:00', 'studio-data'),
    tuesday: _x('Tuesday', 'weekday inside a sentence: every Tuesday at 19:00', 'studio-data'),
    wednesday: _x('Wednesday', 'weekday inside a sentence: every Wednesday at 19:00', 'studio-data'),
    thursday: _x('Thursday', 'weekday inside a sentence: every Thursday at 19:00', 'studio-data'),
    friday: _x('Friday', 'weekday inside a sentence: every Friday at 19:00', 'studio-data'),
    saturday: _x('Saturday', 'weekday inside a sentence: every Saturday at 19:00', 'studio-data'),
    sunday: _x('Sunday', 'weekday inside a sentence: every Sunday at 19:00', 'studio-data'),
  };
  return names[day] ?? day;
}
