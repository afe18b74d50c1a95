import { AsyncPipe } from '@angular/common';
import { Component, inject, Input } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { BehaviorSubject, catchError, map, of, startWith, switchMap } from 'rxjs';
import { classLocalDate, type StudioClass } from '@studio-data/client';
import { provideStudioData, StudioDataService } from '@studio-data/client/angular';

type ClassesState = { loading: true } | { classes: StudioClass[] } | { error: Error };

/** This week's classes of the studio, each with its booking link; follows its `danceType` input. */
@Component({
  selector: 'app-weekly-classes',
  imports: [AsyncPipe],
  template: `
    @let state = state$ | async;
    @if (state && 'error' in state) {
      <p role="alert">The classes could not be loaded ({{ state.error.message }}).</p>
    } @else if (state && 'classes' in state) {
      @if (state.classes.length === 0) {
        <p>No classes this week.</p>
      } @else {
        <ul aria-label="Classes this week">
          @for (studioClass of state.classes; track studioClass.id) {
            <li>
              <h3>{{ studioClass.name }}</h3>
              <p>{{ day(studioClass) }}, {{ studioClass.startTime }}–{{ studioClass.endTime }} · {{ studioClass.danceType }} · {{ studioClass.level }}</p>
              <p>{{ studio.text(studioClass.description, locale) }}</p>
              <a [href]="studio.bookingUrl(studioClass.id)">Book {{ studioClass.name }}</a>
            </li>
          }
        </ul>
      }
    } @else {
      <p role="status">Loading the classes…</p>
    }
  `,
})
export class WeeklyClassesComponent {
  readonly studio = inject(StudioDataService);
  @Input() locale = 'en';

  // Decorated inputs rather than signal inputs: the test compiles this component in JIT mode,
  // which does not see input() fields.
  readonly #danceType = new BehaviorSubject<string | undefined>(undefined);
  @Input() set danceType(danceType: string | undefined) {
    this.#danceType.next(danceType);
  }

  // switchMap unsubscribes from the previous request when the input changes, which aborts it.
  readonly state$ = this.#danceType.pipe(
    switchMap((danceType) =>
      this.studio.classes({ danceType }).pipe(
        map((classes): ClassesState => ({ classes })),
        catchError((error: Error) => of<ClassesState>({ error })),
        startWith<ClassesState>({ loading: true }),
      ),
    ),
  );

  day(studioClass: StudioClass): string {
    return new Intl.DateTimeFormat(this.locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(classLocalDate(studioClass));
  }
}

/** Boots the list for the demo studio as the page's root component (`<app-weekly-classes>`). */
export function bootWeeklyClasses(baseUrl = 'http://localhost:3000') {
  return bootstrapApplication(WeeklyClassesComponent, {
    providers: [provideStudioData({ baseUrl, studio: 'salsa-city', defaultLocale: 'es' })],
  });
}
