import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';

/**
 * The words of the hosted booking pages and of the emails about a booking, which speak the same
 * languages. English is complete; every other language has the same keys (tested).
 */
export const PAGE_LOCALES = ['en', 'es', 'fr', 'de', 'it'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];
export type MessageKey = keyof typeof en;

const catalogs: Record<PageLocale, Record<MessageKey, string>> = { en, es, fr, de, it };

function catalogText(locale: PageLocale, key: string): string {
  return (catalogs[locale] as Record<string, string>)[key] ?? (catalogs.en as Record<string, string>)[key] ?? key;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The translated text with `{name}` placeholders filled (the template layer escapes the result). */
export function translate(locale: PageLocale, key: string, params: Record<string, string | number> = {}): string {
  return catalogText(locale, key).replace(PLACEHOLDER, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** A piece of a sentence: text, or a link when it has an `href`. */
export interface TextPart {
  text: string;
  href?: string;
}

/**
 * The translated text as pieces, where the placeholders named in `links` become links (the template
 * prints each piece escaped). The text is split before the other placeholders are filled, so a
 * `{name}` inside a studio's name stays text.
 */
export function translateWithLinks(locale: PageLocale, key: string, params: Record<string, string | number>, links: Record<string, TextPart | null>): TextPart[] {
  const parts: TextPart[] = [];
  let text = '';
  for (const [index, piece] of catalogText(locale, key).split(/(\{\w+\})/).entries()) {
    const name = index % 2 === 1 ? piece.slice(1, -1) : null;
    const link = name !== null ? links[name] : undefined;
    if (link) {
      if (text) parts.push({ text });
      parts.push(link);
      text = '';
    } else {
      text += name !== null && name in params ? String(params[name]) : piece;
    }
  }
  if (text) parts.push({ text });
  return parts;
}

export function catalogKeys(locale: PageLocale): string[] {
  return Object.keys(catalogs[locale]);
}
