import type { Request } from 'express';
import { chooseLocale, parseAcceptLanguage } from '../../domain/booking/locale';
import { formatsLocaleFor, type Language } from '../../i18n/formats-locale';
import { PAGE_LOCALES, type PageLocale } from '../../i18n/messages';

/** A page's languages: its own (words and formats), and the locale the studio's texts (descriptions, bios) are picked in, with the studio's fallback rules. */
export interface PageLocales extends Language {
  content: string;
}

/**
 * The language of a hosted page: what the student asked for (`?lang=`, then the browser's
 * Accept-Language), then the studio's own languages, then English. A booking's pages pass the
 * language it was made in as `pathLocale` (it comes first), and the formats it was made with as
 * `bookedFormats`: the formats follow the region of whoever reads the page now, else the booking's.
 */
export function negotiatePageLocale(req: Request, studioLocales: string[], pathLocale?: string, bookedFormats?: string | null): PageLocales {
  const lang = typeof req.query.lang === 'string' ? req.query.lang : undefined;
  const accepted = parseAcceptLanguage(req.headers['accept-language'] ?? '');
  const wishes = [pathLocale, lang, ...accepted, ...studioLocales];
  const page = (chooseLocale(wishes, [...PAGE_LOCALES]) ?? 'en') as PageLocale;
  // The studio's texts: the language asked for, else the first accepted language the studio writes in.
  const content = pathLocale ?? lang ?? chooseLocale(accepted, studioLocales) ?? studioLocales[0] ?? page;
  const formats = formatsLocaleFor(page, [lang, ...accepted, bookedFormats, pathLocale, ...studioLocales]);
  return { page, content, formats };
}
