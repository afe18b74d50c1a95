import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createStudioDataClient, type StudioDataClient } from '../../src/index.js';
import type { StudioClass } from '../../src/core/types.js';
import { expectSchema } from '../support/openapi.js';
import { DEMO_STUDIO, FIXTURE_STUDIO } from '../support/studio-server.js';
import { classToWire, eventToWire, parseLocaleStrings, personToWire, profileToWire } from '../support/wire.js';
import { wallTimeToInstant } from '../../src/core/zoned-time.js';
import { decoders } from '../../src/core/decode.js';

/**
 * Every method against the real server: what the client returns, written back in the wire's form,
 * matches the server's OpenAPI schema and equals what the server sent. The last test checks that the
 * tests above called every endpoint's method: a new endpoint gets its test here.
 */

const apiUrl = inject('apiUrl');
const FIXTURE_WEEK = '2026-03-23';

async function rawBody(path: string): Promise<unknown> {
  const response = await fetch(`${apiUrl}/api/public${path}`);
  expect(response.status).toBe(200);
  return response.json();
}

/** The endpoints' methods (the decoders' names: one per endpoint) that the tests above called. */
const methodsCalled = new Set<string>();

/** The client, noting each endpoint method the tests use. */
function notingCalls(client: StudioDataClient): StudioDataClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (typeof property === 'string' && property in decoders) methodsCalled.add(property);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

function expectSameAsWire(clientResultOnTheWire: unknown, wire: unknown) {
  expect(parseLocaleStrings(clientResultOnTheWire)).toEqual(parseLocaleStrings(wire));
}

/**
 * What each studio holds. The demo's classes and events are of the current week (its data moves
 * with the clock, and so does their number), so only the fixture's fixed week states those counts.
 */
const HOLDS: Record<string, { descriptionLocales: string[]; instructors: number; classes?: number; events?: number; packages: number; privateLessonInstructors: number; privateLessonQuestions: number }> = {
  [FIXTURE_STUDIO]: { descriptionLocales: ['es', 'en', 'es-MX'], instructors: 3, classes: 4, events: 2, packages: 2, privateLessonInstructors: 1, privateLessonQuestions: 2 },
  [DEMO_STUDIO]: { descriptionLocales: ['es', 'en'], instructors: 6, packages: 5, privateLessonInstructors: 3, privateLessonQuestions: 4 },
};

/** The studio's count of a listing where it is fixed; else only that there is something to compare with the wire. */
function expectCount(items: unknown[], expected: number | undefined) {
  if (expected === undefined) expect(items).not.toHaveLength(0);
  else expect(items).toHaveLength(expected);
}

describe.each([FIXTURE_STUDIO, DEMO_STUDIO])('Every endpoint of studio %s', (studio) => {
  let client: StudioDataClient;
  const from = studio === FIXTURE_STUDIO ? FIXTURE_WEEK : undefined;
  const query = from ? `?from=${from}` : '';
  const holds = HOLDS[studio]!;
  beforeAll(() => {
    client = notingCalls(createStudioDataClient({ baseUrl: apiUrl, studio }));
  });

  it('profile: the studio with its description and dance type descriptions decoded into locale maps', async () => {
    const profile = await client.profile();
    expect(typeof profile.description).toBe('object');
    expect(Object.keys(profile.description)).toEqual(holds.descriptionLocales);
    expectSchema(profileToWire(profile), 'StudioProfile');
    expectSameAsWire(profileToWire(profile), await rawBody(`/studio/${studio}/profile`));
  });

  it('instructors: each bio decoded', async () => {
    const instructors = await client.instructors();
    expect(instructors).toHaveLength(holds.instructors);
    const onTheWire = instructors.map(personToWire);
    expectSchema(onTheWire, 'Instructor', { array: true });
    expectSameAsWire(onTheWire, await rawBody(`/studio/${studio}/instructors`));
  });

  it('user profile of the first instructor', async () => {
    const [first] = await client.instructors();
    const profile = await client.userProfile(first!.id);
    expectSchema(personToWire(profile), 'UserProfile');
    expectSameAsWire(personToWire(profile), await rawBody(`/user/${first!.id}/profile`));
  });

  it('nextInSeries: when this week\'s session of a weekly class is over, then the next week\'s is found through the listing\'s next window', async () => {
    const [first] = await client.classes({ from });
    const seriesId = first!.seriesId;
    expect(await client.nextInSeries(seriesId, { from, now: first!.date })).toEqual(first);
    const afterIt = new Date(first!.date.getTime() + 1000);
    const next = await client.nextInSeries(seriesId, { from, now: afterIt });
    if (next !== null) {
      expect(next.seriesId).toBe(seriesId);
      expect(next.date.getTime()).toBeGreaterThanOrEqual(afterIt.getTime());
    }
    if (studio === FIXTURE_STUDIO) expect(next?.id).toBe('cf-salsa-mon-20260330');
    expect(await client.nextInSeries('no-such-series', { from, now: first!.date })).toBeNull();
  });

  it('classes: start instants as Dates', async () => {
    const classes = await client.classes({ from });
    expectCount(classes, holds.classes);
    for (const studioClass of classes) expect(studioClass.date).toBeInstanceOf(Date);
    const onTheWire = classes.map(classToWire);
    expectSchema(onTheWire, 'Class', { array: true });
    expectSameAsWire(onTheWire, await rawBody(`/studio/${studio}/classes${query}`));
  });

  it('classes of one dance type', async () => {
    const danceType = (await client.profile()).studioTypes[0]!.name;
    const classes = await client.classes({ from, danceType });
    expect(classes.every((studioClass) => studioClass.danceType === danceType)).toBe(true);
    expectSchema(classes.map(classToWire), 'Class', { array: true });
    expectSameAsWire(classes.map(classToWire), await rawBody(`/studio/${studio}/classes/${encodeURIComponent(danceType)}${query}`));
  });

  it('events: local dates as midnight UTC', async () => {
    const events = await client.events({ from });
    expectCount(events, holds.events);
    for (const event of events) expect(event.date.getTime() % 86_400_000).toBe(0);
    const onTheWire = events.map(eventToWire);
    expectSchema(onTheWire, 'Event', { array: true });
    expectSameAsWire(onTheWire, await rawBody(`/studio/${studio}/events${query}`));
  });

  it('packages', async () => {
    const packages = await client.packages();
    expect(packages).toHaveLength(holds.packages);
    expectSchema(packages, 'Package', { array: true });
    expectSameAsWire(packages, await rawBody(`/studio/${studio}/packages`));
  });

  it('private lesson instructors with availability and pricing', async () => {
    const instructors = await client.privateLessonInstructors();
    expect(instructors).toHaveLength(holds.privateLessonInstructors);
    const onTheWire = instructors.map(personToWire);
    expectSchema(onTheWire, 'PrivateLessonInstructor', { array: true });
    expectSameAsWire(onTheWire, await rawBody(`/studio/${studio}/private-lesson-instructors`));
  });

  it('private lesson questions with their labels', async () => {
    const questions = await client.privateLessonQuestions();
    expect(questions).toHaveLength(holds.privateLessonQuestions);
    expectSchema(questions, 'PrivateLessonQuestion', { array: true });
    expectSameAsWire(questions, await rawBody(`/studio/${studio}/private-lesson-questions`));
  });

  it('class by id: the week\'s first class as the listing shows it', async () => {
    const [first] = await client.classes({ from });
    // A class's id names a class (an event's, an event): the same entry as in the week's listing.
    const one = (await client.classById(first!.id)) as StudioClass;
    expect(one).toEqual(first);
    expectSchema(classToWire(one), 'Class');
    expectSameAsWire(classToWire(one), await rawBody(`/class/${first!.id}`));
  });

  it("free private lesson times of the first private lesson instructor, this week: start and end instants as Dates", async () => {
    const [instructor] = await client.privateLessonInstructors();
    const slots = await client.privateLessonSlots(instructor!.id);
    const onTheWire = Array.from(slots, (slot) => {
      expect([slot.start, slot.end]).toEqual([expect.any(Date), expect.any(Date)]);
      return { ...slot, start: slot.start.toISOString(), end: slot.end.toISOString() };
    });
    expectSchema(onTheWire, 'PrivateLessonSlot', { array: true });
    expectSameAsWire(onTheWire, await rawBody(`/studio/${studio}/private-lesson-instructors/${instructor!.id}/slots`));
  });
});

describe('The tests above', () => {
  it("called every endpoint's method of the client", () => {
    expect(Object.keys(decoders).filter((method) => !methodsCalled.has(method))).toEqual([]);
  });
});

describe('What the fixture studio holds, as the client reads it', () => {
  const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, defaultLocale: 'es' });

  it('When the week of 23 March 2026 is asked for, then its visible classes come in start order with Madrid times', async () => {
    const classes = await client.classes({ from: FIXTURE_WEEK });
    expect(classes.map((studioClass) => studioClass.id)).toEqual(['cf-salsa-mon-20260323', 'cf-wcs-wed', 'cf-salsa-full', 'cf-salsa-late']);
    const [monday] = classes;
    expect(monday!.date).toEqual(new Date('2026-03-23T18:00:00.000Z'));
    expect(monday!.description).toEqual({ es: 'Para empezar', en: 'To get started' });
    expect(monday!.instructor).toEqual({ id: 'cf-ana', name: 'Ana', lastname: 'Ruiz', image: 'https://images.example.com/client-fixture/ana.png' });
  });

  it('When from is a Date, then it names the same window as the ISO string of its instant', async () => {
    const windowStart = new Date('2026-03-22T23:00:00.000Z'); // 00:00 on Monday 23 March in Madrid
    expect(await client.classes({ from: windowStart })).toEqual(await client.classes({ from: '2026-03-23T00:00:00+01:00' }));
  });

  it('When a dance type is named in other letter case, then only its classes are listed', async () => {
    const classes = await client.classes({ from: FIXTURE_WEEK, danceType: 'west coast SWING' });
    expect(classes.map((studioClass) => studioClass.id)).toEqual(['cf-wcs-wed']);
  });

  it('When events are listed, then each date is the local date at midnight UTC and the host is given', async () => {
    const events = await client.events({ from: FIXTURE_WEEK });
    // The social ends at 02:00 on the night Madrid springs forward: the clock then reads 03:00.
    expect(events.map((event) => [event.id, event.date.toISOString(), event.endTime, event.host?.id ?? null])).toEqual([
      ['cf-social', '2026-03-28T00:00:00.000Z', '03:00', 'cf-bruno'],
      ['cf-workshop', '2026-03-29T00:00:00.000Z', '14:00', null],
    ]);
    expect(events[0]!.danceType).toBeNull();
  });

  it('When the profile is read, then its description is a locale map that text() reads with the fallback rules', async () => {
    const profile = await client.profile();
    expect(profile.description).toEqual({ es: 'Escuela de prueba', en: 'Test school', 'es-MX': 'Escuela de prueba (México)' });
    expect(client.text(profile.description, 'es-MX')).toBe('Escuela de prueba (México)');
    expect(client.text(profile.description, 'es-AR')).toBe('Escuela de prueba');
    expect(client.text(profile.description, 'fr')).toBe('Escuela de prueba');
    expect(profile.studioTypes.map((type) => [type.name, type.description])).toEqual([
      ['Salsa', { es: 'Salsa cubana', en: 'Cuban salsa' }],
      ['West Coast Swing', { en: 'Swing from the west coast' }],
      ['Staff Only', {}],
    ]);
  });

  it('When private lesson instructors are listed, then only those with windows and prices appear, with both', async () => {
    const [bruno, ...others] = await client.privateLessonInstructors();
    expect(others).toEqual([]);
    expect(bruno!.id).toBe('cf-bruno');
    expect(bruno!.bio).toEqual({ en: 'Swing dancer' });
    expect(bruno!.availability.map((window) => window.id)).toEqual(['cf-av-mon', 'cf-av-wed']);
    expect(bruno!.pricing.map((entry) => [entry.durationMins, entry.price, entry.currency])).toEqual([
      [60, 50, 'EUR'],
      [90, 70, 'EUR'],
    ]);
  });

  it('When questions are read, then labels and option labels are locale maps', async () => {
    const [level, goal] = await client.privateLessonQuestions();
    expect(client.text(level!.label, 'es')).toBe('Tu nivel');
    expect(level!.options?.map((option) => client.text(option.label, 'es'))).toEqual(['Principiante', 'Advanced']);
    expect(goal!.options).toBeNull();
  });
});

describe('the next session of a weekly event', () => {
  const client = createStudioDataClient({ baseUrl: apiUrl, studio: DEMO_STUDIO });
  const DAY_MS = 86_400_000;

  it("When this week's Saturday social of the demo studio has begun, then a later week's is found, its start read in the studio's zone", async () => {
    const { timezone } = await client.profile();
    const social = (await client.events()).find((event) => event.seriesId === 'social-sat');
    expect(social?.dayOfWeek).toBe('saturday');
    const starts = wallTimeToInstant(social!.date.toISOString().slice(0, 10), social!.startTime, timezone);

    expect(await client.nextEventInSeries('social-sat', { now: starts })).toEqual(social);
    const next = await client.nextEventInSeries('social-sat', { now: new Date(starts.getTime() + 1000), weeks: 3 });
    expect(next?.seriesId).toBe('social-sat');
    const weeksLater = (next!.date.getTime() - social!.date.getTime()) / (7 * DAY_MS);
    expect([1, 2]).toContain(weeksLater);
    expect(await client.nextEventInSeries('no-such-series', { now: starts })).toBeNull();
  });
});
