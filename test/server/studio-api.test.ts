import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import pino from 'pino';
import { requestLogger } from '../../server/src/http/middleware/request-logger';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createBookingStore } from '../../server/src/data/booking-store';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { Browser, accessTokenOf } from '../support/booking-form';
import { ana, casaDelSon, lucia, privateLessonOffer, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { createStudioKey, studioCall } from '../support/studio-api';
import { studioOperationsUnchecked } from '../support/openapi';
import { instantAtZoneTime, testNow, zoneDay } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The studio API as a studio's own system uses it (studio-api.md), on both stores: its key, pushing
 * its document, reading and exporting its bookings, a class's roster, cancelling a booking. Every
 * answer is held to contract/studio-openapi.json. Webhooks have their own file
 * (studio-webhooks.test.ts).
 */

const ZONE = 'Europe/Madrid';
const STUDIO = 'sapi-studio';
const OTHER = 'sapi-other';
const MINUTE = 60_000;
// A week from the test's now, 19:00–20:00 in Madrid.
const DAY = zoneDay(ZONE, 7);
const START = instantAtZoneTime(ZONE, DAY, '19:00');

function studioDocument(overrides: { capacity?: number; name?: string } = {}) {
  return casaDelSon({
    id: STUDIO,
    studio: { locales: ['en', 'es'], notifications: { email: 'desk@sapi.example' } },
    people: [ana('sapi-ana')],
    classes: [
      salsaClass('sapi-salsa', { date: DAY, capacity: overrides.capacity ?? 1, instructorId: 'sapi-ana', name: overrides.name ?? 'Salsa Beginners' }),
      salsaClass('sapi-social', { date: DAY, danceType: null, name: 'Friday Social', startTime: '21:00', endTime: '23:00', capacity: 50, price: 8 }),
      salsaClass('sapi-csv', { date: DAY, capacity: 20 }),
    ],
    privateLessons: { instructors: [privateLessonOffer('sapi-ana', { availability: 'sapi-av', pricing: 'sapi-p60' }, { dayOfWeek: 1, startTime: '09:00', endTime: '21:00' })] },
  });
}

describe.each(databaseTargets())('the studio API on $name', (target: DatabaseTarget) => {
  let app: TestServer;
  let clock = testNow();
  let key: string;

  beforeAll(async () => {
    app = await startTestServer(target, {
      documents: [studioDocument(), casaDelSon({ id: OTHER })],
      now: () => clock,
      env: { OUTBOX_WORKER: 'off', BOOKING_RATE_LIMIT: '0' },
    });
    key = (await createStudioKey(app, STUDIO, clock)).key;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const book = async (classId: string, fields: Record<string, string>) => {
    const posted = await new Browser(app.url, { 'Accept-Language': 'en' }).fillIn(`/book/${classId}`, { ...lucia(), ...fields });
    expect(posted.status).toBe(303);
    return accessTokenOf(posted.location);
  };
  const referenceOf = async (accessToken: string) =>
    (await app.server.store.db.selectFrom('bookings').select('reference').where('access_token', '=', accessToken).executeTakeFirstOrThrow()).reference!;
  const get = (path: string, headers: Record<string, string> = {}) => studioCall(app, 'GET', path, { key, headers });

  describe('keys', () => {
    it('When no key, a wrong key or a revoked key is sent, then the answer is 401 with WWW-Authenticate: Bearer, and nothing is read', async () => {
      const none = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings`);
      expect([none.status, none.headers.get('www-authenticate'), none.body.code]).toEqual([401, 'Bearer realm="studio-data"', 'unauthorized']);

      const wrong = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings`, { key: `sdk_${'A'.repeat(43)}` });
      expect([wrong.status, wrong.headers.get('www-authenticate'), wrong.body.code]).toEqual([401, 'Bearer realm="studio-data", error="invalid_token"', 'unauthorized']);
      const notBearer = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings`, { headers: { Authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` } });
      expect(notBearer.status).toBe(401);

      const revoked = await createStudioKey(app, STUDIO, clock);
      expect((await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks`, { key: revoked.key })).status).toBe(200);
      await app.server.store.db.updateTable('studio_keys').set({ revoked_at: clock }).where('id', '=', revoked.id).execute();
      const after = await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks`, { key: revoked.key });
      expect([after.status, after.body.code, after.headers.get('www-authenticate')]).toEqual([401, 'unauthorized', 'Bearer realm="studio-data", error="invalid_token"']);
    });

    it("When a studio's key asks for another studio, then the answer is 404 studio_not_found, the same as for a studio that does not exist", async () => {
      const other = await studioCall(app, 'GET', `/api/studio/${OTHER}/bookings`, { key });
      const nobody = await studioCall(app, 'GET', '/api/studio/no-such-studio/bookings', { key });
      expect([other.status, other.body.code]).toEqual([404, 'studio_not_found']);
      expect([nobody.status, nobody.body.code]).toEqual([404, 'studio_not_found']);
      expect(other.body.detail).toBe(`No studio has the id "${OTHER}".`);
      const otherKey = (await createStudioKey(app, OTHER, clock)).key;
      expect((await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key: otherKey, json: studioDocument() })).status).toBe(404);
    });

    it('When a key is sent in the query string, then it is refused (400 key_in_query) even beside a valid header', async () => {
      // A key with some of its characters percent-encoded is still a key.
      const encoded = [`?from=sdk%5F${key.slice(4)}`, `?from=%73dk_${key.slice(4)}`, `?q=${encodeURIComponent(`my key is ${key}`)}`];
      for (const query of [`?key=${key}`, `?access_token=${key}`, `?from=${key}`, '?api_key=anything', ...encoded]) {
        // Only `from` and `q` are parameters of the endpoint: the others cannot be held to the document.
        const answer = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings${query}`, { key, openApi: /^\?(from|q)=/.test(query) });
        expect([answer.status, answer.body.code]).toEqual([400, 'key_in_query']);
      }
    });

    it("When the key is used, then its last use is recorded, at most once a minute", async () => {
      const made = await createStudioKey(app, STUDIO, clock);
      const lastUse = async () => (await app.server.store.db.selectFrom('studio_keys').select('last_used_at').where('id', '=', made.id).executeTakeFirstOrThrow()).last_used_at;
      expect(await lastUse()).toBeNull();
      const used = clock;
      await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks`, { key: made.key });
      await waitFor(async () => Number(await lastUse()) === used);
      clock += 30_000;
      await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks`, { key: made.key });
      clock += 31_000;
      await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks`, { key: made.key });
      await waitFor(async () => Number(await lastUse()) === used + 61_000);
      clock = used;
    });

    it('Every answer says Cache-Control: no-store and carries no CORS header; the OpenAPI document is served with a bearer scheme', async () => {
      const answer = await get(`/api/studio/${STUDIO}/webhooks`, { Origin: 'https://evil.example' });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await studioCall(app, 'OPTIONS', `/api/studio/${STUDIO}/bookings`, { headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' }, openApi: false });
      expect([preflight.status, preflight.headers.get('allow'), preflight.headers.get('access-control-allow-origin')]).toEqual([405, 'GET', null]);
      const document = await studioCall(app, 'GET', '/api/studio/openapi.json');
      expect(document.body.components.securitySchemes.studioKey).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    });
  });

  describe('the studio document', () => {
    it('When the studio pushes a valid document, then its catalog is replaced as by npm run import, and the public API shows it', async () => {
      const answer = await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, json: studioDocument({ name: 'Salsa for Beginners' }) });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        studioId: STUDIO,
        created: false,
        version: expect.any(Number),
        counts: { danceTypes: 1, people: 1, occurrences: 3, packages: 0, privateLessonInstructors: 1, questions: 0 },
        bookings: { cancelled: 0, waitlistPlacesEnded: 0, moved: 0, promoted: 0, privateLessonsWithoutOffer: 0, privateLessonsDuringClasses: 0 },
      });
      await waitFor(async () => {
        const listed = await fetch(`${app.url}/api/public/studio/${STUDIO}/classes?from=${DAY}`);
        return ((await listed.json()) as { id: string; name: string }[]).some((entry) => entry.id === 'sapi-salsa' && entry.name === 'Salsa for Beginners');
      });
      await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, json: studioDocument() });
    });

    it('When a push cancels, moves or gives room to booked classes, then its answer says how many bookings it changed, and how many private lessons it leaves with an instructor it no longer offers or during their instructor\'s class', async () => {
      const withTerm = (change: { dropA?: boolean; moveB?: boolean; roomC?: boolean; noLessons?: boolean; anaAtNoon?: boolean } = {}) => {
        const document = studioDocument();
        const classes = document.classes as Record<string, unknown>[];
        if (change.anaAtNoon) classes.push(salsaClass('sapi-term-d', { date: DAY, startTime: '11:30', endTime: '12:30', instructorId: 'sapi-ana' }));
        if (!change.dropA) classes.push(salsaClass('sapi-term-a', { date: DAY, startTime: '15:00', endTime: '16:00', capacity: 1 }));
        classes.push(salsaClass('sapi-term-b', { date: DAY, startTime: change.moveB ? '16:30' : '16:00', endTime: change.moveB ? '17:30' : '17:00' }));
        classes.push(salsaClass('sapi-term-c', { date: DAY, startTime: '18:00', endTime: '19:00', capacity: change.roomC ? 2 : 1 }));
        return change.noLessons ? { ...document, privateLessons: undefined } : document;
      };
      await app.importDocument(withTerm(), clock);
      await book('sapi-term-a', { firstName: 'Hana', email: 'term-hana@example.com' });
      await book('sapi-term-a', { firstName: 'Ines', email: 'term-ines@example.com' });
      await book('sapi-term-b', { firstName: 'Juno', email: 'term-juno@example.com' });
      await book('sapi-term-c', { firstName: 'Kai', email: 'term-kai@example.com' });
      await book('sapi-term-c', { firstName: 'Lea', email: 'term-lea@example.com' });
      const lessonStart = instantAtZoneTime(ZONE, DAY, '12:00');
      const mia = await createBookingStore(app.server.store.db, app.server.store.dialect, listingRenderer).bookPrivateLesson(
        { studioId: STUDIO, instructorId: 'sapi-ana', pricingId: 'sapi-p60', startsAt: lessonStart, endsAt: lessonStart + 60 * MINUTE, answers: {}, title: 'Private lesson with Ana García', price: 50, currency: 'EUR', guest: { firstName: 'Mia', lastName: 'Ruiz', email: 'term-mia@example.com', phone: null }, locale: 'en', idempotencyKey: 'term-lesson', nowMs: clock },
        () => true,
      );
      const lessonsToCome = await app.server.store.db.selectFrom('bookings').select(['instructor_id', 'starts_at', 'ends_at']).where('studio_id', '=', STUDIO).where('kind', '=', 'private_lesson').where('status', '=', 'confirmed').where('starts_at', '>', clock).execute();
      // Ana's classes in the push: 11:30–12:30 (new, over Mia's lesson at 12:00) and the Salsa at 19:00.
      const anaTeaches = [instantAtZoneTime(ZONE, DAY, '11:30'), START].map((startsAt) => ({ startsAt, endsAt: startsAt + 60 * MINUTE }));
      const duringClasses = lessonsToCome.filter((lesson) => lesson.instructor_id === 'sapi-ana' && anaTeaches.some((taught) => taught.startsAt < Number(lesson.ends_at) && taught.endsAt > Number(lesson.starts_at)));

      const answer = await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, json: withTerm({ dropA: true, moveB: true, roomC: true, noLessons: true, anaAtNoon: true }) });
      expect(answer.status).toBe(200);
      // Hana's seat and Ines's waitlist place on the dropped class end, Juno follows hers to 16:30, Lea gets the new seat; Mia's lesson is now during Ana's class.
      expect(answer.body.bookings).toEqual({ cancelled: 1, waitlistPlacesEnded: 1, moved: 1, promoted: 1, privateLessonsWithoutOffer: lessonsToCome.length, privateLessonsDuringClasses: duringClasses.length });
      expect(duringClasses.map((lesson) => Number(lesson.starts_at))).toContain(lessonStart);
      expect(lessonsToCome.length).toBeGreaterThan(0);
      // The other tests' studio again, without this test's lesson (the import kept it, as it keeps every lesson).
      if (mia.outcome !== 'confirmed') throw new Error(mia.outcome);
      await app.server.store.db.deleteFrom('outbox').where('booking_id', '=', mia.booking.id).execute();
      await app.server.store.db.deleteFrom('bookings').where('id', '=', mia.booking.id).execute();
      await app.importDocument(studioDocument(), clock);
    });

    it("When the document has problems or is another studio's, then the answer is 422 listing every one with its path, and nothing is written", async () => {
      const broken = studioDocument();
      (broken.studio as Record<string, unknown>).id = OTHER;
      (broken.classes as Record<string, unknown>[])[0]!.startTime = '7pm';
      (broken.classes as Record<string, unknown>[])[1]!.danceType = 'Tango';
      const answer = await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, json: broken });
      expect([answer.status, answer.body.code, answer.body.detail]).toEqual([422, 'invalid_document', 'The studio document has 3 problems; nothing was imported.']);
      expect(answer.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['classes[0].startTime', 'classes[1].danceType', 'studio.id']);
      expect(answer.body.errors.find((error: { path: string }) => error.path === 'studio.id').message).toBe(`must be "${STUDIO}": a studio pushes its own document only`);
      const notJson = await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, body: '{"studio": ', headers: { 'Content-Type': 'application/json' } });
      expect([notJson.status, notJson.body.code, notJson.body.errors[0].path]).toEqual([422, 'invalid_document', '(document)']);
      const form = await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect([form.status, form.body.code]).toEqual([415, 'unsupported_media_type']);
      const other = await app.server.store.db.selectFrom('studios').select('name').where('id', '=', OTHER).executeTakeFirstOrThrow();
      expect(other.name).toBe('Casa del Son');
    });

    it('When the document is 10 MB and 1 byte, then the answer is 413 and nothing is read further', async () => {
      const json = JSON.stringify(studioDocument());
      const body = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
      body.write(json, 0, 'utf8');
      const answer = await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, body, headers: { 'Content-Type': 'application/json' } });
      expect([answer.status, answer.body.code, answer.body.detail]).toEqual([413, 'payload_too_large', 'The body is larger than 10 MB.']);
      // Exactly 10 MB is taken (the same document, padded with spaces).
      const atLimit = await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, body: body.subarray(0, 10 * 1024 * 1024), headers: { 'Content-Type': 'application/json' } });
      expect(atLimit.status).toBe(200);
    });
  });

  describe('bookings', () => {
    it('When students book, then the studio lists exactly the fields of the contract, newest change first, filtered and a page at a time', async () => {
      const bookedAt = clock;
      const seat = await book('sapi-salsa', { firstName: 'Lucía', email: 'list-lucia@example.com' });
      clock += MINUTE;
      const waiting = await book('sapi-salsa', { firstName: 'Bea', email: 'list-bea@example.com', phone: '' });
      clock += MINUTE;
      const social = await book('sapi-social', { firstName: 'Carla', email: 'list-carla@example.com' });
      clock += MINUTE;
      const lessonStart = instantAtZoneTime(ZONE, DAY, '10:00');
      const lesson = await createBookingStore(app.server.store.db, app.server.store.dialect, listingRenderer).bookPrivateLesson(
        {
          studioId: STUDIO,
          instructorId: 'sapi-ana',
          pricingId: 'sapi-p60',
          startsAt: lessonStart,
          endsAt: lessonStart + 60 * MINUTE,
          answers: { 'q-goal': 'Turns' },
          title: 'Private lesson with Ana García',
          price: 50,
          currency: 'EUR',
          guest: { firstName: 'Dani', lastName: 'Gil', email: 'list-dani@example.com', phone: null },
          locale: 'es',
          idempotencyKey: 'sapi-lesson-1',
          nowMs: clock,
        },
        () => true,
      );
      if (lesson.outcome !== 'confirmed') throw new Error(lesson.outcome);

      const all = await get(`/api/studio/${STUDIO}/bookings?from=${DAY}&to=${zoneDay(ZONE, 8)}`);
      expect(all.status).toBe(200);
      const ours = all.body.bookings.filter((booking: { guest: { email: string } }) => booking.guest.email.startsWith('list-'));
      expect(ours.map((booking: { guest: { firstName: string } }) => booking.guest.firstName)).toEqual(['Dani', 'Carla', 'Bea', 'Lucía']);
      expect(ours[3]).toEqual({
        reference: await referenceOf(seat),
        status: 'confirmed',
        kind: 'class',
        classId: 'sapi-salsa',
        instructorId: null,
        pricingId: null,
        title: 'Salsa Beginners',
        start: new Date(START).toISOString(),
        end: new Date(START + 60 * MINUTE).toISOString(),
        guest: { firstName: 'Lucía', lastName: 'Pérez', email: 'list-lucia@example.com', phone: '+34 600 111 222' },
        answers: {},
        price: 12.5,
        currency: 'EUR',
        locale: 'en',
        waitlistPosition: null,
        createdAt: new Date(bookedAt).toISOString(),
        cancelledAt: null,
        cancelledBy: null,
      });
      expect([ours[2].status, ours[2].waitlistPosition, ours[2].guest.phone, ours[2].reference]).toEqual(['waiting', 1, null, await referenceOf(waiting)]);
      expect([ours[1].kind, ours[1].classId, ours[1].title, ours[1].reference]).toEqual(['event', 'sapi-social', 'Friday Social', await referenceOf(social)]);
      expect(ours[0]).toEqual(
        expect.objectContaining({ kind: 'private-lesson', classId: null, instructorId: 'sapi-ana', pricingId: 'sapi-p60', answers: { 'q-goal': 'Turns' }, price: 50, locale: 'es', reference: lesson.booking.reference }),
      );

      const waitingOnly = await get(`/api/studio/${STUDIO}/bookings?status=waiting&classId=sapi-salsa`);
      expect(waitingOnly.body.bookings.map((booking: { guest: { firstName: string } }) => booking.guest.firstName)).toEqual(['Bea']);
      const anas = await get(`/api/studio/${STUDIO}/bookings?instructorId=sapi-ana&from=${DAY}`);
      expect(anas.body.bookings.map((booking: { guest: { firstName: string } }) => booking.guest.firstName)).toEqual(['Dani', 'Bea', 'Lucía']);
      const laterThanClasses = await get(`/api/studio/${STUDIO}/bookings?from=${DAY}T20:30`);
      expect(laterThanClasses.body.bookings.map((booking: { guest: { firstName: string } }) => booking.guest.firstName)).toEqual(['Carla']);

      // A page at a time: the same rows, none twice, none missed.
      const seen: string[] = [];
      let next: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof get>> = await get(`/api/studio/${STUDIO}/bookings?from=${DAY}&limit=1${next ? `&cursor=${next}` : ''}`);
        expect(page.body.bookings.length).toBeLessThanOrEqual(1);
        seen.push(...page.body.bookings.map((booking: { reference: string }) => booking.reference));
        next = page.body.next;
      } while (next !== null);
      expect(seen).toEqual(all.body.bookings.map((booking: { reference: string }) => booking.reference));

      const one = await get(`/api/studio/${STUDIO}/bookings/${await referenceOf(waiting)}`);
      expect(one.body.booking).toEqual(ours[2]);
      // As a student reads it out on the phone, typed in lowercase: the same booking.
      expect((await get(`/api/studio/${STUDIO}/bookings/${(await referenceOf(waiting)).toLowerCase()}`)).body.booking).toEqual(ours[2]);
      const missing = await get(`/api/studio/${STUDIO}/bookings/SD-NONE-NONE`);
      expect([missing.status, missing.body.code]).toEqual([404, 'booking_not_found']);
      // Another studio's booking is not found through this studio's path.
      const otherKey = (await createStudioKey(app, OTHER, clock)).key;
      expect((await studioCall(app, 'GET', `/api/studio/${OTHER}/bookings/${await referenceOf(seat)}`, { key: otherKey })).body.code).toBe('booking_not_found');
    });

    it('When query parameters are not valid, then the answer is 400 invalid_parameter naming the first, with every one in errors', async () => {
      const cases: [string, string, string][] = [
        ['status=booked', 'status', 'must be one of confirmed, cancelled, waiting'],
        ['limit=501', 'limit', 'must be a whole number from 1 to 500'],
        ['limit=0', 'limit', 'must be a whole number from 1 to 500'],
        ['from=2027-02-30', 'from', 'must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:mm, :ss or :ss.sss), optionally followed by Z or ±HH:mm'],
        ['cursor=bm9wZQ', 'cursor', 'is not one this API gave: pass the `next` of the previous answer as it is'],
        ['sort=name', 'sort', 'is not a parameter of the bookings, which take from, to, status, classId, instructorId, q, limit, cursor'],
        ['status=confirmed&status=waiting', 'status', 'is given more than once'],
        ['from=2026-12-10&to=2026-12-01', 'to', 'must be after from (to is not included: for the bookings of one day, to is the next day)'],
        ['from=2026-12-10&to=2026-12-10', 'to', 'must be after from (to is not included: for the bookings of one day, to is the next day)'],
      ];
      for (const [query, path, message] of cases) {
        const answer = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings?${query}`, { key, openApi: !query.startsWith('sort') });
        expect([query, answer.status, answer.body.code, answer.body.detail, answer.body.errors]).toEqual([query, 400, 'invalid_parameter', `${path} ${message}.`, [{ path, message }]]);
      }
      const several = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings?status=booked&limit=9999&classId=${encodeURIComponent('no/such')}`, { key });
      expect([several.status, several.body.detail, several.body.errors]).toEqual([
        400,
        'status must be one of confirmed, cancelled, waiting (and 2 more: see errors).',
        [
          { path: 'status', message: 'must be one of confirmed, cancelled, waiting' },
          { path: 'classId', message: 'is not a class or event id' },
          { path: 'limit', message: 'must be a whole number from 1 to 500' },
        ],
      ]);
    });

    it('When the studio asks for CSV, then every row comes as RFC 4180 CSV, with formula-like cells neutralised', async () => {
      await book('sapi-csv', { firstName: '=HYPERLINK("http://evil.example","click")', lastName: 'Smith, Jr.', email: 'csv-1@example.com', phone: '+34 600 000 001' });
      clock += MINUTE;
      await book('sapi-csv', { firstName: '@SUM(A1)', lastName: '-2+3', email: 'csv-2@example.com' });
      const answer = await get(`/api/studio/${STUDIO}/bookings?classId=sapi-csv`, { Accept: 'text/csv' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="bookings-${STUDIO}.csv"`);
      const lines = answer.text.split('\r\n');
      expect(lines[0]).toBe('reference,status,kind,classId,instructorId,pricingId,title,start,end,firstName,lastName,email,phone,answers,price,currency,locale,waitlistPosition,createdAt,cancelledAt,cancelledBy,localDate,localStart,localEnd');
      // The last columns: the class's date and times as the studio's clock reads them (19:00–20:00 in Madrid), for a spreadsheet's reader.
      expect(lines[1]!.split(',').slice(-3)).toEqual([DAY, '19:00', '20:00']);
      expect(lines).toHaveLength(4);
      expect(lines[3]).toBe('');
      const cells = (line: string) => line.split(',').slice(9, 13);
      expect(cells(lines[1]!)).toEqual(["'@SUM(A1)", "'-2+3", 'csv-2@example.com', "'+34 600 111 222"]);
      expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")","Smith, Jr.",csv-1@example.com,'+34 600 000 001,,12.5,EUR,en,,`);
      expect(lines[2]!.startsWith(`${(await get(`/api/studio/${STUDIO}/bookings?classId=sapi-csv`)).body.bookings[1].reference},confirmed,class,sapi-csv,,,Salsa Beginners,`)).toBe(true);
      // A limit gives that many rows.
      const one = await get(`/api/studio/${STUDIO}/bookings?classId=sapi-csv&limit=1`, { Accept: 'text/csv' });
      expect(one.text.split('\r\n')).toHaveLength(3);
    });
  });

  describe('rosters and cancelling', () => {
    it('When the studio asks for a roster, then it lists who is booked and then who waits, in order', async () => {
      const document = studioDocument();
      (document.classes as Record<string, unknown>[]).push(salsaClass('sapi-roster', { date: DAY, capacity: 2, room: 'Sala Roja' }));
      await app.importDocument(document, clock);
      for (const name of ['Ana', 'Ben', 'Cris', 'Dora']) {
        await book('sapi-roster', { firstName: name, email: `roster-${name.toLowerCase()}@example.com` });
        clock += 1000;
      }
      const answer = await get(`/api/studio/${STUDIO}/classes/sapi-roster/roster`);
      expect(answer.body.class).toEqual({
        id: 'sapi-roster',
        title: 'Salsa Beginners',
        kind: 'class',
        start: new Date(START).toISOString(),
        end: new Date(START + 60 * MINUTE).toISOString(),
        room: 'Sala Roja',
        capacity: 2,
        cancelled: false,
        instructorId: null,
      });
      expect(answer.body.booked.map((booking: { guest: { firstName: string } }) => booking.guest.firstName)).toEqual(['Ana', 'Ben']);
      expect(answer.body.waiting.map((booking: { guest: { firstName: string }; waitlistPosition: number }) => [booking.guest.firstName, booking.waitlistPosition])).toEqual([
        ['Cris', 1],
        ['Dora', 2],
      ]);
      const missing = await get(`/api/studio/${STUDIO}/classes/no-such-class/roster`);
      expect([missing.status, missing.body.code]).toEqual([404, 'class_not_found']);
    });

    it('When the schedule no longer lists a class, then its roster stays as its bookings remember it: who came to a past one, and one dropped before it took place as cancelled', async () => {
      const saved = clock;
      try {
        const tomorrow = zoneDay(ZONE, 1);
        const held = instantAtZoneTime(ZONE, tomorrow, '19:00');
        const document = studioDocument();
        (document.classes as Record<string, unknown>[]).push(
          salsaClass('sapi-held', { date: tomorrow, capacity: 5, room: 'Sala Verde', instructorId: 'sapi-ana' }),
          salsaClass('sapi-dropped', { date: DAY, capacity: 5 }),
        );
        await app.importDocument(document, clock);
        await book('sapi-held', { firstName: 'Gema', email: 'held-gema@example.com' });
        await book('sapi-dropped', { firstName: 'Hugo', email: 'dropped-hugo@example.com' });
        // The class is held; then the studio pushes a schedule of what is to come, without either.
        clock = held + 120 * MINUTE;
        await app.importDocument(studioDocument(), clock);

        const past = await get(`/api/studio/${STUDIO}/classes/sapi-held/roster`);
        expect(past.status).toBe(200);
        expect(past.body.class).toEqual({
          id: 'sapi-held',
          title: 'Salsa Beginners',
          kind: 'class',
          start: new Date(held).toISOString(),
          end: new Date(held + 60 * MINUTE).toISOString(),
          room: 'Sala Verde',
          capacity: null,
          cancelled: false,
          instructorId: 'sapi-ana',
        });
        expect(past.body.booked.map((booking: { guest: { firstName: string } }) => booking.guest.firstName)).toEqual(['Gema']);
        const dropped = await get(`/api/studio/${STUDIO}/classes/sapi-dropped/roster`);
        expect([dropped.status, dropped.body.class.cancelled, dropped.body.booked, dropped.body.waiting]).toEqual([200, true, [], []]);
        // Another studio's class is not found through this studio's path, held or not.
        const otherKey = (await createStudioKey(app, OTHER, clock)).key;
        expect((await studioCall(app, 'GET', `/api/studio/${OTHER}/classes/sapi-held/roster`, { key: otherKey })).status).toBe(404);
      } finally {
        clock = saved;
      }
    });

    it('When the studio takes a student off the waitlist, then the student is told they are off it, not that a booking was cancelled, and no one moves up', async () => {
      const document = studioDocument();
      (document.classes as Record<string, unknown>[]).push(salsaClass('sapi-offlist', { date: DAY, capacity: 1 }));
      await app.importDocument(document, clock);
      const nia = await referenceOf(await book('sapi-offlist', { firstName: 'Nia', email: 'offlist-nia@example.com' }));
      const oto = await referenceOf(await book('sapi-offlist', { firstName: 'Oto', email: 'offlist-oto@example.com' }));
      const pau = await referenceOf(await book('sapi-offlist', { firstName: 'Pau', email: 'offlist-pau@example.com' }));
      await app.server.delivery.deliverDue();
      const mailsBefore = fs.readdirSync(app.mailDirectory).length;

      expect((await studioCall(app, 'POST', `/api/studio/${STUDIO}/bookings/${oto}/cancel`, { key })).body.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'studio' });
      expect([(await get(`/api/studio/${STUDIO}/bookings/${nia}`)).body.booking.status, (await get(`/api/studio/${STUDIO}/bookings/${pau}`)).body.booking.waitlistPosition]).toEqual(['confirmed', 1]);
      await app.server.delivery.deliverDue();
      const mails = await Promise.all(fs.readdirSync(app.mailDirectory).sort().slice(mailsBefore).map(async (file) => simpleParser(fs.readFileSync(path.join(app.mailDirectory, file)))));
      expect(mails.map((mail) => JSON.stringify(mail.to?.valueOf()).match(/offlist-\w+/)?.[0])).toEqual(['offlist-oto']);
      expect(mails[0]?.text).toContain('Casa del Son has taken you off the waitlist for Salsa Beginners.');
      expect(mails[0]?.text).not.toContain('cancelled your booking');
    });

    it('When the studio cancels a booking, then the first waiting gets the seat, the student is emailed, and cancelling again changes nothing', async () => {
      const document = studioDocument();
      (document.classes as Record<string, unknown>[]).push(salsaClass('sapi-cancel', { date: DAY, capacity: 1 }));
      await app.importDocument(document, clock);
      const eva = await referenceOf(await book('sapi-cancel', { firstName: 'Eva', email: 'cancel-eva@example.com' }));
      const fer = await referenceOf(await book('sapi-cancel', { firstName: 'Fer', email: 'cancel-fer@example.com' }));
      await app.server.delivery.deliverDue();
      const mailsBefore = fs.readdirSync(app.mailDirectory).length;

      const cancelled = await studioCall(app, 'POST', `/api/studio/${STUDIO}/bookings/${eva}/cancel`, { key });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({
        booking: expect.objectContaining({ reference: eva, status: 'cancelled', cancelledBy: 'studio', cancelledAt: new Date(clock).toISOString() }),
        changed: true,
      });
      const promoted = await get(`/api/studio/${STUDIO}/bookings/${fer}`);
      expect([promoted.body.booking.status, promoted.body.booking.waitlistPosition]).toEqual(['confirmed', null]);

      await app.server.delivery.deliverDue();
      const mails = await Promise.all(
        fs
          .readdirSync(app.mailDirectory)
          .sort()
          .slice(mailsBefore)
          .map(async (file) => simpleParser(fs.readFileSync(path.join(app.mailDirectory, file)))),
      );
      const toEva = mails.find((mail) => mail.to && JSON.stringify(mail.to).includes('cancel-eva@example.com'));
      expect(toEva?.subject).toMatch(/^Cancelled: Salsa Beginners, /);
      expect(toEva?.text).toContain('Casa del Son has cancelled your booking.');
      expect(mails.find((mail) => JSON.stringify(mail.to).includes('cancel-fer@example.com'))?.subject).toMatch(/^A place opened up: you are booked for Salsa Beginners/);

      const again = await studioCall(app, 'POST', `/api/studio/${STUDIO}/bookings/${eva}/cancel`, { key });
      expect([again.status, again.body.changed, again.body.booking.cancelledAt]).toEqual([200, false, new Date(clock).toISOString()]);
      expect((await studioCall(app, 'POST', `/api/studio/${STUDIO}/bookings/SD-NONE-NONE/cancel`, { key })).body.code).toBe('booking_not_found');

      // Once the class has started, the studio API no longer cancels.
      const saved = clock;
      clock = START + MINUTE;
      const late = await studioCall(app, 'POST', `/api/studio/${STUDIO}/bookings/${fer}/cancel`, { key });
      clock = saved;
      expect([late.status, late.body.code, late.body.detail]).toEqual([409, 'booking_started', 'Salsa Beginners has started (or is over): the booking is no longer cancelled online.']);
    });
  });

  describe('a class the schedule no longer lists', () => {
    it("When an import drops a booked class, then its booking, cancelled, is still found by its class and by its teacher; listed again, the class's teacher is the one that counts", async () => {
      const withExtra = (teacher: string) => {
        const document = studioDocument();
        (document.classes as Record<string, unknown>[]).push(salsaClass('sapi-gone', { date: DAY, startTime: '17:00', endTime: '18:00', instructorId: teacher }));
        (document.people as Record<string, unknown>[]).push(ana('sapi-bruno', { name: 'Bruno' }));
        return document;
      };
      const referencesBy = async (query: string) => (await get(`/api/studio/${STUDIO}/bookings?${query}`)).body.bookings.map((booking: { reference: string }) => booking.reference);
      await app.importDocument(withExtra('sapi-ana'), clock);
      const gina = await referenceOf(await book('sapi-gone', { firstName: 'Gina', email: 'gone-gina@example.com' }));
      expect(await referencesBy('instructorId=sapi-ana')).toContain(gina);

      await app.importDocument(studioDocument(), clock);
      expect((await get(`/api/studio/${STUDIO}/bookings/${gina}`)).body.booking).toEqual(expect.objectContaining({ status: 'cancelled', cancelledBy: 'class_cancelled' }));
      expect(await referencesBy('classId=sapi-gone')).toEqual([gina]);
      expect(await referencesBy('instructorId=sapi-ana')).toContain(gina);

      // Listed again, taught by Bruno: found by him, no longer by Ana.
      await app.importDocument(withExtra('sapi-bruno'), clock);
      expect(await referencesBy('instructorId=sapi-bruno')).toEqual([gina]);
      expect(await referencesBy('instructorId=sapi-ana')).not.toContain(gina);
      await app.importDocument(studioDocument(), clock);
    });
  });
});

describe('the studio API rate limit', () => {
  it('When one key sends more requests a minute than the limit, then it gets 429 with Retry-After, and another key is not held back', async () => {
    const [sqlite] = databaseTargets();
    const app = await startTestServer(sqlite!, { documents: [casaDelSon({ id: 'sapi-limit' })], env: { STUDIO_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const busy = (await createStudioKey(app, 'sapi-limit')).key;
      const calm = (await createStudioKey(app, 'sapi-limit')).key;
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await studioCall(app, 'GET', '/api/studio/sapi-limit/webhooks', { key: busy })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await studioCall(app, 'GET', '/api/studio/sapi-limit/webhooks', { key: busy });
      expect([limited.body.code, Number(limited.headers.get('retry-after')) > 0]).toEqual(['rate_limited', true]);
      expect((await studioCall(app, 'GET', '/api/studio/sapi-limit/webhooks', { key: calm })).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});

describe('the studio API against key guessing', () => {
  it('When one address sends more requests a minute with no key or an unknown one than the limit, then it gets 429 with Retry-After, even with a valid key, while other addresses and valid keys are not counted', async () => {
    const [sqlite] = databaseTargets();
    const app = await startTestServer(sqlite!, { documents: [casaDelSon({ id: 'sapi-guess' })], env: { STUDIO_FAILED_KEYS_PER_MINUTE: '3', TRUST_PROXY: 'loopback' } });
    try {
      const valid = (await createStudioKey(app, 'sapi-guess')).key;
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      const call = (address: string, key?: string) => studioCall(app, 'GET', '/api/studio/sapi-guess/webhooks', { ...(key ? { key } : {}), headers: from(address) });
      const unknown = `sdk_${'Q'.repeat(43)}`;

      // Accepted keys are not counted: an address that used its key well still has its three failures.
      for (let i = 0; i < 5; i++) expect((await call('203.0.113.9', valid)).status).toBe(200);
      const guessing = [];
      for (const key of [unknown, undefined, unknown]) guessing.push((await call('203.0.113.9', key)).status);
      expect(guessing).toEqual([401, 401, 401]);

      const refused = await call('203.0.113.9', unknown);
      expect([refused.status, refused.body.code, Number(refused.headers.get('retry-after')) > 0]).toEqual([429, 'rate_limited', true]);
      expect((await call('203.0.113.9', valid)).status).toBe(429);
      expect((await call('198.51.100.4', valid)).status).toBe(200);
      expect((await call('198.51.100.4', unknown)).status).toBe(401);
    } finally {
      await app.stop();
    }
  });
});

describe('the request log', () => {
  it('When a URL holds a studio key, its underscore encoded or not, then the log line shows it redacted', () => {
    const lines: string[] = [];
    const logRequest = requestLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }));
    for (const url of [`/api/studio/s/bookings?key=sdk_${'Q'.repeat(43)}`, `/api/studio/s/bookings?key=sdk%5F${'Q'.repeat(43)}&limit=5`]) {
      const req = Object.assign(new EventEmitter(), { headers: {}, method: 'GET', url });
      const res = Object.assign(new EventEmitter(), { statusCode: 400, setHeader: () => undefined });
      logRequest.start(req as never, res as never);
      res.emit('finish');
    }
    expect(lines.map((line) => JSON.parse(line).req.url)).toEqual(['/api/studio/s/bookings?key=sdk_[redacted]', '/api/studio/s/bookings?key=sdk_[redacted]&limit=5']);
  });

  it('When a URL holds a student\'s booking token or what the studio searched for (a name, an email), then the log line shows neither', () => {
    const lines: string[] = [];
    const logRequest = requestLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }));
    const token = 'RZl4SHSOyY3aIFz-K7RO3RwL9eSGscfGEz0gxWCwQzw';
    const asked = [`/booking/${token}`, `/booking/${token}/cancel`, `/booking/${token}/booking.ics`, '/api/studio/s/bookings?q=ana1%40example.org&limit=5', '/api/studio/s/bookings?status=confirmed&q=Luc%C3%ADa'];
    for (const url of asked) {
      const req = Object.assign(new EventEmitter(), { headers: {}, method: 'GET', url });
      const res = Object.assign(new EventEmitter(), { statusCode: 200, setHeader: () => undefined });
      logRequest.start(req as never, res as never);
      res.emit('finish');
    }
    expect(lines.map((line) => JSON.parse(line).req.url)).toEqual([
      '/booking/[redacted]',
      '/booking/[redacted]/cancel',
      '/booking/[redacted]/booking.ics',
      '/api/studio/s/bookings?q=[redacted]&limit=5',
      '/api/studio/s/bookings?status=confirmed&q=[redacted]',
    ]);
  });
});

// Last but for its helper, so it sees what every test above checked.
describe('the studio API suite and its contract', () => {
  it('When the suite has run, then every operation of the document but the webhooks\' has had a successful answer checked against it', () => {
    // An id listed here is an operation no test above got a 2xx answer of through studioCall(): add one that states its answer.
    expect(studioOperationsUnchecked(['Meta', 'Catalog', 'Bookings'])).toEqual([]);
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition did not come true within 5 s');
}
