import { isWellFormedLanguageTag } from '../domain/booking/locale';
import { PAGE_LOCALES, type PageLocale } from './messages';

/** How a page or an email speaks: its words (`page`), and how it writes dates, times and prices (`formats`: formatsLocaleFor). */
export interface Language {
  page: PageLocale;
  formats: string;
}

/**
 * The locale a page's or an email's dates, times and prices are written in: the page's language as
 * the student's region writes it. The words are the page's (`PageLocale`); the formats follow the
 * first wish in that language that names a region, so a browser asking for `en-US` reads "Tuesday,
 * December 1, 2026, 7:00 PM" and one asking for `en-GB` "Tuesday, 1 December 2026, 19:00", where a
 * Spanish page reads the same in Spain and in Mexico unless Mexico is asked for. A language asked
 * without a region keeps the pages' own formats (format.ts: 24-hour times). Wishes in another
 * language than the page's say nothing about how it is written and are passed over.
 */
export function formatsLocaleFor(page: PageLocale, wishes: readonly (string | null | undefined)[]): string {
  for (const wish of wishes) {
    const regional = regionalTag(wish);
    if (regional !== null && regional.language === page) return regional.tag;
  }
  return page;
}

/** The words' locale of a formats locale (`en-US` → `en`). */
export function pageLocaleOfFormats(formats: string): PageLocale {
  const language = formats.split('-')[0]?.toLowerCase();
  return PAGE_LOCALES.find((locale) => locale === language) ?? 'en';
}

/** Whether the formats locale names a region (and so its own clock: `en-US` 12-hour, `en-GB` 24-hour). */
export function isRegional(formats: string): boolean {
  return formats.includes('-');
}

/**
 * A wish with a region, as Intl spells it (`EN-us` → `en-US`); null for a wish without a region, one
 * that is not a plain language tag (`isWellFormedLanguageTag`: no extensions, so no other calendar or
 * clock than the rest of the page's), or one Intl has no formats for.
 */
function regionalTag(wish: string | null | undefined): { tag: string; language: string } | null {
  if (!wish || !isWellFormedLanguageTag(wish)) return null;
  try {
    const locale = new Intl.Locale(wish);
    if (!locale.region) return null;
    const tag = locale.baseName;
    return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0 ? { tag, language: locale.language } : null;
  } catch {
    return null;
  }
}
