import { localeFallbackVectors } from '../../support/contract';
import { chooseLocale, isWellFormedLanguageTag, parseAcceptLanguage, pickText } from '../../../server/src/domain/booking/locale';

describe('text in the student language', () => {
  // The contract's test vectors of the fallback, which the TS and PHP clients pass too.
  it.each(localeFallbackVectors().map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    expect(pickText(vector.map, vector.locale, vector.defaultLocale === null ? [] : [vector.defaultLocale])).toBe(vector.expected);
  });
});

describe('Accept-Language', () => {
  it('When the browser sends several languages, then they come most preferred first', () => {
    expect(parseAcceptLanguage('en;q=0.5, es-MX, es;q=0.9, fr;q=0.8')).toEqual(['es-MX', 'es', 'fr', 'en']);
  });

  it('When two languages have the same weight, then the order of the header is kept', () => {
    expect(parseAcceptLanguage('de;q=0.7, fr;q=0.7, it')).toEqual(['it', 'de', 'fr']);
  });

  it('When a language has q=0 or is *, then it is dropped', () => {
    expect(parseAcceptLanguage('es, en;q=0, *;q=0.5, fr;q=0.000')).toEqual(['es']);
  });

  it('When entries are malformed, then only the well-formed ones are kept', () => {
    expect(parseAcceptLanguage('es;q=2, en;q=abc, <script>, de-DE;q=0.3,, ;q=1, it ; q=0.4')).toEqual(['it', 'de-DE']);
  });

  it('When there is no header, then there is no language', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });

  it('When the header is enormous, then it is read without trouble', () => {
    const header = Array.from({ length: 10_000 }, (_, index) => `x${index % 10}y;q=0.1`).join(',');
    expect(parseAcceptLanguage(`es,${header}`)[0]).toBe('es');
  });
});

describe('well-formed language tags', () => {
  it.each(['es', 'en', 'ast', 'es-MX', 'es-419', 'zh-Hant-TW', 'sr-Latn', 'de-CH-1901', 'EN-us'])('%s is well-formed', (tag) => {
    expect(isWellFormedLanguageTag(tag)).toBe(true);
  });

  it.each(['', 'e', 'english', 'es_MX', 'es-', '-es', 'es-MXX', '12', 'es-MX-', 'es mx', '../etc', '<script>', `es-${'abcdefgh-'.repeat(4)}x1234`])(
    '%j is not well-formed',
    (tag) => {
      expect(isWellFormedLanguageTag(tag)).toBe(false);
    },
  );
});

describe('choosing the page language', () => {
  const supported = ['en', 'es'];

  it('When ?lang= names a supported language, then it wins over Accept-Language', () => {
    expect(chooseLocale(['es', 'en'], supported)).toBe('es');
  });

  it('When the first candidate is not supported, then the next one is tried', () => {
    expect(chooseLocale([undefined, 'fr', 'en-GB'], supported)).toBe('en');
  });

  it('When a candidate is regional, then its language is used (es-MX → es)', () => {
    expect(chooseLocale(['es-MX'], supported)).toBe('es');
  });

  it('When only a regional form is supported, then a candidate of that language gets it, spelled as supported', () => {
    expect(chooseLocale(['EN', 'es'], ['en-GB', 'es'])).toBe('en-GB');
    expect(chooseLocale(['ES-mx'], ['es-MX', 'es'])).toBe('es-MX');
  });

  it('When nothing matches, then there is no choice', () => {
    expect(chooseLocale(['fr', 'de'], supported)).toBeNull();
    expect(chooseLocale([], supported)).toBeNull();
    expect(chooseLocale(['<script>', ''], supported)).toBeNull();
  });
});
