import fs from 'node:fs';
import path from 'node:path';

/**
 * The page texts of the hosted booking pages: every language has exactly the keys English has, and a
 * text's `{placeholders}` are the same in every language (a missing one would show `{name}` to a
 * student, an extra one would never be filled).
 */

const I18N = path.join(__dirname, '../../server/src/i18n');

function catalog(locale: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(I18N, `${locale}.json`), 'utf8')) as Record<string, unknown>;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string))].sort();

describe('page messages (i18n/*.json)', () => {
  const en = catalog('en');
  const translations = Object.fromEntries(['es', 'fr', 'de', 'it'].map((locale) => [locale, catalog(locale)]));
  const all = { en, ...translations };

  it('every catalogue is a flat object of non-empty strings', () => {
    for (const [locale, messages] of Object.entries(all)) {
      for (const [key, text] of Object.entries(messages)) {
        expect({ locale, key, type: typeof text }).toEqual({ locale, key, type: 'string' });
        expect({ locale, key, empty: (text as string).trim() === '' }).toEqual({ locale, key, empty: false });
      }
    }
  });

  it('every language has exactly the keys English has', () => {
    const enKeys = Object.keys(en).sort();
    for (const [locale, messages] of Object.entries(translations)) {
      const keys = Object.keys(messages).sort();
      expect({ locale, missing: enKeys.filter((key) => !(key in messages)), extra: keys.filter((key) => !(key in en)) }).toEqual({ locale, missing: [], extra: [] });
    }
  });

  it('every {placeholder} of an English text is in the same text of every other language, and no other', () => {
    const mismatches: { locale: string; key: string; en: string[]; translated: string[] }[] = [];
    for (const [locale, messages] of Object.entries(translations)) {
      for (const key of Object.keys(en)) {
        if (typeof en[key] !== 'string' || typeof messages[key] !== 'string') continue;
        const inEn = placeholders(en[key] as string);
        const translated = placeholders(messages[key] as string);
        if (inEn.join() !== translated.join()) mismatches.push({ locale, key, en: inEn, translated });
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('no text has a malformed placeholder (unbalanced braces)', () => {
    for (const [locale, messages] of Object.entries(all)) {
      for (const [key, text] of Object.entries(messages)) {
        const stripped = String(text).replace(/\{\w+\}/g, '');
        expect({ locale, key, stray: /[{}]/.test(stripped) }).toEqual({ locale, key, stray: false });
      }
    }
  });

  it('the catalogues the server loads are these files, and every page language has one', async () => {
    const { PAGE_LOCALES, catalogKeys } = await import('../../server/src/i18n/messages');
    for (const locale of PAGE_LOCALES) {
      expect(fs.existsSync(path.join(I18N, `${locale}.json`))).toBe(true);
      expect(catalogKeys(locale).sort()).toEqual(Object.keys(catalog(locale)).sort());
    }
  });
});
