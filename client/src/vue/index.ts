import { inject, provide, shallowRef, toValue, watch, type App, type InjectionKey, type MaybeRefOrGetter, type Ref, type ShallowRef } from 'vue';
import { clientFrom, type StudioDataClient, type StudioDataClientOptions } from '../core/client.js';
import { queryKey, type ClassesQuery, type WindowQuery } from '../core/queries.js';
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

export type { ClassesQuery, WindowQuery } from '../core/queries.js';

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

export const useStudioProfile = () => useStudioQuery<StudioProfile>((client, signal) => client.profile({ signal }));

export const useInstructors = () => useStudioQuery<Instructor[]>((client, signal) => client.instructors({ signal }));

export const useUserProfile = (userId: MaybeRefOrGetter<string>) =>
  useStudioQuery<UserProfile>(
    (client, signal) => client.userProfile(toValue(userId), { signal }),
    () => toValue(userId),
  );

/** This week's classes (or `from`'s), of one `danceType` if given; reactive to refs and getters. */
export const useClasses = (query?: MaybeRefOrGetter<ClassesQuery | undefined>) =>
  useStudioQuery<StudioClass[]>(
    (client, signal) => client.classes({ ...toValue(query), signal }),
    () => queryKey(toValue(query)),
  );

export const useEvents = (query?: MaybeRefOrGetter<WindowQuery | undefined>) =>
  useStudioQuery<StudioEvent[]>(
    (client, signal) => client.events({ ...toValue(query), signal }),
    () => queryKey(toValue(query)),
  );

export const usePackages = () => useStudioQuery<StudioPackage[]>((client, signal) => client.packages({ signal }));

export const usePrivateLessonInstructors = () => useStudioQuery<PrivateLessonInstructor[]>((client, signal) => client.privateLessonInstructors({ signal }));

export const usePrivateLessonQuestions = () => useStudioQuery<PrivateLessonQuestion[]>((client, signal) => client.privateLessonQuestions({ signal }));
