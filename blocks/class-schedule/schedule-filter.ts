/**
 * The visitor's filters on the rendered schedule: each class item carries its dance type, level,
 * instructor id and weekday in data-* attributes (lower-cased by the renderer); items that do not
 * match are hidden, and so are days left with none.
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
    shown += shownThatDay;
  }
  return { shown, total };
}
