import { levelChoices, toggled } from '../../blocks/shared/choices';
import { problemOf } from '../../blocks/shared/use-studio-resource';
import { inDisplayOrder } from '../../blocks/studio-info/studio-info-parts-panel';

test('When a value is ticked twice or unticked, then the list holds it at most once, in the order ticked', () => {
  expect(toggled(['Salsa'], 'Bachata', true)).toEqual(['Salsa', 'Bachata']);
  expect(toggled(['Salsa', 'Bachata'], 'Salsa', true)).toEqual(['Bachata', 'Salsa']);
  expect(toggled(['Salsa', 'Bachata'], 'Salsa', false)).toEqual(['Bachata']);
});

test('When classes share a level or have none, then each level is offered once', () => {
  const classWith = (level: string) => ({ id: level, name: 'x', dayOfWeek: 'monday', startTime: '10:00', date: '', level, danceType: 'Salsa', instructor: null });
  expect(levelChoices([classWith('Beginner'), classWith(''), classWith('Open'), classWith('Beginner')]).map((choice) => choice.value)).toEqual(['Beginner', 'Open']);
});

test('When the plugin answers with an error code, then the editor tells set-up, unknown studio and outage apart', () => {
  expect(problemOf({ code: 'studio_data_not_configured', message: 'Set the address' })).toEqual({ problem: 'not-configured' });
  expect(problemOf({ code: 'studio_data_missing_studio_id', message: 'No studio' })).toEqual({ problem: 'not-configured' });
  expect(problemOf({ code: 'studio_data_studio_not_found', message: 'Unknown' })).toEqual({ problem: 'not-found' });
  expect(problemOf({ code: 'studio_data_user_not_found', message: 'Unknown' })).toEqual({ problem: 'not-found' });
  // A studio or user ID that is not an ID ("salsa city") matches none of the proxy's routes: no such studio, not an outage.
  expect(problemOf({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.' })).toEqual({ problem: 'not-found' });
  // A 404 from a wrong API address is an outage to fix in the settings, not a missing studio.
  expect(problemOf({ code: 'studio_data_not_found', message: 'Wrong address' })).toEqual({ problem: 'unavailable', detail: 'Wrong address' });
  expect(problemOf({ code: 'fetch_error', message: 'You are probably offline.' })).toEqual({ problem: 'unavailable', detail: 'You are probably offline.' });
});

test('When parts are ticked in any order, then the studio info shows them in its own order', () => {
  expect(inDisplayOrder(['website', 'unknown', 'name', 'hours'])).toEqual(['name', 'hours', 'website']);
});
