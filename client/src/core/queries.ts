import type { SlotsOptions, WindowedResource, WindowedResourceOptions } from './resources.js';

/**
 * What the framework bindings (React hooks, Vue composables) share: the arguments of a listing
 * without its signal, and a key that changes exactly when those arguments name another answer.
 */

export type WindowedQuery<Resource extends WindowedResource> = Omit<WindowedResourceOptions[Resource], 'signal'>;
export type ClassesQuery = WindowedQuery<'classes'>;
export type WindowQuery = WindowedQuery<'events'>;

/** A stable key for a query's arguments: a `Date` counts by its instant, absent fields are left out. */
export function queryKey(query: ClassesQuery | undefined | null): string {
  if (!query) return '';
  const from = query.from instanceof Date ? query.from.toISOString() : query.from;
  return JSON.stringify([from ?? null, query.danceType ?? null]);
}

/** The arguments of the free private lesson times, without the signal. */
export type SlotsQuery = Omit<SlotsOptions, 'signal'>;

/** A stable key for the free times of an instructor: the instructor, the window and the length. */
export function slotsKey(instructorId: string, query: SlotsQuery | undefined | null): string {
  const from = query?.from instanceof Date ? query.from.toISOString() : query?.from;
  return JSON.stringify([instructorId, from ?? null, query?.durationMins ?? null]);
}

/** Loading, error and data of one request, as every binding exposes them. */
export interface QueryState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
}
