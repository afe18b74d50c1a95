/**
 * The visitor's filters on the rendered schedule: each class item carries its dance type, level,
 * instructor id and weekday in data-* attributes (lower-cased by the renderer); items that do not
 * match are hidden, and so are days left with none; each day's count says how many it shows.
 */
export interface ScheduleFilter {
  danceType: string;
  level: string;
  instructor: string;
  day: string;
}

export const NO_FILTER: ScheduleFilter = { danceType: '', level: '', instructor: '', day: '' };

/** The filter the form's selects say ('' = all). */
export function filterFromForm(form: HTMLFormElement): ScheduleFilter {
  const filter = { ...NO_FILTER };
  for (const select of Array.from(form.querySelectorAll<HTMLSelectElement>('select[data-filter]'))) {
    const name = select.dataset.filter as keyof ScheduleFilter;
    if (name in filter) filter[name] = select.value;
  }
  return filter;
}

function matches(item: HTMLElement, filter: ScheduleFilter): boolean {
  return (Object.keys(filter) as Array<keyof ScheduleFilter>).every((name) => {
    const wanted = filter[name];
    return wanted === '' || item.dataset[name] === wanted;
  });
}

/** Shows what matches, hides the rest; answers how many classes are shown of how many. */
export function applyScheduleFilter(region: ParentNode, filter: ScheduleFilter): { shown: number; total: number } {
  let shown = 0;
  let total = 0;
  for (const day of Array.from(region.querySelectorAll<HTMLElement>('.studio-data__day'))) {
    let shownThatDay = 0;
    for (const item of Array.from(day.querySelectorAll<HTMLElement>('li[data-day]'))) {
      const visible = matches(item, filter);
      item.hidden = !visible;
      total += 1;
      if (visible) shownThatDay += 1;
    }
    day.hidden = shownThatDay === 0;
    countClasses(day, shownThatDay);
    shown += shownThatDay;
  }
  openOneShownDay(region);
  return { shown, total };
}

/**
 * A day's "3 classes" says how many the filters leave on it, in the forms the renderer gave in the
 * site's language (data-one, data-other: gettext's singular and plural), chosen by the page's
 * language's plural rules.
 */
function countClasses(day: HTMLElement, count: number): void {
  const label = day.querySelector<HTMLElement>('.studio-data__day-count');
  const { one, other } = label?.dataset ?? {};
  if (!label || one === undefined || other === undefined) return;
  const form = new Intl.PluralRules(document.documentElement.lang || 'en').select(count) === 'one' ? one : other;
  label.textContent = form.replace('%d', String(count));
}

/**
 * In the narrow schedule the days are an accordion (<details>) that opens on the first day: when the
 * filters hide the open day (a day or type it lacks), the first day still shown opens instead.
 */
function openOneShownDay(region: ParentNode): void {
  const shownDays = Array.from(region.querySelectorAll<HTMLElement>('.studio-data__day')).filter((day) => !day.hidden);
  const isDisclosure = (day: HTMLElement): day is HTMLDetailsElement => day.tagName === 'DETAILS';
  const first = shownDays[0];
  if (first && isDisclosure(first) && !shownDays.some((day) => isDisclosure(day) && day.open)) first.open = true;
}

/** Each filter's choices as the week route gives them: [value, label] pairs, in display order. */
export type FilterChoices = Partial<Record<keyof ScheduleFilter, Array<[string, string]>>>;

/**
 * Offers another week's choices in the form's selects (after "All"): a visitor's choice the week
 * still has stays chosen, else the select goes back to All. A filter with nothing to choose between
 * is hidden and disabled, as the server renders it. Only the options change, so focus and labels stay.
 */
export function offerChoices(form: HTMLFormElement, choices: FilterChoices): void {
  for (const select of Array.from(form.querySelectorAll<HTMLSelectElement>('select[data-filter]'))) {
    const offered = choices[select.dataset.filter as keyof ScheduleFilter];
    const all = select.options[0];
    if (!offered || !all) continue;
    const kept = offered.some(([value]) => value === select.value) ? select.value : '';
    select.replaceChildren(all, ...offered.map(([value, label]) => new Option(label, value)));
    select.value = kept;
    select.disabled = offered.length < 2;
    (select.closest('label') ?? select).hidden = offered.length < 2;
  }
}
