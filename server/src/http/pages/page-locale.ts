import type { Request } from 'express';
import { chooseLocale, parseAcceptLanguage } from '../../domain/booking/locale';
import { PAGE_LOCALES, type PageLocale } from '../../i18n/messages';

/**
 * The language of a hosted page: what the student asked for (`?lang=`, then the browser's
 * Accept-Language), then the studio's own languages, then English. `content` is the locale used to
 * pick the studio's texts (descriptions, bios), with the studio's fallback rules.
 */
export function negotiatePageLocale(req: Request, studioLocales: string[], pathLocale?: string): { page: PageLocale; content: string } {
  const lang = typeof req.query.lang === 'string' ? req.query.lang : undefined;
  const accepted = parseAcceptLanguage(req.headers['accept-language'] ?? '');
  const wishes = [pathLocale, lang, ...accepted, ...studioLocales];
  const page = (chooseLocale(wishes, [...PAGE_LOCALES]) ?? 'en') as PageLocale;
  // The studio's texts: the language asked for, else the first accepted language the studio writes in.
  const content = pathLocale ?? lang ?? chooseLocale(accepted, studioLocales) ?? studioLocales[0] ?? page;
  return { page, content };
}
