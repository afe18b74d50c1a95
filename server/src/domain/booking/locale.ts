import type { LocaleText } from '../catalog';

/**
 * Languages of the hosted pages (decisions.md, "Locales"). Codes are compared case-insensitively;
 * a code's language is what comes before its first hyphen (`es-MX` → `es`).
 */

/** 2–3 letter language, optional 4-letter script, optional region (2 letters or 3 digits), optional variants. */
const LANGUAGE_TAG_PATTERN = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*$/i;
const LANGUAGE_TAG_MAX = 35;
/** Enough for any real browser; the rest of an oversized header is ignored. */
const ACCEPT_LANGUAGE_MAX_CHARS = 4096;
const ACCEPT_LANGUAGE_MAX_ENTRIES = 50;
const QUALITY_PATTERN = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

export function isWellFormedLanguageTag(tag: string): boolean {
  return tag.length <= LANGUAGE_TAG_MAX && LANGUAGE_TAG_PATTERN.test(tag);
}

function baseLanguage(tag: string): string {
  return (tag.split('-')[0] ?? '').toLowerCase();
}

/** Locale codes compare case-insensitively, with `_` read as `-` (as the clients read WordPress's `es_MX`). */
function normalizeLocaleCode(code: string): string {
  return code.trim().toLowerCase().replaceAll('_', '-');
}

/**
 * Text in the requested locale, falling back to its language, then the studio's default locale
 * (the first of `studioLocales`) and its language, then the first text present; '' when there is
 * none. Texts of spaces only count as absent. The rule's test vectors are
 * `contract/locale-fallback-vectors.json`, which the clients' fallbacks pass too.
 */
export function pickText(map: LocaleText | null | undefined, requested: string | null, studioLocales: readonly string[]): string {
  if (!map) return '';
  const entries = Object.entries(map)
    .filter(([, text]) => typeof text === 'string' && text.trim() !== '')
    .map(([code, text]) => [normalizeLocaleCode(code), text] as const);
  const find = (code: string | null | undefined) => {
    const wanted = code ? normalizeLocaleCode(code) : '';
    if (wanted === '') return undefined;
    return entries.find(([key]) => key === wanted)?.[1] ?? entries.find(([key]) => key === baseLanguage(wanted))?.[1];
  };
  return find(requested) ?? find(studioLocales[0]) ?? entries[0]?.[1] ?? '';
}

/** The well-formed tags of an `Accept-Language` header, most preferred first; `q=0` and `*` are dropped. */
export function parseAcceptLanguage(header: string | string[] | undefined | null): string[] {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (typeof text !== 'string' || text === '') return [];
  const ranges: { tag: string; quality: number; position: number }[] = [];
  text
    .slice(0, ACCEPT_LANGUAGE_MAX_CHARS)
    .split(',')
    .slice(0, ACCEPT_LANGUAGE_MAX_ENTRIES)
    .forEach((part, position) => {
      const [rawTag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const quality = readQuality(parameters);
      if (quality === null || quality === 0 || rawTag === '*' || !isWellFormedLanguageTag(rawTag)) return;
      ranges.push({ tag: rawTag, quality, position });
    });
  return ranges.sort((a, b) => b.quality - a.quality || a.position - b.position).map((range) => range.tag);
}

function readQuality(parameters: string[]): number | null {
  const q = parameters.find((parameter) => /^q\s*=/i.test(parameter));
  if (q === undefined) return 1;
  const value = q.replace(/^q\s*=\s*/i, '');
  return QUALITY_PATTERN.test(value) ? Number(value) : null;
}

/**
 * The first candidate the pages support, spelled as in `supported`: each candidate is tried as
 * written, then as its language (`es-MX` → `es`), then as any supported regional form of that
 * language (`en` → `en-GB`). Null when none matches.
 */
export function chooseLocale(candidates: readonly (string | undefined | null)[], supported: readonly string[]): string | null {
  for (const candidate of candidates) {
    if (!candidate || !isWellFormedLanguageTag(candidate)) continue;
    const exact = supported.find((code) => code.toLowerCase() === candidate.toLowerCase());
    const language = baseLanguage(candidate);
    const sameLanguage = supported.find((code) => code.toLowerCase() === language) ?? supported.find((code) => baseLanguage(code) === language);
    const match = exact ?? sameLanguage;
    if (match !== undefined) return match;
  }
  return null;
}
