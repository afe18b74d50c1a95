import { classBookingUrl, privateLessonBookingUrl } from './booking-urls.js';
import { calendarLinks, type CalendarFilter, type CalendarLinks } from './calendar-urls.js';
import { fromParameter } from './dates.js';
import { StudioDataError } from './errors.js';
import { answerShapes, decoders, hasAnswerShape } from './decode.js';
import { EtagCache } from './etag-cache.js';
import { text } from './locale-text.js';
import { getJson, type FetchFunction } from './request.js';
import type { StudioResourceMethods, StudioResources, WindowOptions } from './resources.js';
import type { LocaleText, StudioClass, StudioEvent } from './types.js';
import { wallTimeToInstant } from './zoned-time.js';

export type { ClassesOptions, RequestOptions, SlotsOptions, WindowOptions } from './resources.js';
export type { CalendarFilter, CalendarLinks } from './calendar-urls.js';

export interface StudioDataClientOptions {
  /** `{base_url}` of the contract, e.g. `https://api.example.com` (the client adds `/api/public/…`) */
  baseUrl: string;
  /** the studio's id, e.g. `salsa-city` */
  studio: string;
  /** `{checkout_url}` of the hosted booking pages; defaults to `baseUrl` */
  checkoutUrl?: string;
  /** the studio's default locale, the third step of `text()`'s fallback; when not given, the first of the profile's `locales` once `profile()` has been read */
  defaultLocale?: string;
  /** `false` turns the ETag cache off; pass an `EtagCache` to share one between clients */
  cache?: boolean | EtagCache;
  /** a `fetch` to use instead of the global one */
  fetch?: FetchFunction;
  /** milliseconds a request may take, answer read whole, before it rejects with `timeout`; 15 000 when not given, 0 for no limit */
  timeoutMs?: number;
}

/** Options of `nextInSeries`. */
export interface NextInSeriesOptions {
  /** the first start accepted; defaults to the current time */
  now?: Date;
  /** the first window's `from`, as `classes()` takes it; defaults to today (the studio's) */
  from?: Date | string;
  /** how many 7-day windows to look in, following each listing's `next`; defaults to 2 */
  weeks?: number;
  signal?: AbortSignal;
}

export interface StudioDataClient extends StudioResourceMethods {
  readonly baseUrl: string;
  readonly studio: string;
  readonly checkoutUrl: string;
  readonly defaultLocale: string | undefined;
  readonly cache: EtagCache | undefined;
  /** `text()` with this client's `defaultLocale` (the option, else the studio's own once its profile was read) */
  text(map: LocaleText | null | undefined, locale?: string | null): string;
  /** `{checkout}/book/{classId}` for a class or an event; with a locale, `?lang={locale}` (the page in that language) */
  bookingUrl(classId: string, locale?: string): string;
  /** `{checkout}/{locale}/book/private-lesson/{instructorId}` */
  privateLessonBookingUrl(instructorId: string, locale: string): string;
  /** the studio's calendar feed (all of it, one dance type's or one instructor's) and the links that subscribe to it */
  calendarLinks(filter?: CalendarFilter): CalendarLinks;
  /**
   * The next session of a weekly class: the first class of the series (its `seriesId`, the same every
   * week) starting at or after `now`, in this week's listing and then the next weeks' (`next`);
   * null when the series has none in those weeks. A link to it never goes stale, as one to a dated
   * class does within a week.
   */
  nextInSeries(seriesId: string, options?: NextInSeriesOptions): Promise<StudioClass | null>;
  /**
   * The next session of a weekly event (a social every Saturday), as nextInSeries finds a class's,
   * in the events' windows. An event's `date` and `startTime` are the studio's wall clock: they are
   * read in the zone of its profile (read once more through the client's cache).
   */
  nextEventInSeries(seriesId: string, options?: NextInSeriesOptions): Promise<StudioEvent | null>;
}

/** The given client, or a new one made from the given options (for the framework bindings' providers). */
export function clientFrom(clientOrOptions: StudioDataClient | StudioDataClientOptions): StudioDataClient {
  return 'classes' in clientOrOptions ? clientOrOptions : createStudioDataClient(clientOrOptions);
}

export function createStudioDataClient(options: StudioDataClientOptions): StudioDataClient {
  if (!options.baseUrl) throw new TypeError('createStudioDataClient: baseUrl is required');
  if (!options.studio) throw new TypeError('createStudioDataClient: studio is required');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const checkoutUrl = (options.checkoutUrl ?? baseUrl).replace(/\/+$/, '');
  const cache = options.cache === false ? undefined : options.cache instanceof EtagCache ? options.cache : new EtagCache();
  const fetchFunction: FetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const studioPath = `/studio/${encodeURIComponent(options.studio)}`;

  async function get<Resource extends keyof StudioResources>(
    resource: Resource,
    path: string,
    requestOptions: WindowOptions & { durationMins?: number } = {},
  ): Promise<StudioResources[Resource]> {
    const url = `${baseUrl}/api/public${path}`;
    const parameters: string[] = [];
    if (requestOptions.from !== undefined) parameters.push(`from=${encodeURIComponent(windowStart(requestOptions.from, url))}`);
    if (requestOptions.durationMins !== undefined) parameters.push(`durationMins=${encodeURIComponent(String(requestOptions.durationMins))}`);
    const asked = parameters.length > 0 ? `${url}?${parameters.join('&')}` : url;
    const { body, link, status } = await getJson(asked, fetchFunction, cache, requestOptions.signal, options.timeoutMs);
    // A 2xx of another shape (null, a list for an object, an object for a list) is no answer of the contract's: never half-decoded.
    const shape = answerShapes[resource];
    if (!hasAnswerShape(body, shape)) {
      throw new StudioDataError({ status, code: 'invalid_response', title: 'Invalid response', detail: `The answer is not ${shape === 'object' ? 'an object' : 'a list of objects'}, as the API promises.`, url: asked });
    }
    try {
      return withWindows(decoders[resource](body), link);
    } catch (error) {
      throw new StudioDataError({ status, code: 'invalid_response', title: 'Invalid response', detail: 'The answer is not the JSON the API promises.', url: asked, cause: error });
    }
  }

  /** The studio's own default locale, learned from its profile (`locales[0]`) when the options name none. */
  let learnedDefaultLocale: string | undefined;

  return {
    baseUrl,
    studio: options.studio,
    checkoutUrl,
    get defaultLocale() {
      return options.defaultLocale ?? learnedDefaultLocale;
    },
    cache,
    profile: async (requestOptions) => {
      const profile = await get('profile', `${studioPath}/profile`, requestOptions);
      learnedDefaultLocale = profile.locales[0] ?? learnedDefaultLocale;
      return profile;
    },
    instructors: (requestOptions) => get('instructors', `${studioPath}/instructors`, requestOptions),
    userProfile: (userId, requestOptions) => get('userProfile', `/user/${encodeURIComponent(userId)}/profile`, requestOptions),
    classes: async ({ danceType, ...windowOptions } = {}) => {
      // '', '.' and '..' name no type: as a path segment they would name the listing of every type (or none).
      if (danceType !== undefined && ['', '.', '..'].includes(danceType.trim())) {
        throw new StudioDataError({ status: 0, code: 'dance_type_not_found', title: 'Not Found', detail: `"${danceType}" names no dance type: nothing was requested.`, url: `${baseUrl}/api/public${studioPath}/classes` });
      }
      return get('classes', danceType === undefined ? `${studioPath}/classes` : `${studioPath}/classes/${encodeURIComponent(danceType)}`, windowOptions);
    },
    events: (windowOptions) => get('events', `${studioPath}/events`, windowOptions),
    packages: (requestOptions) => get('packages', `${studioPath}/packages`, requestOptions),
    privateLessonInstructors: (requestOptions) => get('privateLessonInstructors', `${studioPath}/private-lesson-instructors`, requestOptions),
    privateLessonQuestions: (requestOptions) => get('privateLessonQuestions', `${studioPath}/private-lesson-questions`, requestOptions),
    classById: (classId, requestOptions) => get('classById', `/class/${encodeURIComponent(classId)}`, requestOptions),
    privateLessonSlots: (instructorId, slotsOptions) => get('privateLessonSlots', `${studioPath}/private-lesson-instructors/${encodeURIComponent(instructorId)}/slots`, slotsOptions),
    text: (map, locale) => text(map, locale, options.defaultLocale ?? learnedDefaultLocale),
    bookingUrl: (classId, locale) => classBookingUrl(checkoutUrl, classId, locale),
    privateLessonBookingUrl: (instructorId, locale) => privateLessonBookingUrl(checkoutUrl, locale, instructorId),
    calendarLinks: (filter) => calendarLinks(baseUrl, options.studio, filter),
    nextInSeries: (seriesId, options = {}) =>
      firstInSeries((from) => get('classes', `${studioPath}/classes`, { from, signal: options.signal }), (entry) => entry.date, seriesId, options),
    async nextEventInSeries(seriesId, options = {}) {
      const { timezone } = await get('profile', `${studioPath}/profile`, { signal: options.signal });
      const startOf = (event: StudioEvent) => wallTimeToInstant(event.date.toISOString().slice(0, 10), event.startTime, timezone);
      return firstInSeries((from) => get('events', `${studioPath}/events`, { from, signal: options.signal }), startOf, seriesId, options);
    },
  };
}

/**
 * The first entry of a series starting at or after `now`, in `weeks` windows of a listing, from
 * `from` (the studio's today when absent) and following each window's `next`; null when none.
 */
async function firstInSeries<Entry extends { seriesId: string }>(
  windowFrom: (from: Date | string | undefined) => Promise<Entry[] & { next?: string }>,
  startOf: (entry: Entry) => Date,
  seriesId: string,
  { now = new Date(), from: firstFrom, weeks = 2 }: NextInSeriesOptions,
): Promise<Entry | null> {
  let from = firstFrom;
  for (let week = 0; week < weeks; week += 1) {
    const listing = await windowFrom(from);
    const found = listing.find((entry) => entry.seriesId === seriesId && startOf(entry).getTime() >= now.getTime());
    if (found) return found;
    if (listing.next === undefined) return null;
    from = listing.next;
  }
  return null;
}

/** `from` as sent; an invalid `Date` rejects with the client's own error, as the server would answer a bad `from`. */
function windowStart(from: Date | string, url: string): string {
  try {
    return fromParameter(from);
  } catch (error) {
    throw new StudioDataError({ status: 0, code: 'invalid_from', title: 'Invalid from', detail: 'from is an invalid Date: nothing was requested.', url, cause: error });
  }
}

/**
 * A listing with the `from` of the windows before and after it, read from the answer's `Link`
 * header (`<…?from=2026-03-16>; rel="prev", <…?from=2026-03-30>; rel="next"`): not enumerable, so
 * the listing still reads, copies and serializes as the plain array it is.
 */
function withWindows<Answer>(answer: Answer, link: string | null): Answer {
  if (!Array.isArray(answer) || link === null) return answer;
  for (const match of link.matchAll(/<([^>]+)>\s*;\s*rel="?([a-z ]+)"?/gi)) {
    const from = new URL(match[1] as string, 'http://link.invalid').searchParams.get('from');
    const rels = (match[2] as string).split(' ');
    if (from === null) continue;
    if (rels.includes('next')) Object.defineProperty(answer, 'next', { value: from, enumerable: false });
    if (rels.includes('prev') || rels.includes('previous')) Object.defineProperty(answer, 'previous', { value: from, enumerable: false });
  }
  return answer;
}
