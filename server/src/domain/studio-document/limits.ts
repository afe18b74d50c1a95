import type { Catalog } from '../catalog';
import { addDays } from '../time/calendar';
import type { DocumentProblem } from './problems';

/**
 * The limits that keep every listing bounded (README, "Limits"): a 7-day window of classes lists at
 * most MAX_CLASSES_PER_WEEK, and 7 consecutive dates at most MAX_EVENTS_PER_WEEK events; a document
 * is at most MAX_DOCUMENT_BYTES. An import past them is refused, with the week that is over.
 */
export const MAX_CLASSES_PER_WEEK = 1000;
export const MAX_EVENTS_PER_WEEK = 1000;
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
/** A date's classes are listed (and stored joined, listing_days) as one value: at most this many bytes, so every database takes it in one statement. */
export const MAX_DAY_LISTING_BYTES = 8 * 1024 * 1024;
/** What a listed class takes besides its description, generously (names, times, teacher, image URL). */
const ENTRY_BYTES_BESIDES_DESCRIPTION = 3 * 1024;

/** The longest a class window lasts: 7 days across the change to winter time (169 hours). */
const LONGEST_WEEK_MS = 169 * 3_600_000;

/** Weeks over the limits: counted on every occurrence, cancelled or not, of any dance type (visibility can change without an import). */
export function weekLimitProblems(catalog: Catalog): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const classStarts = catalog.occurrences.filter((occurrence) => occurrence.danceType !== null).map((occurrence) => occurrence.startsAt).sort((a, b) => a - b);
  const busiestClasses = busiestSpan(classStarts, (start) => start + LONGEST_WEEK_MS);
  if (busiestClasses && busiestClasses.count > MAX_CLASSES_PER_WEEK) {
    const from = catalog.occurrences.find((occurrence) => occurrence.startsAt === busiestClasses.first && occurrence.danceType !== null)?.localDate ?? '';
    problems.push({
      path: 'classes',
      message: `${busiestClasses.count} classes start in the 7 days from ${from}; a week lists at most ${MAX_CLASSES_PER_WEEK} (README, "Limits")`,
    });
  }
  const eventDates = catalog.occurrences.filter((occurrence) => occurrence.danceType === null).map((occurrence) => occurrence.localDate).sort();
  const busiestEvents = busiestSpan(eventDates, (date) => addDays(date, 7));
  if (busiestEvents && busiestEvents.count > MAX_EVENTS_PER_WEEK) {
    problems.push({
      path: 'classes',
      message: `${busiestEvents.count} events fall on the 7 dates from ${busiestEvents.first}; a week lists at most ${MAX_EVENTS_PER_WEEK} events (README, "Limits")`,
    });
  }
  const dayBytes = new Map<string, number>();
  for (const occurrence of catalog.occurrences) {
    if (occurrence.danceType === null) continue;
    const bytes = ENTRY_BYTES_BESIDES_DESCRIPTION + Buffer.byteLength(JSON.stringify(occurrence.description));
    dayBytes.set(occurrence.localDate, (dayBytes.get(occurrence.localDate) ?? 0) + bytes);
  }
  for (const [date, bytes] of dayBytes) {
    if (bytes <= MAX_DAY_LISTING_BYTES) continue;
    problems.push({ path: 'classes', message: `the classes of ${date} hold about ${(bytes / 1024 / 1024).toFixed(1)} MB of text; a day lists at most ${MAX_DAY_LISTING_BYTES / 1024 / 1024} MB (README, "Limits")` });
    break;
  }
  return problems;
}

/** The most sorted values that lie within [value, end(value)) of one of them, and that first value (two pointers, one pass). */
function busiestSpan<T extends number | string>(sorted: readonly T[], end: (value: T) => T): { count: number; first: T } | null {
  let best: { count: number; first: T } | null = null;
  let last = 0;
  for (let first = 0; first < sorted.length; first++) {
    const until = end(sorted[first] as T);
    if (last < first) last = first;
    while (last < sorted.length && (sorted[last] as T) < until) last++;
    if (!best || last - first > best.count) best = { count: last - first, first: sorted[first] as T };
  }
  return best;
}

/** The document's size, before it is read: past the limit it is refused without parsing it. */
export function documentSizeProblem(bytes: number): DocumentProblem | null {
  if (bytes <= MAX_DOCUMENT_BYTES) return null;
  const megabytes = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;
  return { path: '(document)', message: `${megabytes(bytes)}; a studio document is at most ${megabytes(MAX_DOCUMENT_BYTES)} (README, "Limits")` };
}
