import { inject, InjectionToken, makeEnvironmentProviders, type EnvironmentProviders } from '@angular/core';
import { Observable } from 'rxjs';
import { clientFrom, type StudioDataClient, type StudioDataClientOptions } from '../core/client.js';
import type { ClassesQuery, WindowQuery } from '../core/queries.js';
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
} from '../core/types.js';

export type { ClassesQuery, WindowQuery } from '../core/queries.js';

export const STUDIO_DATA_CLIENT = new InjectionToken<StudioDataClient>('StudioDataClient');

/**
 * A cold Observable of one request: each subscription sends it, and unsubscribing before the
 * answer aborts it. Emits the result once and completes, or errors with a `StudioDataError`.
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

  profile(): Observable<StudioProfile> {
    return fromStudioRequest((signal) => this.client.profile({ signal }));
  }

  instructors(): Observable<Instructor[]> {
    return fromStudioRequest((signal) => this.client.instructors({ signal }));
  }

  userProfile(userId: string): Observable<UserProfile> {
    return fromStudioRequest((signal) => this.client.userProfile(userId, { signal }));
  }

  classes(query?: ClassesQuery): Observable<StudioClass[]> {
    return fromStudioRequest((signal) => this.client.classes({ ...query, signal }));
  }

  events(query?: WindowQuery): Observable<StudioEvent[]> {
    return fromStudioRequest((signal) => this.client.events({ ...query, signal }));
  }

  packages(): Observable<StudioPackage[]> {
    return fromStudioRequest((signal) => this.client.packages({ signal }));
  }

  privateLessonInstructors(): Observable<PrivateLessonInstructor[]> {
    return fromStudioRequest((signal) => this.client.privateLessonInstructors({ signal }));
  }

  privateLessonQuestions(): Observable<PrivateLessonQuestion[]> {
    return fromStudioRequest((signal) => this.client.privateLessonQuestions({ signal }));
  }

  text(map: LocaleText | null | undefined, locale?: string | null): string {
    return this.client.text(map, locale);
  }

  bookingUrl(classId: string): string {
    return this.client.bookingUrl(classId);
  }

  privateLessonBookingUrl(instructorId: string, locale: string): string {
    return this.client.privateLessonBookingUrl(instructorId, locale);
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
