import { wallClockRepeat } from '../domain/time/zoned-time';
import { plainPrice } from '../domain/money';
import { translate, type PageLocale } from './messages';

/**
 * Dates, times and prices as a student reads them, in the page's language and always in the
 * studio's time zone (never the server's or the browser's).
 */

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: PageLocale, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let value = cache.get(key);
  if (!value) cache.set(key, (value = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })));
  return value;
}

/** "Monday, 23 November 2026" */
export function formatDate(instantMs: number, zone: string, locale: PageLocale): string {
  return formatter(locale, zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instantMs);
}

/**
 * "19:00". A time the clocks show twice (the night they go back) says which one it is, so two
 * different instants never read alike, to the eye or to a screen reader: "02:00 (summer time)",
 * then "02:00 (winter time)".
 */
export function formatTime(instantMs: number, zone: string, locale: PageLocale): string {
  const time = formatter(locale, zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instantMs);
  const repeat = wallClockRepeat(instantMs, zone);
  return repeat === 'once' ? time : translate(locale, `time_${repeat}_of_repeat`, { time });
}

/** "Central European Standard Time" — the zone's name at that instant, in the page's language. */
export function formatZoneName(instantMs: number, zone: string, locale: PageLocale): string {
  const part = formatter(locale, zone, { timeZoneName: 'long' })
    .formatToParts(instantMs)
    .find((candidate) => candidate.type === 'timeZoneName');
  return part ? `${part.value} (${zone})` : zone;
}

/** "Monday, 23 November 2026, 19:00": an instant such as a cutoff, in the studio's zone. */
export function formatDateTime(instantMs: number, zone: string, locale: PageLocale): string {
  return `${formatDate(instantMs, zone, locale)}, ${formatTime(instantMs, zone, locale)}`;
}

/** "Monday, 23 November 2026, 19:00–20:00" */
export function formatSpan(startsAt: number, endsAt: number, zone: string, locale: PageLocale): string {
  return `${formatDateTime(startsAt, zone, locale)}–${formatTime(endsAt, zone, locale)}`;
}

/** "€12.50", "12,50 €"; a price of 0 is "Free" ("Gratis"), never "€0.00"; null when the studio gave none. */
export function formatPrice(amount: number | null, currency: string | null, locale: PageLocale): string | null {
  if (amount === 0) return translate(locale, 'price_free');
  if (amount === null || currency === null) return null;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return plainPrice(amount, currency);
  }
}
