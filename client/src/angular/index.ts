import { inject, InjectionToken, makeEnvironmentProviders, type EnvironmentProviders } from '@angular/core';
import { Observable } from 'rxjs';
import { clientFrom, type CalendarFilter, type CalendarLinks, type StudioDataClient, type StudioDataClientOptions } from '../core/client.js';
import type { SlotsQuery, WindowedQuery } from '../core/queries.js';
import { fetchStudioWide, fetchWindow, type StudioWideResource, type WindowedResource } from '../core/resources.js';
import type { LocaleText } from '../core/types.js';

export type { ClassesQuery, SlotsQuery, WindowQuery } from '../core/queries.js';

export const STUDIO_DATA_CLIENT = new InjectionToken<StudioDataClient>('StudioDataClient');

/**
 * A cold Observable of one request: each subscription makes it (the client shares a URL already in
 * flight), and unsubscribing before the answer aborts it. Emits the result once and completes, or errors with a `StudioDataError`.
 */
export function fromStudioRequest<T>(request: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    request(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error);
      },
    );
    return () => controller.abort();
  });
}

/**
 * The studio's data as Observables. Plain class (no decorator), created by `provideStudioData()`'s
 * factory, so it works the same in AOT and JIT builds without the library being compiled by ngc.
 */
export class StudioDataService {
  readonly client: StudioDataClient = inject(STUDIO_DATA_CLIENT);

  readonly profile = this.studioWide('profile');
  readonly instructors = this.studioWide('instructors');
  readonly classes = this.windowed('classes');
  readonly events = this.windowed('events');
  readonly packages = this.studioWide('packages');
  readonly privateLessonInstructors = this.studioWide('privateLessonInstructors');
  readonly privateLessonQuestions = this.studioWide('privateLessonQuestions');

  userProfile(userId: string) {
    return fromStudioRequest((signal) => this.client.userProfile(userId, { signal }));
  }

  /** One class or event by its id (an event when its `danceType` is null). */
  classById(classId: string) {
    return fromStudioRequest((signal) => this.client.classById(classId, { signal }));
  }

  /** An instructor's free private lesson times in a 7-day window (`from`), for a lesson of `durationMins`. */
  privateLessonSlots(instructorId: string, query?: SlotsQuery) {
    return fromStudioRequest((signal) => this.client.privateLessonSlots(instructorId, { ...query, signal }));
  }

  /** The studio's calendar feed and the links that subscribe to it. */
  calendarLinks(filter?: CalendarFilter): CalendarLinks {
    return this.client.calendarLinks(filter);
  }

  text(map: LocaleText | null | undefined, locale?: string | null): string {
    return this.client.text(map, locale);
  }

  bookingUrl(classId: string, locale?: string): string {
    return this.client.bookingUrl(classId, locale);
  }

  privateLessonBookingUrl(instructorId: string, locale: string): string {
    return this.client.privateLessonBookingUrl(instructorId, locale);
  }

  /** A studio-wide resource's method: no arguments. */
  private studioWide<Resource extends StudioWideResource>(resource: Resource) {
    return () => fromStudioRequest((signal) => fetchStudioWide(this.client, resource, signal));
  }

  /** A 7-day window's method: takes the query (`from`, and for classes a `danceType`). */
  private windowed<Resource extends WindowedResource>(resource: Resource) {
    return (query?: WindowedQuery<Resource>) => fromStudioRequest((signal) => fetchWindow(this.client, resource, query, signal));
  }
}

/**
 * Provides `StudioDataService` (and the client under `STUDIO_DATA_CLIENT`), in the standalone style:
 * `bootstrapApplication(App, { providers: [provideStudioData({ baseUrl, studio })] })`.
 */
export function provideStudioData(clientOrOptions: StudioDataClient | StudioDataClientOptions): EnvironmentProviders {
  const client = clientFrom(clientOrOptions);
  return makeEnvironmentProviders([
    { provide: STUDIO_DATA_CLIENT, useValue: client },
    { provide: StudioDataService, useFactory: () => new StudioDataService() },
  ]);
}
