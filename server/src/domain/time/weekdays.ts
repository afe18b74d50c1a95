/** Index = JavaScript's getUTCDay(): 0 = Sunday. */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
