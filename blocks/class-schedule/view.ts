/**
 * The class schedule on the visitor's page (Interactivity API, script module): the filters hide and
 * show classes in place, and the week links load the next or previous week from the block's REST
 * route without reloading. Without this script the same form and links work by reloading the page.
 */
import { getContext, getElement, store } from '@wordpress/interactivity';
import { applyScheduleFilter, filterFromForm, NO_FILTER, offerChoices, type FilterChoices, type ScheduleFilter } from './schedule-filter';

interface ScheduleContext {
  /** The block's week parameter: studio_data_week for the page's first schedule, studio_data_week_2 for the second... (tools.php). */
  weekParam: string;
  from: string;
  /** The first week visitors can see (today's), shown at an address without a week. */
  first: string;
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
  query: Record<string, string | number | boolean | string[]>;
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

function weekHref(context: ScheduleContext, date: string | null): string {
  if (date === null) return '';
  const url = new URL(window.location.href);
  url.searchParams.set(context.weekParam, date);
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

/** The page's address with the form's filters in it ('' = all: left out), as the form without JavaScript sends them. */
function addressWithFilters(form: HTMLFormElement | null): string {
  const url = new URL(window.location.href);
  for (const select of Array.from(form?.querySelectorAll<HTMLSelectElement>('select[data-filter]') ?? [])) {
    if (select.value === '') url.searchParams.delete(select.name);
    else url.searchParams.set(select.name, select.value);
  }
  return url.toString();
}

/** A new entry in the browser's history, so Back returns to the week and filters shown before. */
function remember(address: string): void {
  if (address !== window.location.href) window.history.pushState(null, '', address);
}

/** Loads a week into the region in place; the plain link is the way out when that fails. */
function* loadWeek(ref: Element, context: ScheduleContext, target: string, fallback: string): Generator<Promise<unknown>, boolean, unknown> {
  const { region } = partsOf(ref);
  if (!region) return false;
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
      prevHref: weekHref(context, week.prev),
      nextHref: weekHref(context, week.next),
      prevMissing: week.prev === null,
      nextMissing: week.next === null,
    });
    filterRegion(ref, context);
    context.status = `${week.label}. ${context.status}`;
    return true;
  } catch {
    window.location.assign(fallback);
    return false;
  } finally {
    context.loading = false;
    region.removeAttribute('aria-busy');
  }
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
      remember(addressWithFilters(ref as HTMLFormElement));
    },
    *showWeek(event: MouseEvent): Generator<Promise<unknown>, void, unknown> {
      const context = getContext<ScheduleContext>();
      const { ref } = getElement();
      if (!ref || event.metaKey || event.ctrlKey || event.shiftKey || context.loading) return;
      const href = (ref as HTMLAnchorElement).href;
      const target = new URL(href).searchParams.get(context.weekParam);
      if (!target || !partsOf(ref).region) return;
      event.preventDefault();
      if (yield* loadWeek(ref, context, target, href)) remember(weekHref(context, context.from));
    },
    /** Back and Forward: the week and the filters of that address, in place (once the page is filtered here, not on the server). */
    *followAddress(): Generator<Promise<unknown>, void, unknown> {
      const context = getContext<ScheduleContext>();
      const { ref } = getElement();
      if (!ref || context.serverFiltered) return;
      const { form } = partsOf(ref);
      const address = new URL(window.location.href);
      for (const select of Array.from(form?.querySelectorAll<HTMLSelectElement>('select[data-filter]') ?? [])) {
        const wanted = address.searchParams.get(select.name) ?? '';
        select.value = Array.from(select.options).some((option) => option.value === wanted) ? wanted : '';
      }
      // An address without a week is the schedule's first week (today's).
      const week = address.searchParams.get(context.weekParam) ?? context.first;
      if (week !== context.from) yield* loadWeek(ref, context, week, window.location.href);
      else filterRegion(ref, context);
    },
  },
  callbacks: {
    enhance() {
      getContext<ScheduleContext>().enhanced = true;
    },
  },
});
