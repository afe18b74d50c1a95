import en from './en.json';
import es from './es.json';

/** Page text of the hosted booking pages. English is complete; every other language has the same keys (tested). */
export const PAGE_LOCALES = ['en', 'es'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];
export type MessageKey = keyof typeof en;

const catalogs: Record<PageLocale, Record<MessageKey, string>> = { en, es };

export function isPageLocale(value: string): value is PageLocale {
  return (PAGE_LOCALES as readonly string[]).includes(value);
}

/** The translated text with `{name}` placeholders filled (the template layer escapes the result). */
export function translate(locale: PageLocale, key: string, params: Record<string, string | number> = {}): string {
  const catalog = catalogs[locale] as Record<string, string>;
  const text = catalog[key] ?? (catalogs.en as Record<string, string>)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function catalogKeys(locale: PageLocale): string[] {
  return Object.keys(catalogs[locale]);
}
