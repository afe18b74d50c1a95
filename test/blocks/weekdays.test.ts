import fs from 'node:fs';
import path from 'node:path';
import { resetLocaleData, setLocaleData } from '@wordpress/i18n';
import { weekdayChoices, weekdayInSentence } from '../../blocks/shared/weekdays';

const LANGUAGES = path.join(__dirname, '../../plugin/languages');

/** The plugin's Spanish translations of the blocks' scripts, as WordPress hands them to the editor (the JSON files `npm run i18n` writes, one per script). */
function spanishLocaleData(): Record<string, unknown> {
  const files = fs.readdirSync(LANGUAGES).filter((name) => /^studio-data-es_ES-[0-9a-f]{32}\.json$/.test(name));
  const messages = files.map((name) => JSON.parse(fs.readFileSync(path.join(LANGUAGES, name), 'utf8')).locale_data.messages as Record<string, unknown>);
  return Object.assign({}, ...messages);
}

afterEach(() => resetLocaleData(undefined, 'studio-data'));

test('In Spanish, a weekday inside a sentence is written in lower case ("cada martes") and a weekday on its own as a label ("Martes")', () => {
  setLocaleData({ '': {}, ...spanishLocaleData() }, 'studio-data');
  expect(['monday', 'tuesday', 'sunday'].map(weekdayInSentence)).toEqual(['lunes', 'martes', 'domingo']);
  expect(weekdayChoices().map((choice) => choice.label)).toContain('Martes');
});

test("In English, both are the weekday's name", () => {
  expect(weekdayInSentence('tuesday')).toBe('Tuesday');
  expect(weekdayChoices()[1]?.label).toBe('Tuesday');
});
