import { formatDateTime, formatPrice, formatSpan, formatTime } from '../../../server/src/i18n/format';
import { formatsLocaleFor } from '../../../server/src/i18n/formats-locale';

/** Monday 2027-03-08, 19:00 in Madrid (18:00 UTC). */
const EVENING = Date.parse('2027-03-08T18:00:00Z');
/** 2026-10-25: Madrid's clocks go back from 03:00 to 02:00; 00:30 UTC is 02:30 summer time. */
const REPEATED = Date.parse('2026-10-25T00:30:00Z');
const MADRID = 'Europe/Madrid';
const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('how a student’s region writes the dates and times of a page in its language', () => {
  it('When the student asks a language with a region, then the page is written as there; a language alone keeps the pages’ own formats', () => {
    expect(formatsLocaleFor('en', ['en-US', 'en'])).toBe('en-US');
    expect(formatsLocaleFor('en', ['en', 'en-GB'])).toBe('en-GB');
    expect(formatsLocaleFor('en', ['en'])).toBe('en');
    expect(formatsLocaleFor('es', ['es-mx'])).toBe('es-MX');
  });

  it('When the region the student asks is of another language than the page’s, then it says nothing about the page', () => {
    expect(formatsLocaleFor('en', ['es-MX', 'en'])).toBe('en');
    expect(formatsLocaleFor('fr', ['de-CH', 'fr-CA'])).toBe('fr-CA');
  });

  it('When a wish is not a plain language tag (extensions, a wildcard, words), then it says nothing: the page keeps its own formats', () => {
    expect(formatsLocaleFor('en', ['en-US-u-ca-buddhist', 'en-US-u-hc-h23'])).toBe('en');
    expect(formatsLocaleFor('en', ['not a tag', '', null, undefined, '*'])).toBe('en');
  });

  it('When the page is in American English, then times read on twelve hours and dates month first, in the studio’s zone', () => {
    expect(spaces(formatSpan(EVENING, EVENING + 3_600_000, MADRID, 'en-US'))).toBe('Monday, March 8, 2027, 7:00 PM–8:00 PM');
    expect(spaces(formatSpan(EVENING, EVENING + 3_600_000, MADRID, 'en-GB'))).toBe('Monday, 8 March 2027, 19:00–20:00');
    expect(formatSpan(EVENING, EVENING + 3_600_000, MADRID, 'en')).toBe('Monday, March 8, 2027, 19:00–20:00');
    expect(spaces(formatTime(Date.parse('2027-03-08T08:05:00Z'), MADRID, 'en-US'))).toBe('9:05 AM');
    expect(formatTime(Date.parse('2027-03-08T08:05:00Z'), MADRID, 'en-GB')).toBe('09:05');
  });

  it('When a social ends after midnight, then its end says it is the next day; one that ends at midnight does not', () => {
    const saturday = Date.parse('2027-03-13T21:00:00Z');
    expect(formatSpan(saturday, saturday + 4 * 3_600_000, MADRID, 'en')).toBe('Saturday, March 13, 2027, 22:00–02:00 (next day)');
    expect(spaces(formatSpan(saturday, saturday + 4 * 3_600_000, MADRID, 'es-MX'))).toBe('sábado, 13 de marzo de 2027, 10:00 p.m.–2:00 a.m. (del día siguiente)');
    expect(formatSpan(saturday, saturday + 2 * 3_600_000, MADRID, 'en')).toBe('Saturday, March 13, 2027, 22:00–00:00');
  });

  it('When the clocks go back, then a time shown twice still says which one it is on a twelve-hour clock', () => {
    expect(spaces(formatTime(REPEATED, MADRID, 'en-US'))).toBe('2:30 AM (summer time)');
    expect(spaces(formatTime(REPEATED + 3_600_000, MADRID, 'en-US'))).toBe('2:30 AM (winter time)');
    expect(spaces(formatDateTime(REPEATED, MADRID, 'es-MX'))).toBe('domingo, 25 de octubre de 2026, 2:30 a.m. (horario de verano)');
  });

  it('When a price is written for a region, then it takes the region’s way with the currency; free stays Free in the page’s words', () => {
    expect(spaces(formatPrice(12.5, 'EUR', 'de-CH') ?? '')).toBe('EUR 12.50');
    expect(formatPrice(0, 'EUR', 'es-MX')).toBe('Gratis');
    expect(formatPrice(12.5, 'USD', 'en-US')).toBe('$12.50');
  });
});
