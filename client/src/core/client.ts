import { classBookingUrl, privateLessonBookingUrl } from './booking-urls.js';
import { fromParameter } from './dates.js';
import { decoders } from './decode.js';
import { EtagCache } from './etag-cache.js';
import { text } from './locale-text.js';
import { getJson, type FetchFunction } from './request.js';
import type { StudioResourceMethods, StudioResources, WindowOptions } from './resources.js';
import type { LocaleText } from './types.js';

export type { ClassesOptions, RequestOptions, WindowOptions } from './resources.js';

export interface StudioDataClientOptions {
  /** `{base_url}` of the contract, e.g. `https://api.example.com` (the client adds `/api/public/…`) */
  baseUrl: string;
  /** the studio's id, e.g. `salsa-city` */
  studio: string;
  /** `{checkout_url}` of the hosted booking pages; defaults to `baseUrl` */
  checkoutUrl?: string;
  /** the studio's default locale, the third step of `text()`'s fallback */
  defaultLocale?: string;
  /** `false` turns the ETag cache off; pass an `EtagCache` to share one between clients */
  cache?: boolean | EtagCache;
  /** a `fetch` to use instead of the global one */
  fetch?: FetchFunction;
}

export interface StudioDataClient extends StudioResourceMethods {
  readonly baseUrl: string;
  readonly studio: string;
  readonly checkoutUrl: string;
  readonly defaultLocale: string | undefined;
  readonly cache: EtagCache | undefined;
  /** `text()` with this client's `defaultLocale` */
  text(map: LocaleText | null | undefined, locale?: string | null): string;
  /** `{checkout}/book/{classId}` for a class or an event */
  bookingUrl(classId: string): string;
  /** `{checkout}/{locale}/book/private-lesson/{instructorId}` */
  privateLessonBookingUrl(instructorId: string, locale: string): string;
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

  async function get<Resource extends keyof StudioResources>(resource: Resource, path: string, requestOptions: WindowOptions = {}): Promise<StudioResources[Resource]> {
    const query = requestOptions.from === undefined ? '' : `?from=${encodeURIComponent(fromParameter(requestOptions.from))}`;
    const body = await getJson(`${baseUrl}/api/public${path}${query}`, fetchFunction, cache, requestOptions.signal);
    return decoders[resource](body);
  }

  return {
    baseUrl,
    studio: options.studio,
    checkoutUrl,
    defaultLocale: options.defaultLocale,
    cache,
    profile: (requestOptions) => get('profile', `${studioPath}/profile`, requestOptions),
    instructors: (requestOptions) => get('instructors', `${studioPath}/instructors`, requestOptions),
    userProfile: (userId, requestOptions) => get('userProfile', `/user/${encodeURIComponent(userId)}/profile`, requestOptions),
    classes: ({ danceType, ...windowOptions } = {}) =>
      get('classes', danceType === undefined ? `${studioPath}/classes` : `${studioPath}/classes/${encodeURIComponent(danceType)}`, windowOptions),
    events: (windowOptions) => get('events', `${studioPath}/events`, windowOptions),
    packages: (requestOptions) => get('packages', `${studioPath}/packages`, requestOptions),
    privateLessonInstructors: (requestOptions) => get('privateLessonInstructors', `${studioPath}/private-lesson-instructors`, requestOptions),
    privateLessonQuestions: (requestOptions) => get('privateLessonQuestions', `${studioPath}/private-lesson-questions`, requestOptions),
    text: (map, locale) => text(map, locale, options.defaultLocale),
    bookingUrl: (classId) => classBookingUrl(checkoutUrl, classId),
    privateLessonBookingUrl: (instructorId, locale) => privateLessonBookingUrl(checkoutUrl, locale, instructorId),
  };
}
