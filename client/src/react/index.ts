import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createStudioDataClient, type StudioDataClient, type StudioDataClientOptions } from '../core/client.js';
import { queryKey, type ClassesQuery, type QueryState, type WindowQuery } from '../core/queries.js';
import type {
  Instructor,
  PrivateLessonInstructor,
  PrivateLessonQuestion,
  StudioClass,
  StudioEvent,
  StudioPackage,
  StudioProfile,
  UserProfile,
} from '../core/types.js';

export type { ClassesQuery, QueryState, WindowQuery } from '../core/queries.js';

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

export const useStudioProfile = () => useStudioQuery<StudioProfile>((client, signal) => client.profile({ signal }), 'profile');

export const useInstructors = () => useStudioQuery<Instructor[]>((client, signal) => client.instructors({ signal }), 'instructors');

export const useUserProfile = (userId: string) => useStudioQuery<UserProfile>((client, signal) => client.userProfile(userId, { signal }), `user:${userId}`);

export const useClasses = (query?: ClassesQuery) => useStudioQuery<StudioClass[]>((client, signal) => client.classes({ ...query, signal }), `classes:${queryKey(query)}`);

export const useEvents = (query?: WindowQuery) => useStudioQuery<StudioEvent[]>((client, signal) => client.events({ ...query, signal }), `events:${queryKey(query)}`);

export const usePackages = () => useStudioQuery<StudioPackage[]>((client, signal) => client.packages({ signal }), 'packages');

export const usePrivateLessonInstructors = () =>
  useStudioQuery<PrivateLessonInstructor[]>((client, signal) => client.privateLessonInstructors({ signal }), 'private-lesson-instructors');

export const usePrivateLessonQuestions = () =>
  useStudioQuery<PrivateLessonQuestion[]>((client, signal) => client.privateLessonQuestions({ signal }), 'private-lesson-questions');
