import { expect, it } from 'vitest';
import { bookingLocaleOf } from '../../src/elements/strings.js';
import { wallClockReader } from '../../src/elements/wall-clock.js';

it('When an element asks for a booking page, then it names its language with its region, as a site spells it or WordPress does', () => {
  expect(['en-US', 'en_US', 'EN-us', 'es-MX', 'es', 'de-1996', 'zh-Hant-TW'].map(bookingLocaleOf)).toEqual(['en-US', 'en-US', 'en-US', 'es-MX', 'es', 'de', 'zh']);
});

it('When an element shows a studio time, then it reads it on the clock of the page language’s region, the time itself unchanged', () => {
  const spaces = (text: string) => text.replace(/\s/g, ' ');
  expect(['00:00', '09:05', '12:00', '19:30'].map((time) => spaces(wallClockReader('en-US')(time)))).toEqual(['12:00 AM', '9:05 AM', '12:00 PM', '7:30 PM']);
  expect(['09:05', '19:30'].map(wallClockReader('en-GB'))).toEqual(['09:05', '19:30']);
  expect(['09:05', '19:30'].map(wallClockReader('en'))).toEqual(['09:05', '19:30']);
  // Not a time of the API's form, or a locale Intl cannot read: shown as given.
  expect(wallClockReader('en-US')('7pm')).toBe('7pm');
  expect(wallClockReader('not a locale')('19:30')).toBe('19:30');
});
