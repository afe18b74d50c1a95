import type {
  Instructor,
  PrivateLessonInstructor,
  PrivateLessonSlot,
  PrivateLessonQuestion,
  StudioClass,
  StudioEvent,
  StudioPackage,
  StudioProfile,
  UserProfile,
  WindowListing,
} from './types.js';

/**
 * The client's endpoints, each by the name of its method, with what that method resolves to: the
 * one list that the client, its decoders and the framework bindings are typed from. A new endpoint
 * is one line here; the compiler then names each place that must handle it.
 */
export interface StudioResources {
  profile: StudioProfile;
  instructors: Instructor[];
  /** one user's public profile, by the user's id */
  userProfile: UserProfile;
  /** a 7-day window of classes, of one dance type if asked (with the windows before and after it) */
  classes: WindowListing<StudioClass>;
  /** a 7-day window of events (with the windows before and after it) */
  events: WindowListing<StudioEvent>;
  /** one class or event by its id: an event when its `danceType` is null */
  classById: StudioClass | StudioEvent;
  packages: StudioPackage[];
  privateLessonInstructors: PrivateLessonInstructor[];
  privateLessonQuestions: PrivateLessonQuestion[];
  /** an instructor's free private lesson times in a 7-day window, as the booking page offers them */
  privateLessonSlots: WindowListing<PrivateLessonSlot>;
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

export interface SlotsOptions extends WindowOptions {
  /** the lesson's length: one of the instructor's pricing entries' `durationMins` (the shortest when omitted) */
  durationMins?: number;
}

/** The endpoints of a 7-day window, with the options each takes. */
export interface WindowedResourceOptions {
  classes: ClassesOptions;
  events: WindowOptions;
}

export type WindowedResource = keyof WindowedResourceOptions;

/** The endpoints that take nothing but request options: the studio's (or its team's) standing data. */
export type StudioWideResource = Exclude<keyof StudioResources, WindowedResource | 'userProfile' | 'classById' | 'privateLessonSlots'>;

type StudioWideMethods = { [Resource in StudioWideResource]: (options?: RequestOptions) => Promise<StudioResources[Resource]> };
type WindowedMethods = { [Resource in WindowedResource]: (options?: WindowedResourceOptions[Resource]) => Promise<StudioResources[Resource]> };

/** The client's method of each endpoint. */
export interface StudioResourceMethods extends StudioWideMethods, WindowedMethods {
  userProfile(userId: string, options?: RequestOptions): Promise<StudioResources['userProfile']>;
  classById(classId: string, options?: RequestOptions): Promise<StudioResources['classById']>;
  privateLessonSlots(instructorId: string, options?: SlotsOptions): Promise<StudioResources['privateLessonSlots']>;
}

/** Fetches a studio-wide resource by its name: what each binding's studio-wide hook or method does. */
export function fetchStudioWide<Resource extends StudioWideResource>(client: StudioResourceMethods, resource: Resource, signal: AbortSignal) {
  return (client as StudioWideMethods)[resource]({ signal });
}

/** Fetches a windowed resource by its name with the binding's query (the options without the signal). */
export function fetchWindow<Resource extends WindowedResource>(
  client: StudioResourceMethods,
  resource: Resource,
  query: Omit<WindowedResourceOptions[Resource], 'signal'> | undefined,
  signal: AbortSignal,
) {
  return (client as WindowedMethods)[resource]({ ...query, signal } as WindowedResourceOptions[Resource]);
}
