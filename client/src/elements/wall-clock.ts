/**
 * A studio's wall-clock time ("19:00", as the API gives it) as the element's locale reads the clock:
 * "7:00 PM" for a page in `en-US` or `es-MX`, unchanged for one in `en-GB`, `es-ES` or a language
 * without a region (the API's 24 hours, as the hosted booking pages write it too). The time is the
 * studio's: formatted as a time of day, never converted to the visitor's zone.
 */
export function wallClockReader(locale: string): (time: string) => string {
  let twelveHours: Intl.DateTimeFormat | null = null;
  try {
    const { region } = new Intl.Locale(locale);
    const clock = region ? new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }) : null;
    const { hourCycle } = clock?.resolvedOptions() ?? {};
    if (hourCycle === 'h11' || hourCycle === 'h12') twelveHours = clock;
  } catch {
    // A locale Intl cannot read: the API's own times.
  }
  if (twelveHours === null) return (time) => time;
  const formatter = twelveHours;
  return (time) => {
    const match = /^(\d{2}):(\d{2})$/.exec(time);
    return match ? formatter.format(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))) : time;
  };
}
