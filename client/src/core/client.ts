import { classBookingUrl, privateLessonBookingUrl } from './booking-urls.js';
import { fromParameter } from './dates.js';
import {
  decodeClasses,
  decodeEvents,
  decodeInstructors,
  decodePackages,
  decodePrivateLessonInstructors,
  decodePrivateLessonQuestions,
  decodeProfile,
  decodeUserProfile,
} from './decode.js';
import { EtagCache } from './etag-cache.js';
import { text } from './locale-text.js';
import { getJson, type FetchFunction } from './request.js';
import type {
  Instructor,
  LocaleText,
  PrivateLessonInstructor,
  PrivateLessonQuestion,
  StudioClass,
  StudioEvent,
  StudioPackage,
  StudioProfile,
  UserProfile,
} from './types.js';

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

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface WindowOptions extends RequestOptions {
  /** start of the 7-day window: a `Date` (sent as its instant) or an ISO 8601 string as the API accepts it */
  from?: Date | string;
}

export interface ClassesOptions extends WindowOptions {
  /** only the classes of this dance type (case-insensitive; `/classes/{typeName}`) */
  danceType?: string;
}

export interface StudioDataClient {
  readonly baseUrl: string;
  readonly studio: string;
  readonly checkoutUrl: string;
  readonly defaultLocale: string | undefined;
  readonly cache: EtagCache | undefined;
  profile(options?: RequestOptions): Promise<StudioProfile>;
  instructors(options?: RequestOptions): Promise<Instructor[]>;
  userProfile(userId: string, options?: RequestOptions): Promise<UserProfile>;
  classes(options?: ClassesOptions): Promise<StudioClass[]>;
  events(options?: WindowOptions): Promise<StudioEvent[]>;
  packages(options?: RequestOptions): Promise<StudioPackage[]>;
  privateLessonInstructors(options?: RequestOptions): Promise<PrivateLessonInstructor[]>;
  privateLessonQuestions(options?: RequestOptions): Promise<PrivateLessonQuestion[]>;
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

  async function get<T>(path: string, decode: (body: unknown) => T, requestOptions: WindowOptions = {}): Promise<T> {
    const query = requestOptions.from === undefined ? '' : `?from=${encodeURIComponent(fromParameter(requestOptions.from))}`;
    const body = await getJson(`${baseUrl}/api/public${path}${query}`, fetchFunction, cache, requestOptions.signal);
    return decode(body);
  }

  return {
    baseUrl,
    studio: options.studio,
    checkoutUrl,
    defaultLocale: options.defaultLocale,
    cache,
    profile: (requestOptions) => get(`${studioPath}/profile`, decodeProfile, requestOptions),
    instructors: (requestOptions) => get(`${studioPath}/instructors`, decodeInstructors, requestOptions),
    userProfile: (userId, requestOptions) => get(`/user/${encodeURIComponent(userId)}/profile`, decodeUserProfile, requestOptions),
    classes: ({ danceType, ...windowOptions } = {}) =>
      get(danceType === undefined ? `${studioPath}/classes` : `${studioPath}/classes/${encodeURIComponent(danceType)}`, decodeClasses, windowOptions),
    events: (windowOptions) => get(`${studioPath}/events`, decodeEvents, windowOptions),
    packages: (requestOptions) => get(`${studioPath}/packages`, decodePackages, requestOptions),
    privateLessonInstructors: (requestOptions) => get(`${studioPath}/private-lesson-instructors`, decodePrivateLessonInstructors, requestOptions),
    privateLessonQuestions: (requestOptions) => get(`${studioPath}/private-lesson-questions`, decodePrivateLessonQuestions, requestOptions),
    text: (map, locale) => text(map, locale, options.defaultLocale),
    bookingUrl: (classId) => classBookingUrl(checkoutUrl, classId),
    privateLessonBookingUrl: (instructorId, locale) => privateLessonBookingUrl(checkoutUrl, locale, instructorId),
  };
}
