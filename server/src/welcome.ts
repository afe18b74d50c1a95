import type { Kysely } from 'kysely';
import type { Dialect } from './data/database-url';
import { createListingReads } from './data/listing-reads';
import { createPublicCatalogReader } from './data/public-catalog-reader';
import { readStudioStamps } from './data/studio-changes';
import type { Database } from './data/tables';
import { createPublicCatalog } from './domain/public-api/public-catalog';
import type { WhatToList } from './domain/public-api/reader';
import { ENDPOINTS } from './http/api/endpoint-table';
import { listingRenderer } from './http/listing/listing-entries';

/** How many other studios' ids the welcome text names before it only counts them. */
const NAMED_STUDIOS = 5;

export interface WelcomeContext {
  db: Kysely<Database>;
  dialect: Dialect;
  serverUrl: string;
  publicBaseUrl: string;
  checkoutBaseUrl: string;
  /** the studio to show first when the database has it (the demo studio's id) */
  preferredStudioId: string | undefined;
  now?: () => number;
}

/**
 * What `npm start` prints once the database is ready: the URLs to try for one studio (the demo when
 * it is there, otherwise the first imported studio), one of each endpoint of the API's table
 * (http/api/endpoint-table.ts) and its hosted booking pages, and the ids of the others. With no
 * studio yet it says how to import one.
 */
export async function welcomeText(context: WelcomeContext): Promise<string> {
  const { db, publicBaseUrl, checkoutBaseUrl } = context;
  const ids = (await readStudioStamps(db)).map((stamp) => stamp.id).sort();
  const lines = ['', `Studio Data is running at ${context.serverUrl} (${context.dialect}).`];
  const featured = context.preferredStudioId !== undefined && ids.includes(context.preferredStudioId) ? context.preferredStudioId : ids[0];
  if (featured === undefined) {
    lines.push('The database has no studio yet: load one with `npm run import -- FILE.json` (README, "Importing a studio").', '');
    return lines.join('\n') + '\n';
  }

  const catalog = createPublicCatalog(createPublicCatalogReader(db), context.now);
  const listings = createListingReads(db, listingRenderer);
  const studio = await catalog.profile(featured);
  // This week's classes and events, as the API lists them (the same use-cases), read as records.
  const listed = async (what: WhatToList) => {
    if (what.kind === 'classes') return listings.listClasses(featured, what.window, what.danceTypeKeys);
    if (what.kind === 'events') return listings.listEvents(featured, what.window);
    return [];
  };
  const nowMs = (context.now ?? Date.now)();
  const nextClass = (await listed(await catalog.classes(featured, undefined))).find((entry) => entry.startsAt > nowMs);
  const [nextEvent] = await listed(await catalog.events(featured, undefined));
  const [teacher] = await catalog.privateLessonInstructors(featured);
  const publicPerson = (await catalog.instructors(featured)).find((person) => person.publicProfile);
  const firstVisibleType = studio.danceTypes.find((type) => type.isVisibleOnWeb);

  const parameters = { studioId: featured, typeName: firstVisibleType?.name, userId: publicPerson?.id, classId: nextClass?.id, instructorId: teacher?.person.id };
  lines.push(`Try ${studio.name} (${featured}):`, ...urlsToTry(publicBaseUrl, parameters).map((url) => `  ${url}`));
  const bookingPages = [
    ...(nextClass ? [`  ${checkoutBaseUrl}/book/${nextClass.id}`] : []),
    ...(nextEvent ? [`  ${checkoutBaseUrl}/book/${nextEvent.id}`] : []),
    ...(teacher ? [`  ${checkoutBaseUrl}/${studio.locales[0] ?? 'en'}/book/private-lesson/${teacher.person.id}`] : []),
  ];
  if (bookingPages.length > 0) lines.push('', `Hosted booking pages of ${studio.name}:`, ...bookingPages);

  const others = ids.filter((id) => id !== featured);
  if (others.length > 0) {
    const named = others.slice(0, NAMED_STUDIOS).join(', ');
    const more = others.length > NAMED_STUDIOS ? ` and ${others.length - NAMED_STUDIOS} more` : '';
    lines.push('', `Other studios in this database: ${named}${more}.`);
  }
  lines.push('');
  return lines.join('\n') + '\n';
}

/**
 * One URL of each endpoint of the API's table, in its order, its path's parameters filled in from
 * `parameters`. An endpoint with a parameter that has no value here (a studio with no visible dance
 * type, or no instructor with a public profile) is left out.
 */
function urlsToTry(publicBaseUrl: string, parameters: Readonly<Record<string, string | undefined>>): string[] {
  return ENDPOINTS.flatMap((endpoint) => {
    let complete = true;
    const path = endpoint.path.replace(/\{(\w+)\}/g, (_placeholder, name: string) => {
      const value = parameters[name];
      if (value === undefined) complete = false;
      return encodeURIComponent(value ?? '');
    });
    return complete ? [`${publicBaseUrl}${path}`] : [];
  });
}
