import type { LocaleText } from './types.js';

const EMPTY: LocaleText = Object.freeze({});

/**
 * A locale map from the wire: either a JSON-encoded string (`description`, `bio`) or a real object
 * (`label`, class descriptions). Never throws: anything that is not a map of strings yields an empty
 * map (or loses its non-string entries), so one bad field never costs the rest of a response.
 */
export function decodeLocaleText(value: unknown): LocaleText {
  let decoded = value;
  if (typeof value === 'string') {
    try {
      decoded = JSON.parse(value);
    } catch {
      return EMPTY;
    }
  }
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) return EMPTY;
  const map: Record<string, string> = {};
  for (const [locale, text] of Object.entries(decoded)) {
    if (typeof text === 'string') map[locale] = text;
  }
  return map;
}

/** Like `decodeLocaleText`, keeping the wire's `null` (class and event descriptions may be null). */
export function decodeNullableLocaleText(value: unknown): LocaleText | null {
  return value === null || value === undefined ? null : decodeLocaleText(value);
}

/** Locale codes compare case-insensitively, with `_` read as `-` (WordPress writes `es_MX`). */
function normalizeCode(code: string): string {
  return code.trim().toLowerCase().replaceAll('_', '-');
}

/**
 * The text of `map` for `locale`, with the fallback of `decisions.md`: the exact code, then its
 * language (`es-MX` → `es`), then the studio's default locale (then its language), then the first
 * text present. Texts of spaces only count as absent. `''` when the map has no text. The rule's test
 * vectors are `contract/locale-fallback-vectors.json`.
 */
export function text(map: LocaleText | null | undefined, locale?: string | null, defaultLocale?: string | null): string {
  if (!map) return '';
  const present = Object.entries(map)
    .filter(([, value]) => typeof value === 'string' && value.trim() !== '')
    .map(([code, value]) => [normalizeCode(code), value] as const);
  const find = (code: string | null | undefined) => {
    const wanted = code ? normalizeCode(code) : '';
    if (wanted === '') return undefined;
    const language = wanted.split('-')[0];
    return present.find(([candidate]) => candidate === wanted)?.[1] ?? present.find(([candidate]) => candidate === language)?.[1];
  };
  return find(locale) ?? find(defaultLocale) ?? present[0]?.[1] ?? '';
}
