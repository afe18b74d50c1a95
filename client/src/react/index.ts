import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createStudioDataClient, type StudioDataClient, type StudioDataClientOptions } from '../core/client.js';
import { queryKey, slotsKey, type QueryState, type SlotsQuery, type WindowedQuery } from '../core/queries.js';
import { fetchStudioWide, fetchWindow, type StudioWideResource, type WindowedResource } from '../core/resources.js';

export type { ClassesQuery, QueryState, SlotsQuery, WindowQuery } from '../core/queries.js';

const StudioDataContext = createContext<StudioDataClient | null>(null);

export type StudioDataProviderProps = { children?: ReactNode } & ({ client: StudioDataClient } | StudioDataClientOptions);

/** Makes a client available to the hooks below it: pass a `client`, or the options to create one. */
export function StudioDataProvider(props: StudioDataProviderProps) {
  const given = 'client' in props ? props.client : undefined;
  const options = 'client' in props ? undefined : props;
  const optionsKey = options ? JSON.stringify([options.baseUrl, options.studio, options.checkoutUrl, options.defaultLocale]) : '';
  // A new client only when the options name another studio or server; the cache lives with it.
  const client = useMemo(() => given ?? createStudioDataClient(options!), [given, optionsKey]);
  return createElement(StudioDataContext.Provider, { value: client }, props.children);
}

/** The client of the nearest `StudioDataProvider`. */
export function useStudioDataClient(): StudioDataClient {
  const client = useContext(StudioDataContext);
  if (!client) throw new Error('useStudioDataClient: wrap the component in a <StudioDataProvider>');
  return client;
}

export interface StudioQueryResult<T> extends QueryState<T> {
  /** fetches again (revalidating with the cache), keeping the current data while it loads */
  reload(): void;
}

/**
 * Runs `load` with the context's client whenever `key` changes, aborting the request it replaces
 * (and the last one on unmount). Data of another key is dropped at once; a reload keeps it.
 */
export function useStudioQuery<T>(load: (client: StudioDataClient, signal: AbortSignal) => Promise<T>, key: string): StudioQueryResult<T> {
  const client = useStudioDataClient();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<QueryState<T> & { for: unknown }>({ data: undefined, error: undefined, loading: true, for: undefined });
  const loadRef = useRef(load);
  loadRef.current = load;
  const target = useMemo(() => ({ client, key }), [client, key]);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ data: previous.for === target ? previous.data : undefined, error: undefined, loading: true, for: target }));
    loadRef.current(target.client, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false, for: target });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        setState((previous) => ({ data: previous.data, error: failure, loading: false, for: target }));
      },
    );
    return () => controller.abort();
  }, [target, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const current = state.for === target;
  return { data: current ? state.data : undefined, error: current ? state.error : undefined, loading: current ? state.loading : true, reload };
}

/** The hook of a studio-wide resource: no arguments, keyed by the resource. */
const studioWideHook =
  <Resource extends StudioWideResource>(resource: Resource) =>
  () =>
    useStudioQuery((client, signal) => fetchStudioWide(client, resource, signal), resource);

/** The hook of a 7-day window: keyed by the resource and the query's window (and dance type). */
const windowHook =
  <Resource extends WindowedResource>(resource: Resource) =>
  (query?: WindowedQuery<Resource>) =>
    useStudioQuery((client, signal) => fetchWindow(client, resource, query, signal), `${resource}:${queryKey(query)}`);

export const useStudioProfile = studioWideHook('profile');

export const useInstructors = studioWideHook('instructors');

export const useUserProfile = (userId: string) => useStudioQuery((client, signal) => client.userProfile(userId, { signal }), `user:${userId}`);

export const useClasses = windowHook('classes');

export const useEvents = windowHook('events');

export const usePackages = studioWideHook('packages');

export const usePrivateLessonInstructors = studioWideHook('privateLessonInstructors');

export const usePrivateLessonQuestions = studioWideHook('privateLessonQuestions');

/** One class or event by its id (an event when its `danceType` is null). */
export const useClass = (classId: string) => useStudioQuery((client, signal) => client.classById(classId, { signal }), `class:${classId}`);

/** An instructor's free private lesson times in a 7-day window (`from`), for a lesson of `durationMins`. */
export const usePrivateLessonSlots = (instructorId: string, query?: SlotsQuery) =>
  useStudioQuery((client, signal) => client.privateLessonSlots(instructorId, { ...query, signal }), `slots:${slotsKey(instructorId, query)}`);
