import { instantToLocal, wallClockRepeat } from '../domain/time/zoned-time';
import { plainPrice } from '../domain/money';
import { isRegional, pageLocaleOfFormats } from './formats-locale';
import { translate } from './messages';

/**
 * Dates, times and prices as a student reads them, always in the studio's time zone (never the
 * server's or the browser's). `locale` is the formats locale (formats-locale.ts): the page's
 * language (`en`), or that language as the student's region writes it (`en-US`).
 */

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let value = cache.get(key);
  if (!value) cache.set(key, (value = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })));
  return value;
}

/** "Monday, 23 November 2026" */
export function formatDate(instantMs: number, zone: string, locale: string): string {
  return formatter(locale, zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instantMs);
}

/**
 * "19:00"; "7:00 PM" where the student's region reads the clock in twelve hours (`en-US`). A page in
 * a language asked without a region reads it in 24 hours, whatever Intl's default for the bare
 * language (`en` alone would be 12-hour). A time the clocks show twice (the night they go back)
 * says which one it is, so two different instants never read alike, to the eye or to a screen
 * reader: "02:00 (summer time)", then "02:00 (winter time)".
 */
export function formatTime(instantMs: number, zone: string, locale: string): string {
  const time = formatter(locale, zone, timeOptions(locale)).format(instantMs);
  const repeat = wallClockRepeat(instantMs, zone);
  return repeat === 'once' ? time : translate(pageLocaleOfFormats(locale), `time_${repeat}_of_repeat`, { time });
}

const TWENTY_FOUR_HOURS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const regionalClocks = new Map<string, Intl.DateTimeFormatOptions>();

/** A region's own clock: "19:00" (`en-GB`, `es-ES`) or "7:00 PM" (`en-US`, `es-MX`), without a leading zero before "PM". */
function timeOptions(locale: string): Intl.DateTimeFormatOptions {
  if (!isRegional(locale)) return TWENTY_FOUR_HOURS;
  let options = regionalClocks.get(locale);
  if (!options) {
    const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
    options = hourCycle === 'h11' || hourCycle === 'h12' ? { hour: 'numeric', minute: '2-digit' } : TWENTY_FOUR_HOURS;
    regionalClocks.set(locale, options);
  }
  return options;
}

/** "Central European Standard Time" — the zone's name at that instant, in the page's language. */
export function formatZoneName(instantMs: number, zone: string, locale: string): string {
  const part = formatter(locale, zone, { timeZoneName: 'long' })
    .formatToParts(instantMs)
    .find((candidate) => candidate.type === 'timeZoneName');
  return part ? `${part.value} (${zone})` : zone;
}

/** "Monday, 23 November 2026, 19:00": an instant such as a cutoff, in the studio's zone. */
export function formatDateTime(instantMs: number, zone: string, locale: string): string {
  return `${formatDate(instantMs, zone, locale)}, ${formatTime(instantMs, zone, locale)}`;
}

/**
 * "Monday, 23 November 2026, 19:00–20:00"; a social that ends after midnight says so: "Saturday, 13
 * March 2027, 22:00–02:00 (next day)" (one that ends at midnight itself does not need to).
 */
export function formatSpan(startsAt: number, endsAt: number, zone: string, locale: string): string {
  const end = formatTime(endsAt, zone, locale);
  const endsOn = instantToLocal(endsAt, zone);
  const nextDay = endsOn.date !== instantToLocal(startsAt, zone).date && endsOn.time !== '00:00';
  return `${formatDateTime(startsAt, zone, locale)}–${nextDay ? translate(pageLocaleOfFormats(locale), 'time_next_day', { time: end }) : end}`;
}

/** "€12.50", "12,50 €"; a price of 0 is "Free" ("Gratis"), never "€0.00"; null when the studio gave none. */
export function formatPrice(amount: number | null, currency: string | null, locale: string): string | null {
  if (amount === 0) return translate(pageLocaleOfFormats(locale), 'price_free');
  if (amount === null || currency === null) return null;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return plainPrice(amount, currency);
  }
}
