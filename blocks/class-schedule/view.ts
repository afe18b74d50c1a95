/**
 * The class schedule on the visitor's page (Interactivity API, script module): the filters hide and
 * show classes in place, and the week links load the next or previous week from the block's REST
 * route without reloading. Without this script the same form and links work by reloading the page.
 */
import { getContext, getElement, store } from '@wordpress/interactivity';
import { applyScheduleFilter, filterFromForm, NO_FILTER, offerChoices, type FilterChoices, type ScheduleFilter } from './schedule-filter';

interface ScheduleContext {
  from: string;
  label: string;
  prevHref: string;
  nextHref: string;
  prevMissing: boolean;
  nextMissing: boolean;
  status: string;
  enhanced: boolean;
  loading: boolean;
  serverFiltered: boolean;
  weekUrl: string;
  query: Record<string, string | boolean | string[]>;
}

interface WeekAnswer {
  from: string;
  prev: string | null;
  next: string | null;
  label: string;
  html: string;
  /** The filters' choices for this week (its own levels); null when the API could not say. */
  choices: FilterChoices | null;
}

const WEEK_PARAM = 'studio_data_week';

/** The schedule block an element of its tools belongs to, and the parts the script works on. */
function partsOf(element: Element) {
  const block = element.closest('.wp-block-studio-data-class-schedule');
  return {
    region: block?.querySelector<HTMLElement>('.studio-data-schedule-region') ?? null,
    form: block?.querySelector<HTMLFormElement>('.studio-data-schedule-filters') ?? null,
    tools: block?.querySelector<HTMLElement>('.studio-data-schedule-tools') ?? null,
  };
}

/** "5 of 12 classes shown", in the page's language as the server wrote the status template. */
function describe(counts: { shown: number; total: number }, template: string | undefined): string {
  return (template ?? '%1$d / %2$d').replace('%1$d', String(counts.shown)).replace('%2$d', String(counts.total));
}

function filterRegion(element: Element, context: ScheduleContext): void {
  const { region, form, tools } = partsOf(element);
  if (!region) return;
  const filter: ScheduleFilter = form ? filterFromForm(form) : NO_FILTER;
  context.status = describe(applyScheduleFilter(region, filter), tools?.dataset.statusTemplate);
}

function weekHref(date: string | null): string {
  if (date === null) return '';
  const url = new URL(window.location.href);
  url.searchParams.set(WEEK_PARAM, date);
  return url.toString();
}

function weekRequest(context: ScheduleContext, from: string): string {
  const url = new URL(context.weekUrl, window.location.href);
  url.searchParams.set('from', from);
  for (const [name, value] of Object.entries(context.query)) {
    if (Array.isArray(value)) value.forEach((item) => url.searchParams.append(`${name}[]`, item));
    else url.searchParams.set(name, String(value));
  }
  return url.toString();
}

store('studio-data/class-schedule', {
  actions: {
    applyFilters(event: Event) {
      const context = getContext<ScheduleContext>();
      const { ref } = getElement();
      if (!ref) return;
      if (context.serverFiltered) {
        // The page was narrowed on the server (a filtered address): widening it needs the server again.
        if (event.type === 'change') (ref as HTMLFormElement).requestSubmit();
        return;
      }
      event.preventDefault();
      filterRegion(ref, context);
    },
    *showWeek(event: MouseEvent): Generator<Promise<unknown>, void, unknown> {
      const context = getContext<ScheduleContext>();
      const { ref } = getElement();
      if (!ref || event.metaKey || event.ctrlKey || event.shiftKey || context.loading) return;
      const target = new URL((ref as HTMLAnchorElement).href).searchParams.get(WEEK_PARAM);
      const { region } = partsOf(ref);
      if (!target || !region) return;
      event.preventDefault();
      context.loading = true;
      region.setAttribute('aria-busy', 'true');
      try {
        const response = (yield fetch(weekRequest(context, target), { headers: { Accept: 'application/json' } })) as Response;
        if (!response.ok) throw new Error(`The week route answered ${response.status}`);
        const week = (yield response.json()) as WeekAnswer;
        region.innerHTML = week.html; // Rendered and escaped by the shared PHP renderer.
        const { form } = partsOf(ref);
        if (form && week.choices) offerChoices(form, week.choices);
        Object.assign(context, {
          from: week.from,
          label: week.label,
          prevHref: weekHref(week.prev),
          nextHref: weekHref(week.next),
          prevMissing: week.prev === null,
          nextMissing: week.next === null,
        });
        window.history.replaceState(null, '', weekHref(week.from));
        filterRegion(ref, context);
        context.status = `${week.label}. ${context.status}`;
      } catch {
        window.location.assign((ref as HTMLAnchorElement).href); // The plain link still works.
      } finally {
        context.loading = false;
        region.removeAttribute('aria-busy');
      }
    },
  },
  callbacks: {
    enhance() {
      getContext<ScheduleContext>().enhanced = true;
    },
  },
});
