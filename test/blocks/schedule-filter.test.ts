/** @jest-environment jsdom */
import { applyScheduleFilter, filterFromForm, NO_FILTER, offerChoices } from '../../blocks/class-schedule/schedule-filter';

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

test('When the visitor filters, then each day says how many classes it shows, in the site’s words for one and for more', () => {
  const region = scheduleRegion();
  for (const [id, count] of [['monday', 2], ['tuesday', 1]] as const) {
    region.querySelector(`#${id}`)!.insertAdjacentHTML('afterbegin', `<span class="studio-data__day-count" data-one="%d clase" data-other="%d clases">${count === 1 ? '1 clase' : `${count} clases`}</span>`);
  }
  const counts = () => Array.from(region.querySelectorAll('.studio-data__day-count')).map((count) => count.textContent);
  applyScheduleFilter(region, { ...NO_FILTER, level: 'beginner' });
  expect(counts()).toEqual(['1 clase', '1 clase']);
  applyScheduleFilter(region, NO_FILTER);
  expect(counts()).toEqual(['2 clases', '1 clase']);
});

test('When filters combine, then a class must match all of them; back to all, then everything shows again', () => {
  const region = scheduleRegion();
  expect(applyScheduleFilter(region, { ...NO_FILTER, level: 'beginner', instructor: 'pablo' })).toEqual({ shown: 1, total: 3 });
  expect(visibleText(region)).toEqual(['bachata beginner']);
  expect(region.querySelector<HTMLElement>('#monday')!.hidden).toBe(true);

  expect(applyScheduleFilter(region, NO_FILTER)).toEqual({ shown: 3, total: 3 });
  expect(region.querySelectorAll('[hidden]')).toHaveLength(0);
});

test('When the narrow schedule’s open day has nothing left to show, then the first day still shown opens (a day of its accordion stays open)', () => {
  const region = scheduleRegion();
  // The renderer's days are disclosures, the first open.
  for (const day of Array.from(region.querySelectorAll('.studio-data__day'))) {
    const details = document.createElement('details');
    details.className = 'studio-data__day';
    details.id = day.id;
    details.open = day.id === 'monday';
    details.append(...Array.from(day.childNodes));
    day.replaceWith(details);
  }
  const day = (id: string) => region.querySelector<HTMLDetailsElement>(`#${id}`)!;
  applyScheduleFilter(region, { ...NO_FILTER, day: 'tuesday' });
  expect([day('monday').hidden, day('tuesday').open]).toEqual([true, true]);
  // Back to all: nothing is closed for the visitor; both days are shown, open.
  applyScheduleFilter(region, NO_FILTER);
  expect([day('monday').hidden, day('monday').open, day('tuesday').open]).toEqual([false, true, true]);
});

test('When the form has selects, then the filter is what they say, by their data-filter names', () => {
  const form = document.createElement('form');
  form.innerHTML = `
    <select data-filter="danceType"><option value="">All</option><option value="salsa" selected>Salsa</option></select>
    <select data-filter="day"><option value="" selected>All</option><option value="friday">Friday</option></select>
    <select data-filter="notAFilter"><option value="x" selected>x</option></select>`;
  expect(filterFromForm(form)).toEqual({ ...NO_FILTER, danceType: 'salsa' });
});

/** The filter form as the server renders it: the week's levels, and a day filter with nothing to choose. */
function filterForm(): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = `
    <label>Level <select name="studio_data_level" data-filter="level"><option value="">All</option><option value="beginner">Beginner</option><option value="open">Open</option></select></label>
    <label hidden>Day <select name="studio_data_day" data-filter="day" disabled><option value="">All</option><option value="friday">Friday</option></select></label>`;
  document.body.replaceChildren(form);
  return form;
}

const offered = (select: HTMLSelectElement) => Array.from(select.options).map((option) => `${option.value}:${option.text}`);

test('When the visitor moves to a week with other levels, then the level filter offers that week’s levels and keeps a choice the week still has', () => {
  const form = filterForm();
  const level = form.querySelector<HTMLSelectElement>('[data-filter="level"]')!;
  level.value = 'open';
  level.focus();

  offerChoices(form, { level: [['open', 'Open'], ['advanced', 'Advanced <b>']] });
  expect(offered(level)).toEqual([':All', 'open:Open', 'advanced:Advanced <b>']);
  expect(level.querySelector('b')).toBeNull(); // text, never markup
  expect(filterFromForm(form)).toEqual({ ...NO_FILTER, level: 'open' });
  expect(document.activeElement).toBe(level); // the same select, only its options changed
  expect(level.closest('label')!.hidden).toBe(false);
});

test('When the week no longer has the chosen level, then the filter goes back to All; a filter with one choice is hidden and left out of the form, and shows again when a week has two', () => {
  const form = filterForm();
  const level = form.querySelector<HTMLSelectElement>('[data-filter="level"]')!;
  const day = form.querySelector<HTMLSelectElement>('[data-filter="day"]')!;
  level.value = 'beginner';

  offerChoices(form, { level: [['open', 'Open']], day: [['friday', 'Friday'], ['saturday', 'Saturday']] });
  expect(filterFromForm(form)).toEqual(NO_FILTER);
  expect([level.disabled, level.closest('label')!.hidden]).toEqual([true, true]);
  expect([day.disabled, day.closest('label')!.hidden]).toEqual([false, false]);
  expect(offered(day)).toEqual([':All', 'friday:Friday', 'saturday:Saturday']);
  expect(new FormData(form).has('studio_data_level')).toBe(false);
});
