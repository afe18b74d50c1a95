/** @vitest-environment jsdom */
// TestBed in JIT mode: the compiler compiles the example's template at run time, and no zone.js is
// needed since Angular 21 detects changes without zones.
import '@angular/compiler';
import { TestBed } from '@angular/core/testing';
import { BrowserTestingModule, platformBrowserTesting } from '@angular/platform-browser/testing';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createStudioDataClient, StudioDataError } from '@studio-data/client';
import { provideStudioData, StudioDataService } from '@studio-data/client/angular';
import { bootWeeklyClasses, WeeklyClassesComponent } from '../../examples/angular/weekly-classes.component.js';
import { recordingFetch } from '../support/recording-fetch.js';
import { DEMO_STUDIO, DEMO_WEEK_CLASSES, FIXTURE_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');

beforeAll(() => {
  TestBed.initTestEnvironment(BrowserTestingModule, platformBrowserTesting());
});
afterEach(() => TestBed.resetTestingModule());

function demoClasses(danceType?: string) {
  return createStudioDataClient({ baseUrl: apiUrl, studio: DEMO_STUDIO, cache: false }).classes({ danceType });
}

function renderWeeklyClasses(studio = DEMO_STUDIO) {
  TestBed.configureTestingModule({ imports: [WeeklyClassesComponent], providers: [provideStudioData({ baseUrl: apiUrl, studio })] });
  return TestBed.createComponent(WeeklyClassesComponent);
}

const texts = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)].map((element) => element.textContent?.trim());

describe('Angular: the example component lists the demo studio’s classes from the real server', () => {
  it('When the component starts, then it says it is loading, then lists this week’s classes with their booking links', async () => {
    const fixture = renderWeeklyClasses();
    const root = fixture.nativeElement as HTMLElement;
    fixture.detectChanges();
    expect(root.querySelector('[role="status"]')?.textContent).toContain('Loading');
    const expected = await demoClasses();
    expect(expected).toHaveLength(DEMO_WEEK_CLASSES.all);
    await vi.waitFor(() => expect(texts(root, 'li h3')).toEqual(expected.map((studioClass) => studioClass.name)), { timeout: 5_000 });
    expect([...root.querySelectorAll('li a')].map((link) => link.getAttribute('href'))).toEqual(expected.map((studioClass) => `${apiUrl}/book/${studioClass.id}`));
  });

  it('When the danceType input changes, then only that type’s classes are listed', async () => {
    const fixture = renderWeeklyClasses();
    const root = fixture.nativeElement as HTMLElement;
    await vi.waitFor(() => expect(root.querySelectorAll('li')).toHaveLength(DEMO_WEEK_CLASSES.all), { timeout: 5_000 });
    fixture.componentRef.setInput('danceType', 'Zouk');
    await fixture.whenStable();
    const expected = await demoClasses('Zouk');
    expect(expected.map((studioClass) => studioClass.danceType)).toEqual(Array(DEMO_WEEK_CLASSES.Zouk).fill('Zouk'));
    await vi.waitFor(() => expect(texts(root, 'li h3')).toEqual(expected.map((studioClass) => studioClass.name)), { timeout: 5_000 });
  });

  it('When the studio does not exist, then the error is shown', async () => {
    const fixture = renderWeeklyClasses('no-such-studio');
    const root = fixture.nativeElement as HTMLElement;
    await vi.waitFor(() => expect(root.querySelector('[role="alert"]')?.textContent).toContain('studio_not_found'), { timeout: 5_000 });
  });

  it('When the example app is bootstrapped on a page, then it shows the classes', async () => {
    document.body.innerHTML = '<app-weekly-classes></app-weekly-classes>';
    const app = await bootWeeklyClasses(apiUrl);
    try {
      await vi.waitFor(() => expect(document.querySelectorAll('app-weekly-classes li')).toHaveLength(DEMO_WEEK_CLASSES.all), { timeout: 5_000 });
    } finally {
      app.destroy();
    }
  });
});

describe('Angular: StudioDataService', () => {
  it('When provideStudioData is given options, then the injected service reads that studio', async () => {
    TestBed.configureTestingModule({ providers: [provideStudioData({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, defaultLocale: 'es' })] });
    const studio = TestBed.inject(StudioDataService);
    const [bruno] = await firstValueFrom(studio.privateLessonInstructors());
    expect(bruno!.id).toBe('cf-bruno');
    expect(studio.text({ es: 'Hola', en: 'Hello' }, 'fr')).toBe('Hola');
    expect(studio.privateLessonBookingUrl('cf-bruno', 'en')).toBe(`${apiUrl}/en/book/private-lesson/cf-bruno`);
  });

  it('When a class is asked for by id and free lesson times by instructor, then the Observables give them, with the listing windows', async () => {
    TestBed.configureTestingModule({ providers: [provideStudioData({ baseUrl: apiUrl, studio: FIXTURE_STUDIO })] });
    const studio = TestBed.inject(StudioDataService);
    expect((await firstValueFrom(studio.classById('cf-wcs-wed'))).name).toBe('WCS Improvers');
    const slots = await firstValueFrom(studio.privateLessonSlots('cf-bruno', { durationMins: 60 }));
    expect(slots.every((slot) => slot.durationMins === 60)).toBe(true);
    expect(typeof slots.next).toBe('string');
    expect(studio.calendarLinks().webcal).toBe(`${apiUrl.replace('http://', 'webcal://')}/api/public/studio/${FIXTURE_STUDIO}/calendar.ics`);
  });

  it('When a request fails, then the Observable errors with the typed error', async () => {
    TestBed.configureTestingModule({ providers: [provideStudioData({ baseUrl: apiUrl, studio: FIXTURE_STUDIO })] });
    const error = await firstValueFrom(TestBed.inject(StudioDataService).userProfile('cf-private')).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StudioDataError);
    expect((error as StudioDataError).code).toBe('user_not_found');
  });

  it('When the subscriber unsubscribes before the answer, then the request is aborted', async () => {
    const { exchanges, fetchFunction } = recordingFetch();
    TestBed.configureTestingModule({ providers: [provideStudioData(createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: fetchFunction }))] });
    const subscription = TestBed.inject(StudioDataService).events({ from: '2026-03-23' }).subscribe();
    subscription.unsubscribe();
    expect(exchanges.length).toBe(1);
    expect(exchanges[0]!.signal?.aborted).toBe(true);
  });

  it('When the Observable is subscribed twice, then it asks the API each time (it is cold): the second time revalidates', async () => {
    const { exchanges, fetchFunction } = recordingFetch();
    TestBed.configureTestingModule({ providers: [provideStudioData(createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: fetchFunction }))] });
    const packages$ = TestBed.inject(StudioDataService).packages();
    const first = await firstValueFrom(packages$);
    const second = await firstValueFrom(packages$);
    expect(second).toEqual(first);
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 304]);
  });

  it('When two subscriptions ask at the same moment, then they share one request (the client shares a URL in flight)', async () => {
    const { exchanges, fetchFunction } = recordingFetch();
    TestBed.configureTestingModule({ providers: [provideStudioData(createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: fetchFunction }))] });
    const packages$ = TestBed.inject(StudioDataService).packages();
    const [first, second] = await Promise.all([firstValueFrom(packages$), firstValueFrom(packages$)]);
    expect(second).toEqual(first);
    expect(exchanges).toHaveLength(1);
  });
});
