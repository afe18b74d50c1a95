import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes';

/**
 * bench/last-results.md holds one section per part of the bench: the public API's first, then the
 * bookings', then the feeds'. A part run alone rewrites its own section and keeps the others' figures.
 */

const RESULTS_FILE = path.join(ROOT, 'bench', 'last-results.md');
/** The first line of the bookings part's section: everything before it is the API part's. */
export const BOOKINGS_HEADING = '# Studio Data bench, bookings and outbox';
/** The first line of the feeds part's section (feeds-bench.ts). */
export const FEEDS_HEADING = '# Studio Data bench, calendar feeds and the endpoints of issue 20';

export type ResultsPart = 'api' | 'bookings' | 'feeds';

/** Replaces that part's section; answers the file's path from the project's root, for the log. */
export function writeResultsPart(part: ResultsPart, section: string): string {
  const current = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : '';
  const feedsAt = current.indexOf(FEEDS_HEADING);
  const withoutFeeds = feedsAt === -1 ? current : current.slice(0, feedsAt);
  const split = withoutFeeds.indexOf(BOOKINGS_HEADING);
  const sections = {
    api: split === -1 ? withoutFeeds : withoutFeeds.slice(0, split),
    bookings: split === -1 ? '' : withoutFeeds.slice(split),
    feeds: feedsAt === -1 ? '' : current.slice(feedsAt),
  };
  sections[part] = section;
  const text = [sections.api, sections.bookings, sections.feeds].map((text) => text.trim()).filter((text) => text !== '');
  fs.writeFileSync(RESULTS_FILE, `${text.join('\n\n')}\n`);
  return path.relative(ROOT, RESULTS_FILE);
}

/** Writes the part's section into the results file, then prints the tables worth seeing at once and where the whole was written. */
export function recordResults(part: ResultsPart, section: string, shown: string[]): void {
  const written = writeResultsPart(part, section);
  for (const table of shown) process.stdout.write(`\n${table}\n`);
  process.stdout.write(`\n(written to ${written})\n`);
}
