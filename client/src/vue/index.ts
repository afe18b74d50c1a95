import { inject, provide, shallowRef, toValue, watch, type App, type InjectionKey, type MaybeRefOrGetter, type Ref, type ShallowRef } from 'vue';
import { clientFrom, type StudioDataClient, type StudioDataClientOptions } from '../core/client.js';
import { queryKey, slotsKey, type SlotsQuery, type WindowedQuery } from '../core/queries.js';
import { fetchStudioWide, fetchWindow, type StudioWideResource, type WindowedResource } from '../core/resources.js';

export type { ClassesQuery, SlotsQuery, WindowQuery } from '../core/queries.js';

export const STUDIO_DATA_CLIENT: InjectionKey<StudioDataClient> = Symbol('studio-data-client');

/** A Vue plugin: `app.use(createStudioData({ baseUrl, studio }))` gives every component the client. */
export function createStudioData(clientOrOptions: StudioDataClient | StudioDataClientOptions) {
  const client = clientFrom(clientOrOptions);
  return {
    client,
    install(app: App) {
      app.provide(STUDIO_DATA_CLIENT, client);
    },
  };
}

/** Provides a client to the calling component's descendants (instead of the plugin, or to override it). */
export function provideStudioData(clientOrOptions: StudioDataClient | StudioDataClientOptions): StudioDataClient {
  const client = clientFrom(clientOrOptions);
  provide(STUDIO_DATA_CLIENT, client);
  return client;
}

/** The client provided by `createStudioData` or `provideStudioData`. */
export function useStudioDataClient(): StudioDataClient {
  const client = inject(STUDIO_DATA_CLIENT, null);
  if (!client) throw new Error('useStudioDataClient: install createStudioData() or call provideStudioData() in a parent component');
  return client;
}

export interface StudioQueryRefs<T> {
  data: ShallowRef<T | undefined>;
  error: ShallowRef<Error | undefined>;
  loading: Ref<boolean>;
  /** fetches again (revalidating with the cache), keeping the current data while it loads */
  reload(): void;
}

/**
 * Runs `load` now and again whenever `key()` changes, aborting the request it replaces (and the
 * last one when the component unmounts). Data of another key is dropped at once; a reload keeps it.
 */
export function useStudioQuery<T>(load: (client: StudioDataClient, signal: AbortSignal) => Promise<T>, key: () => string = () => ''): StudioQueryRefs<T> {
  const client = useStudioDataClient();
  const data = shallowRef<T>();
  const error = shallowRef<Error>();
  const loading = shallowRef(true);
  const attempt = shallowRef(0);

  watch(
    [key, attempt],
    ([currentKey], previous, onCleanup) => {
      const controller = new AbortController();
      onCleanup(() => controller.abort());
      if (previous && previous[0] !== currentKey) data.value = undefined;
      error.value = undefined;
      loading.value = true;
      load(client, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          data.value = result;
          loading.value = false;
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          error.value = failure instanceof Error ? failure : new Error(String(failure));
          loading.value = false;
        },
      );
    },
    { immediate: true },
  );

  return { data, error, loading, reload: () => attempt.value++ };
}

/** The composable of a studio-wide resource: no arguments, fetched once. */
const studioWideComposable =
  <Resource extends StudioWideResource>(resource: Resource) =>
  () =>
    useStudioQuery((client, signal) => fetchStudioWide(client, resource, signal));

/** The composable of a 7-day window (`from`, and for classes a `danceType`); reactive to refs and getters. */
const windowComposable =
  <Resource extends WindowedResource>(resource: Resource) =>
  (query?: MaybeRefOrGetter<WindowedQuery<Resource> | undefined>) =>
    useStudioQuery(
      (client, signal) => fetchWindow(client, resource, toValue(query), signal),
      () => queryKey(toValue(query)),
    );

export const useStudioProfile = studioWideComposable('profile');

export const useInstructors = studioWideComposable('instructors');

export const useUserProfile = (userId: MaybeRefOrGetter<string>) =>
  useStudioQuery(
    (client, signal) => client.userProfile(toValue(userId), { signal }),
    () => toValue(userId),
  );

/** This week's classes (or `from`'s), of one `danceType` if given; reactive to refs and getters. */
export const useClasses = windowComposable('classes');

export const useEvents = windowComposable('events');

export const usePackages = studioWideComposable('packages');

export const usePrivateLessonInstructors = studioWideComposable('privateLessonInstructors');

export const usePrivateLessonQuestions = studioWideComposable('privateLessonQuestions');

/** One class or event by its id (an event when its `danceType` is null); reactive to a ref or getter. */
export const useClass = (classId: MaybeRefOrGetter<string>) =>
  useStudioQuery(
    (client, signal) => client.classById(toValue(classId), { signal }),
    () => toValue(classId),
  );

/** An instructor's free private lesson times in a 7-day window (`from`), for a lesson of `durationMins`; reactive to refs and getters. */
export const usePrivateLessonSlots = (instructorId: MaybeRefOrGetter<string>, query?: MaybeRefOrGetter<SlotsQuery | undefined>) =>
  useStudioQuery(
    (client, signal) => client.privateLessonSlots(toValue(instructorId), { ...toValue(query), signal }),
    () => slotsKey(toValue(instructorId), toValue(query)),
  );
