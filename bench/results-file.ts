import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes';

/**
 * bench/last-results.md holds one section per part of the bench, in this order: the public API's,
 * the bookings', the studio API's bookings export, the feeds', the WordPress plugin's, the cluster's. A part run alone rewrites its own
 * section and keeps the others' figures as they were.
 */

const RESULTS_FILE = path.join(ROOT, 'bench', 'last-results.md');
/** The first line of the bookings part's section: everything before it is the API part's. */
export const BOOKINGS_HEADING = '# Studio Data bench, bookings and outbox';
/** The first line of the studio API export part's section. */
export const EXPORT_HEADING = '# Studio Data bench, the studio API bookings export';

/** The first line of the feeds part's section (feeds-bench.ts). */
export const FEEDS_HEADING = '# Studio Data bench, calendar feeds and the endpoints of issue 20';

/** The first line of the WordPress part's section (wordpress-bench.ts). */
export const WORDPRESS_HEADING = '# Studio Data bench, the WordPress plugin: warm pages and a hanging API';

/** The first line of the cluster part's section (cluster-bench.ts). */
export const CLUSTER_HEADING = '# Studio Data bench, the cluster: HAProxy, three instances, Redis (issue 21)';

export type ResultsPart = 'api' | 'bookings' | 'export' | 'feeds' | 'wordpress' | 'cluster';

/** Each part's heading, in the file's order; the API part's section is whatever comes before the others. */
const HEADINGS: [ResultsPart, string | null][] = [
  ['api', null],
  ['bookings', BOOKINGS_HEADING],
  ['export', EXPORT_HEADING],
  ['feeds', FEEDS_HEADING],
  ['wordpress', WORDPRESS_HEADING],
  ['cluster', CLUSTER_HEADING],
];

/** Replaces that part's section; answers the file's path from the project's root, for the log. */
export function writeResultsPart(part: ResultsPart, section: string): string {
  const current = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : '';
  const starts = HEADINGS.map(([name, heading]) => ({ name, at: heading === null ? 0 : current.indexOf(heading) })).filter(({ at }) => at !== -1);
  starts.sort((a, b) => a.at - b.at);
  const sections = new Map<ResultsPart, string>(starts.map(({ name, at }, index) => [name, current.slice(at, starts[index + 1]?.at ?? current.length)]));
  sections.set(part, section);
  const text = HEADINGS.map(([name]) => (sections.get(name) ?? '').trim()).filter((text) => text !== '');
  fs.writeFileSync(RESULTS_FILE, `${text.join('\n\n')}\n`);
  return path.relative(ROOT, RESULTS_FILE);
}

/** Writes the part's section into the results file, then prints the tables worth seeing at once and where the whole was written. */
export function recordResults(part: ResultsPart, section: string, shown: string[]): void {
  const written = writeResultsPart(part, section);
  for (const table of shown) process.stdout.write(`\n${table}\n`);
  process.stdout.write(`\n(written to ${written})\n`);
}
