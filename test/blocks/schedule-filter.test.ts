/** @jest-environment jsdom */
import { applyScheduleFilter, filterFromForm, NO_FILTER } from '../../blocks/class-schedule/schedule-filter';

/** Two days of classes in the renderer's markup, with the data-* the filters read. */
function scheduleRegion(): HTMLElement {
  const region = document.createElement('div');
  const item = (type: string, level: string, instructor: string, day: string) =>
    `<li class="studio-data-class" data-dance-type="${type}" data-level="${level}" data-instructor="${instructor}" data-day="${day}">${type} ${level}</li>`;
  region.innerHTML = `
    <div class="studio-data__day" id="monday"><ul>${item('salsa', 'beginner', 'carmen', 'monday')}${item('bachata', 'intermediate', 'pablo', 'monday')}</ul></div>
    <div class="studio-data__day" id="tuesday"><ul>${item('bachata', 'beginner', 'pablo', 'tuesday')}</ul></div>`;
  return region;
}

const visibleText = (region: HTMLElement) =>
  Array.from(region.querySelectorAll<HTMLElement>('li')).filter((li) => !li.hidden).map((li) => li.textContent);

test('When the visitor picks Salsa, then only salsa classes stay and a day without any is hidden', () => {
  const region = scheduleRegion();
  expect(applyScheduleFilter(region, { ...NO_FILTER, danceType: 'salsa' })).toEqual({ shown: 1, total: 3 });
  expect(visibleText(region)).toEqual(['salsa beginner']);
  expect(region.querySelector<HTMLElement>('#tuesday')!.hidden).toBe(true);
});

test('When filters combine, then a class must match all of them; back to all, then everything shows again', () => {
  const region = scheduleRegion();
  expect(applyScheduleFilter(region, { ...NO_FILTER, level: 'beginner', instructor: 'pablo' })).toEqual({ shown: 1, total: 3 });
  expect(visibleText(region)).toEqual(['bachata beginner']);
  expect(region.querySelector<HTMLElement>('#monday')!.hidden).toBe(true);

  expect(applyScheduleFilter(region, NO_FILTER)).toEqual({ shown: 3, total: 3 });
  expect(region.querySelectorAll('[hidden]')).toHaveLength(0);
});

test('When the form has selects, then the filter is what they say, by their data-filter names', () => {
  const form = document.createElement('form');
  form.innerHTML = `
    <select data-filter="danceType"><option value="">All</option><option value="salsa" selected>Salsa</option></select>
    <select data-filter="day"><option value="" selected>All</option><option value="friday">Friday</option></select>
    <select data-filter="notAFilter"><option value="x" selected>x</option></select>`;
  expect(filterFromForm(form)).toEqual({ ...NO_FILTER, danceType: 'salsa' });
});
