import { insertConfirmedClassBooking } from '../support/bookings';
import { databaseTargets } from '../support/databases';
import { MADRID_ANA_PROFILE, madridStudio, newYorkStudio, nightOwlsStudio } from '../support/fixture-studios';
import { request, type RawResponse } from '../support/http';
import { API_VERSION } from '../../server/src/http/api/api-version';
import { ENDPOINTS } from '../../server/src/http/api/endpoint-table';
import { expectToMatchOpenApi, operationsWithCheckedAnswers } from '../support/openapi';
import { startTestServer, type TestServer } from '../support/test-server';
import { eventuallyWithin } from '../support/eventually-within';

/** Wednesday 2026-03-25, 13:00 in Madrid: "today" for every request without `from`. */
const NOW = Date.parse('2026-03-25T12:00:00Z');
const MADRID = '/api/public/studio/fixture-madrid';
const NYC = '/api/public/studio/fixture-nyc';
/** Where the API and the booking pages say they are (their links use them). */
const API_BASE = 'https://api.example.test';
const CHECKOUT_BASE = 'https://book.example.test';

const ids = (response: RawResponse) => (response.body as { id: string }[]).map((entry) => entry.id);

describe.each(databaseTargets())('public API contract on $name', (target) => {
  let api: TestServer;
  /** GET (or another method) that also checks the answer against the OpenAPI document. */
  const call = async (path: string, options: { method?: string; headers?: Record<string, string> } = {}) => {
    const response = await request(api.url, path, options);
    // A calendar feed is text: its body is checked as the text it is.
    const body = /json/.test(String(response.headers['content-type'] ?? 'json')) ? response.body : response.text;
    if (response.status !== 405) expectToMatchOpenApi({ ...response, body, headers: response.headers as Record<string, string> }, options.method ?? 'GET', path);
    return response;
  };

  beforeAll(async () => {
    api = await startTestServer(target, {
      documents: [madridStudio(), newYorkStudio(), nightOwlsStudio()],
      now: () => NOW,
      env: { PUBLIC_BASE_URL: API_BASE, CHECKOUT_BASE_URL: CHECKOUT_BASE },
    });
  });
  afterAll(() => api.stop());

  describe('studio profile', () => {
    it('When a site asks for the profile, then every field is there with its contract type', async () => {
      const response = await call(`${MADRID}/profile`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toEqual({
        id: 'fixture-madrid',
        name: 'Salsa Fixture Madrid',
        country: 'ES',
        address: 'Calle Mayor 1, Madrid',
        unit: '2º',
        businessHours: 'Mon-Fri 17:00-23:00',
        description: JSON.stringify({ es: 'Escuela de baile', en: 'Dance school' }),
        logo: 'https://images.example.com/logo.png',
        phone: '+34 600 000 000',
        defaultCurrency: 'EUR',
        website: 'https://salsa.example.com',
        yearEstablished: 2012,
        timezone: 'Europe/Madrid',
        whatsappEnabled: true,
        whatsappPhone: '+34 600 000 001',
        locales: ['es', 'en'],
        studioTypes: [
          { name: 'Salsa', description: JSON.stringify({ es: 'Salsa cubana', en: 'Cuban salsa' }), image: 'https://images.example.com/salsa.png', isVisibleOnWeb: true },
          { name: 'West Coast Swing', description: '{"en":"Swing"}', image: null, isVisibleOnWeb: true },
          { name: 'Bachata', description: '{}', image: null, isVisibleOnWeb: true },
          { name: 'Teacher Training', description: '{}', image: null, isVisibleOnWeb: false },
        ],
      });
    });

    it('When the studio left optional fields out, then they are null and the description is "{}"', async () => {
      const response = await call(`${NYC}/profile`);
      expect(response.body).toMatchObject({ address: null, unit: null, logo: null, yearEstablished: null, whatsappEnabled: null, description: '{}' });
    });

    it('When the studio id is unknown or malformed, then the answer is 404 studio_not_found', async () => {
      for (const id of ['nope', 'bad%20id', 'x'.repeat(65)]) {
        const response = await call(`/api/public/studio/${id}/profile`);
        expect(response.status).toBe(404);
        expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
        expect(response.body).toMatchObject({ status: 404, code: 'studio_not_found', title: 'Not Found', type: 'about:blank' });
      }
    });
  });

  describe('instructors and user profiles', () => {
    it('When a site lists instructors, then it gets every team member with the instructor role, in team order, with what their public profile says', async () => {
      const response = await call(`${MADRID}/instructors`);
      const { occupation, yearsOfExperience, danceSpecialities } = MADRID_ANA_PROFILE;
      const noFacts = { occupation: null, yearsOfExperience: null, danceSpecialities: [] };
      expect(response.body).toEqual([
        { id: 'mad-ana', name: 'Ana', lastname: 'García', image: 'https://images.example.com/ana.png', bio: JSON.stringify({ es: 'Bailarina', en: 'Dancer' }), occupation, yearsOfExperience, danceSpecialities },
        { id: 'mad-luis', name: 'Luis', lastname: null, image: null, bio: '{}', ...noFacts },
        // Not public: on the team, but the profile's facts stay with the profile.
        { id: 'mad-hidden', name: 'Hidden', lastname: 'Person', image: null, bio: '{}', ...noFacts },
      ]);
    });

    it('When a public user profile is asked for, then it carries occupation, experience and specialities', async () => {
      const response = await call('/api/public/user/mad-ana/profile');
      expect(response.body).toEqual(MADRID_ANA_PROFILE);
      const bare = await call('/api/public/user/mad-marta/profile');
      expect(bare.body).toMatchObject({ lastname: null, occupation: null, yearsOfExperience: null, danceSpecialities: [], bio: '{}' });
    });

    it('When the profile is not public or the user is unknown, then the answer is 404 user_not_found', async () => {
      for (const id of ['mad-hidden', 'nobody', '%F0%9F%92%83']) {
        const response = await call(`/api/public/user/${id}/profile`);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ code: 'user_not_found' });
      }
    });
  });

  describe('classes', () => {
    it('When a week crosses the spring DST change, then it holds the classes of its 167 hours in start order', async () => {
      const response = await call(`${MADRID}/classes?from=2026-03-23`);
      expect(response.status).toBe(200);
      // Same start and name: the id decides. The 02:30 class of the change night reads 03:30.
      expect(ids(response)).toEqual(['salsa-mon-20260323', 'wcs-sat', 'wcs-sat-b', 'late-sun-20260329']);
      const late = (response.body as Record<string, unknown>[])[3];
      expect(late).toMatchObject({ date: '2026-03-29T01:30:00.000Z', dayOfWeek: 'sunday', startTime: '03:30' });
    });

    it('When a site reads a class, then it has every contract field plus danceType, seriesId, spotsLeft and waitlistOpen', async () => {
      const response = await call(`${MADRID}/classes?from=2026-03-23`);
      expect((response.body as unknown[])[0]).toEqual({
        id: 'salsa-mon-20260323',
        name: 'Salsa Beginners',
        dayOfWeek: 'monday',
        startTime: '19:00',
        endTime: '20:00',
        level: 'Beginner',
        room: 'Room A',
        date: '2026-03-23T18:00:00.000Z',
        price: 12.5,
        currency: 'EUR',
        capacity: 20,
        allowPackages: true,
        description: { es: 'Para empezar', en: 'To get started' },
        instructor: { id: 'mad-ana', name: 'Ana', lastname: 'García', image: 'https://images.example.com/ana.png' },
        danceType: 'Salsa',
        seriesId: 'salsa-mon',
        spotsLeft: 20,
        waitlistOpen: false,
      });
      expect((response.body as unknown[])[2]).toMatchObject({ room: null, price: null, capacity: null, allowPackages: null, description: null, instructor: null, spotsLeft: null, waitlistOpen: null });
    });

    it('When a site looks for the next session of a weekly class, then every week of the series has the same seriesId and a one-off its own id', async () => {
      const [thisWeek, nextWeek] = await Promise.all([call(`${MADRID}/classes?from=2026-03-23`), call(`${MADRID}/classes?from=2026-03-30`)]);
      const seriesOf = (response: { body: unknown }) => Object.fromEntries((response.body as { id: string; seriesId: string }[]).map((entry) => [entry.id, entry.seriesId]));
      expect(seriesOf(thisWeek)).toEqual({ 'salsa-mon-20260323': 'salsa-mon', 'wcs-sat': 'wcs-sat', 'wcs-sat-b': 'wcs-sat-b', 'late-sun-20260329': 'late-sun' });
      expect(seriesOf(nextWeek)).toMatchObject({ 'salsa-mon-20260330': 'salsa-mon' });
      // The class by id says the same as the listing.
      expect((await call('/api/public/class/salsa-mon-20260330')).body).toMatchObject({ id: 'salsa-mon-20260330', seriesId: 'salsa-mon' });
    });

    it('When from is omitted, then the window starts at 00:00 today in the studio zone', async () => {
      const response = await call(`${MADRID}/classes`);
      expect(ids(response)).toEqual(['wcs-sat', 'wcs-sat-b', 'late-sun-20260329', 'salsa-mon-20260330']);
      expect(await call(`${MADRID}/classes?from=`).then(ids)).toEqual(ids(response));
    });

    it('When the week crosses the autumn DST change, then the classes are at the right instants', async () => {
      const response = await call(`${MADRID}/classes?from=2026-10-19`);
      expect(ids(response)).toEqual(['salsa-mon-20261019', 'late-sun-20261025']);
      // 02:30 happens twice that night: the first one (still summer time) is meant.
      expect((response.body as Record<string, unknown>[])[1]).toMatchObject({ date: '2026-10-25T00:30:00.000Z', startTime: '02:30' });
    });

    it('When New York changes clocks, then its windows and classes follow New York time', async () => {
      // 2026-03-02 00:00 EST to 2026-03-09 00:00 EDT: the class at the very start is in, the one at the very end is out.
      expect(await call(`${NYC}/classes?from=2026-03-02`).then(ids)).toEqual(['nyc-mon-20260302', 'gap']);
      const gap = await call(`${NYC}/classes?from=2026-03-08`);
      expect((gap.body as Record<string, unknown>[])[0]).toMatchObject({ id: 'gap', date: '2026-03-08T07:30:00.000Z', startTime: '03:30' });
      const fallBack = await call(`${NYC}/classes?from=2026-11-01`);
      expect(fallBack.body).toEqual([expect.objectContaining({ id: 'night-20261101', date: '2026-11-01T05:30:00.000Z', startTime: '01:30', endTime: '02:15' })]);
    });

    it('When a class is written in the hour the clocks skip, then it moves forward by the gap and keeps its length', async () => {
      // 02:30–03:30 on 2026-03-29 in Madrid: 02:30 does not exist, so it starts at 03:30 (01:30Z) and ends an hour later.
      const owls = await call('/api/public/studio/fixture-night-owls/classes?from=2026-03-29');
      expect(owls.body).toEqual([
        expect.objectContaining({ id: 'owl-gap-late', date: '2026-03-29T01:15:00.000Z', startTime: '03:15', endTime: '04:00' }),
        expect.objectContaining({ id: 'owl-gap-class', date: '2026-03-29T01:30:00.000Z', startTime: '03:30', endTime: '04:30' }),
      ]);
      const late = (await call(`${MADRID}/classes?from=2026-03-23`).then((response) => response.body as Record<string, unknown>[])).find((entry) => entry.id === 'late-sun-20260329');
      expect(late).toMatchObject({ startTime: '03:30', endTime: '04:30' });
      const gap = await call(`${NYC}/classes?from=2026-03-08`);
      expect((gap.body as Record<string, unknown>[])[0]).toMatchObject({ id: 'gap', startTime: '03:30', endTime: '04:30' });
    });

    it('When an event runs past midnight across a change of the clocks, then it ends when the clocks read its end time', async () => {
      const spring = await call('/api/public/studio/fixture-night-owls/events?from=2026-03-28');
      expect(spring.body).toEqual([
        // 23:00 to 04:00 on the clock: five real hours that night.
        expect.objectContaining({ id: 'owl-gap-long', date: '2026-03-28', startTime: '23:00', endTime: '04:00' }),
        // 02:30 does not exist: the clocks read 03:30 three real hours after 23:30.
        expect.objectContaining({ id: 'owl-gap-night', date: '2026-03-28', startTime: '23:30', endTime: '03:30' }),
      ]);
      const autumn = await call('/api/public/studio/fixture-night-owls/events?from=2026-10-24');
      expect(autumn.body).toEqual([expect.objectContaining({ id: 'owl-back-night', date: '2026-10-24', startTime: '23:30', endTime: '02:30' })]);
    });

    it('When from is an instant, then classes starting exactly then are in and earlier ones out', async () => {
      expect(await call(`${MADRID}/classes?from=2026-03-23T18:00:00.000Z`).then(ids)).toContain('salsa-mon-20260323');
      expect(await call(`${MADRID}/classes?from=2026-03-23T18:00:00.001Z`).then(ids)).not.toContain('salsa-mon-20260323');
      expect(await call(`${MADRID}/classes?from=2026-03-23T19:00:00%2B01:00`).then(ids)).toContain('salsa-mon-20260323');
      expect(await call(`${MADRID}/classes?from=2026-03-23T19:00`).then(ids)).toContain('salsa-mon-20260323');
    });

    it('When a class is cancelled or its type is hidden from the web, then it is not listed', async () => {
      const listed = await call(`${MADRID}/classes?from=2026-03-23`).then(ids);
      expect(listed).not.toContain('salsa-cancelled');
      expect(listed).not.toContain('training');
    });

    it('When from is not an accepted form, then the answer is 400 invalid_from', async () => {
      for (const from of ['2026-02-30', 'tomorrow', '2026-03-23T25:00', '2026-03-23%2010:00']) {
        const response = await call(`${MADRID}/classes?from=${from}`);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'invalid_from', status: 400 });
      }
    });

    it('When from is centuries away, then the answer is an empty week', async () => {
      expect((await call(`${MADRID}/classes?from=0001-01-01`)).body).toEqual([]);
      expect((await call(`${MADRID}/events?from=9999-12-31T23:59:59.999Z`)).body).toEqual([]);
    });
  });

  describe('classes of one dance type', () => {
    it('When the type name differs in case or is URL-encoded, then it still matches', async () => {
      expect(await call(`${MADRID}/classes/salsa?from=2026-03-23`).then(ids)).toEqual(['salsa-mon-20260323']);
      expect(await call(`${MADRID}/classes/West%20Coast%20Swing?from=2026-03-23`).then(ids)).toEqual(['wcs-sat', 'wcs-sat-b']);
      expect(await call(`${MADRID}/classes/WEST%20coast%20swing?from=2026-03-23`).then(ids)).toEqual(['wcs-sat', 'wcs-sat-b']);
    });

    it('When the type exists but is hidden from the web, then the list is empty', async () => {
      const response = await call(`${MADRID}/classes/Teacher%20Training?from=2026-03-23`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it('When the studio has no such type, then the answer is 404 dance_type_not_found', async () => {
      for (const name of ['Tango', 'Salsa%2FBachata', '%00']) {
        const response = await call(`${MADRID}/classes/${name}`);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ code: 'dance_type_not_found' });
      }
    });
  });

  describe('events', () => {
    it('When a site lists the week of events, then cancelled ones are left out and each has a date-only date and a host', async () => {
      const response = await call(`${MADRID}/events?from=2026-03-23`);
      expect(response.body).toEqual([
        {
          id: 'social',
          name: 'Saturday Social',
          dayOfWeek: 'saturday',
          startTime: '22:00',
          // Past midnight: the end is earlier than the start. It was written 02:00, but that night
          // Madrid's clocks jump from 02:00 to 03:00, so the party ends when they read 03:00.
          endTime: '03:00',
          level: 'All levels',
          room: 'Main hall',
          date: '2026-03-28',
          price: 8,
          currency: 'EUR',
          capacity: 100,
          allowPackages: false,
          description: { en: 'Social dancing' },
          host: { id: 'mad-luis', name: 'Luis', lastname: null, image: null },
          danceType: null,
          seriesId: 'social',
          spotsLeft: 100,
          waitlistOpen: false,
        },
        {
          id: 'workshop',
          name: 'Styling Workshop',
          dayOfWeek: 'sunday',
          startTime: '12:00',
          endTime: '14:00',
          level: 'All levels',
          room: null,
          date: '2026-03-29',
          price: null,
          currency: 'EUR',
          capacity: null,
          allowPackages: null,
          description: null,
          host: null,
          danceType: null,
          seriesId: 'workshop',
          spotsLeft: null,
          waitlistOpen: null,
        },
      ]);
    });

    it('When from is an instant late in the evening UTC, then the window starts on the studio-local date', async () => {
      // 23:30Z on 2026-03-28 is already the 29th in Madrid: the Saturday social is before the window,
      // and the 5 April event is on D + 7, the first date after it.
      expect(await call(`${MADRID}/events?from=2026-03-28T23:30:00Z`).then(ids)).toEqual(['workshop']);
      const nextWeek = await call(`${MADRID}/events?from=2026-03-30`);
      expect(nextWeek.body).toEqual([expect.objectContaining({ id: 'next-week-event', date: '2026-04-05', startTime: '22:00', endTime: '01:30' })]);
    });

    it('When from is omitted, then the events of today and the next six days in the studio zone are listed', async () => {
      expect(await call(`${MADRID}/events`).then(ids)).toEqual(['social', 'workshop']);
    });

    it('When from is invalid, then the answer is 400 invalid_from', async () => {
      expect((await call(`${MADRID}/events?from=2026-3-1`)).body).toMatchObject({ code: 'invalid_from' });
    });
  });

  describe('packages, private lessons and questions', () => {
    it('When a site lists packages, then only those visible on the web come, in the studio order', async () => {
      const response = await call(`${MADRID}/packages`);
      expect(response.body).toEqual([
        { id: 'ten', name: '10 classes', description: { en: 'Ten classes' }, price: 100, currency: 'EUR', classCount: 10, validityDays: 90, danceTypes: [] },
        { id: 'unlimited', name: 'Unlimited Salsa', description: null, price: 79.9, currency: 'EUR', classCount: null, validityDays: null, danceTypes: ['Salsa'] },
      ]);
    });

    it('When a site lists private lesson instructors, then only those with active availability and active pricing appear, sorted', async () => {
      const response = await call(`${MADRID}/private-lesson-instructors`);
      expect(response.body).toEqual([
        {
          id: 'mad-luis',
          name: 'Luis',
          lastname: null,
          image: null,
          bio: '{}',
          availability: [
            { id: 'av-luis-mon-a', dayOfWeek: 1, startTime: '09:00', endTime: '11:00' },
            { id: 'av-luis-mon-b', dayOfWeek: 1, startTime: '12:00', endTime: '14:00' },
            { id: 'av-luis-wed', dayOfWeek: 3, startTime: '16:00', endTime: '18:00' },
          ],
          pricing: [
            { id: 'pr-luis-60-cheap', durationMins: 60, price: 45, currency: 'EUR' },
            { id: 'pr-luis-60', durationMins: 60, price: 50, currency: 'EUR' },
            { id: 'pr-luis-90', durationMins: 90, price: 70, currency: 'EUR' },
          ],
        },
      ]);
    });

    it('When a client replicates the booking form, then it gets the active questions with real label objects', async () => {
      const response = await call(`${MADRID}/private-lesson-questions`);
      expect(response.body).toEqual([
        {
          id: 'q-level',
          label: { en: 'Your level', es: 'Tu nivel' },
          type: 'DROPDOWN',
          options: [
            { value: 'beginner', label: { en: 'Beginner', es: 'Principiante' } },
            { value: 'advanced', label: { en: 'Advanced' } },
          ],
          required: true,
        },
        { id: 'q-goal', label: { en: 'Your goal' }, type: 'FREEFORM', options: null, required: false },
      ]);
    });

    it('When the studio has none of them, then the lists are empty', async () => {
      for (const endpoint of ['packages', 'private-lesson-instructors', 'private-lesson-questions']) {
        expect((await call(`${NYC}/${endpoint}`)).body).toEqual([]);
      }
    });
  });

  describe('what developers wrote by hand (issue 20)', () => {
    const link = (response: RawResponse) => response.headers.link;
    const base = () => API_BASE;

    it('When a listing is answered, then its Link header names the previous and next windows in the studio wall-clock time', async () => {
      const week = await call(`${MADRID}/classes?from=2026-03-23`);
      expect(link(week)).toBe(`<${base()}${MADRID}/classes?from=2026-03-16>; rel="prev", <${base()}${MADRID}/classes?from=2026-03-30>; rel="next"`);
      // Without from: this week (today is Wednesday 2026-03-25 in Madrid).
      expect(link(await call(`${MADRID}/events`))).toBe(`<${base()}${MADRID}/events?from=2026-03-18>; rel="prev", <${base()}${MADRID}/events?from=2026-04-01>; rel="next"`);
      // An instant with an offset: the next window starts at the same Madrid wall-clock time a week later, across the clock change.
      // The type as the studio writes it, however it was asked for.
      expect(link(await call(`${MADRID}/classes/west%20coast%20SWING?from=2026-03-23T10:30:00%2B01:00`))).toBe(
        `<${base()}${MADRID}/classes/West%20Coast%20Swing?from=2026-03-16T10:30>; rel="prev", <${base()}${MADRID}/classes/West%20Coast%20Swing?from=2026-03-30T10:30>; rel="next"`,
      );
      const next = await call(`${MADRID}/classes?from=2026-03-30`);
      expect(ids(next)).toEqual(['salsa-mon-20260330', 'late-sun-20260405']);
      expect(week.headers['access-control-expose-headers']).toContain('Link');
    });

    it('When a client asks for one class or event by id, then it gets it as the listings show it', async () => {
      const one = await call('/api/public/class/salsa-mon-20260323');
      expect(one.status).toBe(200);
      expect(one.body).toEqual((await call(`${MADRID}/classes?from=2026-03-23`).then((week) => week.body as unknown[]))[0]);
      const event = await call('/api/public/class/social');
      expect(event.body).toMatchObject({ id: 'social', date: '2026-03-28', danceType: null, currency: 'EUR', host: { id: 'mad-luis' } });
    });

    it('When the class is unknown, of a hidden type or cancelled, then the answer says which', async () => {
      for (const id of ['nope-20260323', 'training', 'bad%20id']) expect((await call(`/api/public/class/${id}`)).body).toMatchObject({ status: 404, code: 'class_not_found' });
      expect((await call('/api/public/class/salsa-cancelled')).body).toMatchObject({ status: 410, code: 'class_cancelled', title: 'Gone' });
    });

    it('When an app asks for free private lesson times, then it gets those the booking page offers, with the page to book each', async () => {
      const response = await call(`${MADRID}/private-lesson-instructors/mad-luis/slots`);
      const slots = response.body as { start: string; date: string; startTime: string; endTime: string }[];
      // Wednesday 16:00-18:00 (today, in the afternoon), Monday 09:00-11:00 and 12:00-14:00 after the clocks went forward: 60 minutes, every 15.
      expect(slots.map((slot) => `${slot.date} ${slot.startTime}-${slot.endTime}`)).toEqual([
        ...['16:00-17:00', '16:15-17:15', '16:30-17:30', '16:45-17:45', '17:00-18:00'].map((time) => `2026-03-25 ${time}`),
        ...['09:00-10:00', '09:15-10:15', '09:30-10:30', '09:45-10:45', '10:00-11:00', '12:00-13:00', '12:15-13:15', '12:30-13:30', '12:45-13:45', '13:00-14:00'].map((time) => `2026-03-30 ${time}`),
      ]);
      expect(response.body).toEqual(expect.arrayContaining([
        {
          start: '2026-03-30T07:00:00.000Z',
          end: '2026-03-30T08:00:00.000Z',
          date: '2026-03-30',
          startTime: '09:00',
          endTime: '10:00',
          durationMins: 60,
          pricingId: 'pr-luis-60-cheap',
          price: 45,
          currency: 'EUR',
          bookingUrl: `${CHECKOUT_BASE}/es/book/private-lesson/mad-luis?pricing=pr-luis-60-cheap&date=2026-03-30`,
        },
      ]));
      expect(link(response)).toBe(
        `<${base()}${MADRID}/private-lesson-instructors/mad-luis/slots?from=2026-03-18>; rel="prev", <${base()}${MADRID}/private-lesson-instructors/mad-luis/slots?from=2026-04-01>; rel="next"`,
      );
      const longer = await call(`${MADRID}/private-lesson-instructors/mad-luis/slots?from=2026-03-26&durationMins=90`);
      expect((longer.body as { date: string; startTime: string }[]).map((slot) => `${slot.date} ${slot.startTime}`)).toEqual(
        [...['09:00', '09:15', '09:30', '12:00', '12:15', '12:30'].map((time) => `2026-03-30 ${time}`), ...['16:00', '16:15', '16:30'].map((time) => `2026-04-01 ${time}`)],
      );
      expect(link(longer)).toContain('slots?from=2026-04-02&durationMins=90>; rel="next"');
      // Past the booking page's four weeks: nothing, as the page offers nothing there.
      expect((await call(`${MADRID}/private-lesson-instructors/mad-luis/slots?from=2026-04-25`)).body).toEqual([]);
    });

    it('When the lesson length or the instructor is not offered, then the answer says what is', async () => {
      expect((await call(`${MADRID}/private-lesson-instructors/mad-luis/slots?durationMins=30`)).body).toMatchObject({
        status: 400,
        code: 'invalid_duration',
        detail: "durationMins must be one of this instructor's lesson lengths in minutes: 60, 90.",
      });
      for (const id of ['mad-ana', 'nobody']) expect((await call(`${MADRID}/private-lesson-instructors/${id}/slots`)).body).toMatchObject({ status: 404, code: 'instructor_not_found' });
    });

    it('When from carries an offset whose + was not encoded, then the 400 says to send it as %2B', async () => {
      const response = await call(`${MADRID}/classes?from=2026-03-23T10:00+01:00`);
      expect(response.body).toMatchObject({
        status: 400,
        code: 'invalid_from',
        detail:
          "from must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:mm, :ss or :ss.sss), optionally followed by Z or ±HH:mm. The offset's + arrived as a space: in a URL's query a + means a space, so send it as %2B (from=2026-03-23T10:00%2B01:00).",
      });
      expect(((await call(`${MADRID}/events?from=monday`)).body as { detail: string }).detail).toContain('An offset such as +01:00 is sent as %2B01:00');
    });

    it('When a type name comes decomposed (an e and a combining accent), then it finds the type written composed, and the other way round', async () => {
      await api.importDocument(cafeStudio('fixture-cafe', 'Caf\u00e9 Cubano'), NOW);
      await api.server.stamps.refresh();
      for (const name of ['Cafe%CC%81%20Cubano', 'CAF%C3%89%20cubano']) expect(await call(`/api/public/studio/fixture-cafe/classes/${name}?from=2026-03-23`).then(ids)).toEqual(['cafe-tue']);
      await api.importDocument(cafeStudio('fixture-cafe-decomposed', 'Cafe\u0301 Cubano'), NOW);
      await api.server.stamps.refresh();
      expect(await call('/api/public/studio/fixture-cafe-decomposed/classes/Caf%C3%A9%20Cubano?from=2026-03-23').then(ids)).toEqual(['cafe-decomposed-tue']);
    });

    it('When a calendar subscribes, then it gets the studio feed as text/calendar', async () => {
      const response = await call(`${MADRID}/calendar.ics`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      const again = await call(`${MADRID}/calendar.ics`, { headers: { 'if-none-match': String(response.headers.etag) } });
      expect(again.status).toBe(304);
    });

    it('When any answer is given, then it names the API version of the OpenAPI document', async () => {
      for (const path of [`${MADRID}/profile`, '/api/public/openapi.json']) expect((await call(path)).headers['api-version']).toBe('1.2.0');
      expect((await request(api.url, `${MADRID}/nope`)).headers['api-version']).toBe('1.2.0');
    });
  });

  describe('HTTP behaviour', () => {
    it('When a path does not exist under the API, then the answer is 404 not_found as problem JSON', async () => {
      for (const path of ['/api/public/', '/api/public/studio', '/api/public/studio/fixture-madrid', '/api/public/studio/fixture-madrid/teachers', '/api/public/studio/fixture-madrid/classes/Salsa/extra']) {
        const response = await request(api.url, path);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ code: 'not_found', status: 404 });
      }
    });

    it('When a client writes, then the answer is 405 with Allow: GET, HEAD, OPTIONS', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const response = await call(`${MADRID}/classes`, { method });
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
        expect(response.body).toMatchObject({ code: 'method_not_allowed', status: 405 });
      }
    });

    it('When browser code on another site calls the API, then CORS allows any origin without credentials', async () => {
      const response = await call(`${MADRID}/profile`, { headers: { Origin: 'https://dance.example.org' } });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(response.headers['access-control-expose-headers'])).toContain('ETag');
    });

    it('When a browser sends a preflight, then it gets 204 allowing GET, naming the API version as every answer does', async () => {
      const response = await request(api.url, `${MADRID}/classes`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://dance.example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'If-None-Match' },
      });
      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match');
      expect(response.headers['api-version']).toBe(API_VERSION);
    });

    it('When the client already holds the current body, then If-None-Match gets 304 with no body', async () => {
      const first = await call(`${MADRID}/classes?from=2026-03-23`);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400');
      // A CDN can purge the studio's answers by this tag (README, "Deployment: more than one machine").
      expect(first.headers['surrogate-key']).toMatch(/^studio-[A-Za-z0-9_-]+$/);
      expect(first.headers['cache-tag']).toBe(first.headers['surrogate-key']);
      for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await call(`${MADRID}/classes?from=2026-03-23`, { headers: { 'If-None-Match': condition } });
        expect(again.status).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      const stale = await call(`${MADRID}/classes?from=2026-03-23`, { headers: { 'If-None-Match': '"stale"' } });
      expect(stale.status).toBe(200);
    });

    it('When a client sends HEAD, then it gets the headers of the GET and no body', async () => {
      const get = await call(`${MADRID}/events?from=2026-03-23`);
      const head = await call(`${MADRID}/events?from=2026-03-23`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(head.headers.etag).toBe(get.headers.etag);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
    });

    it('When errors are answered, then they are never cached', async () => {
      expect((await call(`${MADRID}/classes?from=nope`)).headers['cache-control']).toBe('no-store');
    });

    it('When the OpenAPI document is requested, then it is served as JSON', async () => {
      const response = await call('/api/public/openapi.json');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./) });
    });
  });

  describe('freshness', () => {
    it('When a studio is imported again, then cached answers are replaced by the new data and a new ETag', async () => {
      const before = await call(`${NYC}/profile`);
      const document = newYorkStudio();
      document.studio.name = 'NYC Fixture Renamed';
      await api.importDocument(document);
      // The server learns of imports by polling (every 100 ms here): wait for it rather than forcing it.
      let after = before;
      await eventuallyWithin(async () => {
        after = await call(`${NYC}/profile`);
        expect(after.body).toMatchObject({ name: 'NYC Fixture Renamed' });
      }, 2_500);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const revalidated = await call(`${NYC}/profile`, { headers: { 'If-None-Match': String(before.headers.etag) } });
      expect(revalidated.status).toBe(200);
    });

    it('When a booking is confirmed, then spotsLeft goes down once the studio changes', async () => {
      const before = await call(`${MADRID}/classes?from=2026-03-23`);
      expect((before.body as { id: string; spotsLeft: number }[]).find((entry) => entry.id === 'wcs-sat')?.spotsLeft).toBe(2);
      const oneBefore = await call('/api/public/class/wcs-sat');
      expect((oneBefore.body as { spotsLeft: number }).spotsLeft).toBe(2);
      await insertConfirmedClassBooking(api.server.store.db, { id: `contract-${target.name}`, studioId: 'fixture-madrid', classId: 'wcs-sat', email: 'a@example.com' });
      await api.server.store.db.updateTable('studios').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 'fixture-madrid').execute();
      await api.server.stamps.refresh();
      const after = await call(`${MADRID}/classes?from=2026-03-23`);
      expect((after.body as { id: string; spotsLeft: number }[]).find((entry) => entry.id === 'wcs-sat')?.spotsLeft).toBe(1);
      // One class by id, cached with the users' answers, follows too: any studio's change drops them.
      const oneAfter = await call('/api/public/class/wcs-sat', { headers: { 'if-none-match': String(oneBefore.headers.etag) } });
      expect([oneAfter.status, (oneAfter.body as { spotsLeft: number }).spotsLeft]).toEqual([200, 1]);
      // Who booked is never part of the public API.
      expect(after.text).not.toContain('a@example.com');
    });
  });
});

// Last in this file, so it sees what every test above checked.
describe('the contract suite and the endpoint table', () => {
  it('When the suite has run, then every endpoint of the table has had a successful answer checked against its OpenAPI operation', () => {
    const unchecked = ENDPOINTS.map((endpoint) => endpoint.operationId).filter((operationId) => !operationsWithCheckedAnswers().has(operationId));
    // An id listed here is an endpoint no test above asked for with `call()` and got a 2xx answer from: add one that states its answer.
    expect(unchecked).toEqual([]);
  });
});

/** A studio whose one dance type has an accented name, written as given (composed or decomposed), with one class on Tuesday 2026-03-24. */
function cafeStudio(id: string, typeName: string) {
  const prefix = id.replace('fixture-', '');
  return {
    studio: { id, name: 'Café Fixture', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid' },
    danceTypes: [{ name: typeName }],
    people: [],
    classes: [{ id: `${prefix}-tue`, name: 'Son', danceType: typeName, level: 'Open', date: '2026-03-24', startTime: '19:00', endTime: '20:00' }],
  };
}
