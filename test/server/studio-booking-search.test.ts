import { sql } from 'kysely';
import { prepareDatabase } from '../../server/src/server';
import { Browser, accessTokenOf } from '../support/booking-form';
import { casaDelSon, lucia, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { rollBackSchemaAfter } from '../support/schema-rollback';
import { createStudioKey, studioCall } from '../support/studio-api';
import { testNow, zoneDay } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The studio finds its bookings by who booked or by reference (`q` of GET bookings), as a front
 * desk types it: any case, with or without accents, in any order, a reference whole or its
 * beginning. On both stores, every answer held to contract/studio-openapi.json.
 */

const ZONE = 'Europe/Madrid';
const STUDIO = 'search-studio';
const OTHER = 'search-other';
const DAY = zoneDay(ZONE, 7);
const MINUTE = 60_000;

describe.each(databaseTargets())('finding bookings on $name', (target: DatabaseTarget) => {
  let app: TestServer;
  let clock = testNow();
  let key: string;
  /** first name to reference */
  const references: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestServer(target, {
      documents: [
        casaDelSon({ id: STUDIO, classes: [salsaClass('search-salsa', { date: DAY, capacity: 1 }), salsaClass('search-bachata', { date: DAY, name: 'Bachata Social', capacity: 20 })] }),
        casaDelSon({ id: OTHER, classes: [salsaClass('search-elsewhere', { date: DAY, capacity: 20 })] }),
      ],
      now: () => clock,
      env: { OUTBOX_WORKER: 'off', BOOKING_RATE_LIMIT: '0' },
    });
    key = (await createStudioKey(app, STUDIO, clock)).key;
    const guests: [string, Record<string, string>][] = [
      ['search-salsa', { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia.perez@example.com' }],
      // The class is full: a place on its waitlist.
      ['search-salsa', { firstName: 'Jørgen', lastName: 'Núñez', email: 'jn@example.com' }],
      ['search-bachata', { firstName: 'Marco', lastName: 'Lucido', email: 'marco@correo.example' }],
      ['search-bachata', { firstName: 'ANA', lastName: 'García-López', email: 'ana_g@example.com' }],
      ['search-elsewhere', { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia.perez@example.com' }],
    ];
    for (const [classId, guest] of guests) {
      const posted = await new Browser(app.url, { 'Accept-Language': 'en' }).fillIn(`/book/${classId}`, lucia(guest));
      expect(posted.status).toBe(303);
      const row = await app.server.store.db.selectFrom('bookings').select(['reference', 'studio_id']).where('access_token', '=', accessTokenOf(posted.location)).executeTakeFirstOrThrow();
      if (row.studio_id === STUDIO) references[guest.firstName!] = row.reference!;
      clock += MINUTE;
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  const find = async (query: string) => {
    const answer = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings?${query}`, { key });
    expect([query, answer.status]).toEqual([query, 200]);
    return (answer.body.bookings as { reference: string; guest: { firstName: string } }[]).map((booking) => booking.guest.firstName);
  };
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  it('When the studio searches by name, then it finds them in any case, with or without accents, words in any order, newest change first, its own bookings only', async () => {
    expect(await find(q('lucia'))).toEqual(['Lucía']);
    expect(await find(q('LUCÍA'))).toEqual(['Lucía']);
    expect(await find(q('perez lucia'))).toEqual(['Lucía']);
    expect(await find(q('luci'))).toEqual(['Marco', 'Lucía']);
    // Letters without a mark to drop are spelled as typed without them (ø as o); marks are dropped either side.
    expect(await find(q('jorgen nunez'))).toEqual(['Jørgen']);
    expect(await find(q('Núñez'))).toEqual(['Jørgen']);
    expect(await find(q('garcia-lopez'))).toEqual(['ANA']);
    expect(await find(q('  ana   garcía '))).toEqual(['ANA']);
    expect(await find(q('lucia marco'))).toEqual([]);
  });

  it('When the studio searches by email, then a part of the address finds it, and % and _ are letters, not wildcards', async () => {
    expect(await find(q('@correo.example'))).toEqual(['Marco']);
    expect(await find(q('LUCIA.PEREZ@'))).toEqual(['Lucía']);
    expect(await find(q('ana_g'))).toEqual(['ANA']);
    expect(await find(q('a_a'))).toEqual([]);
    expect(await find(q('%'))).toEqual([]);
  });

  it('When the studio searches by reference, then the whole reference or its beginning finds it, in any case, and its symbols alone do too', async () => {
    const marco = references.Marco!;
    expect(await find(q(marco))).toEqual(['Marco']);
    expect(await find(q(marco.toLowerCase()))).toEqual(['Marco']);
    const beginning = marco.slice(0, 7);
    const found = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings?${q(beginning.toLowerCase())}`, { key });
    expect(found.body.bookings.map((booking: { reference: string }) => booking.reference)).toContain(marco);
    expect(found.body.bookings.every((booking: { reference: string }) => booking.reference.startsWith(beginning))).toBe(true);
    expect(await find(q(marco.slice(-4)))).toEqual(['Marco']);
    expect(await find(q(marco.slice(3)))).toEqual(['Marco']);
    expect(await find(q('SD-ZZZZ-ZZZZ'))).toEqual([]);
  });

  it('When the desk types a reference as it is read out over the phone (spaces, no dashes, a word processor\'s dashes), then it finds the booking, by search and by reference alike', async () => {
    const marco = references.Marco!;
    const symbols = marco.slice(3).replace('-', '');
    for (const typed of [`SD ${symbols.slice(0, 4)} ${symbols.slice(4)}`, `sd${symbols.toLowerCase()}`, `SD\u2013${symbols.slice(0, 4)}\u2013${symbols.slice(4)}`, `SD-${symbols}`]) {
      expect([typed, await find(q(typed))]).toEqual([typed, ['Marco']]);
      const one = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings/${encodeURIComponent(typed)}`, { key });
      expect([typed, one.status, one.body.booking?.reference]).toEqual([typed, 200, marco]);
    }
    // Its beginning, read out, is its beginning.
    const found = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings?${q(`sd ${symbols.slice(0, 3)}`)}`, { key });
    expect(found.body.bookings.map((booking: { reference: string }) => booking.reference)).toContain(marco);
  });

  it('When a search is combined with the other filters, a cursor and CSV, then each gives the same rows it would alone', async () => {
    expect(await find(`${q('luci')}&classId=search-salsa`)).toEqual(['Lucía']);
    expect(await find(`${q('@example.com')}&status=waiting`)).toEqual(['Jørgen']);
    expect(await find(`${q('@example.com')}&from=${DAY}&to=${zoneDay(ZONE, 8)}`)).toEqual(['ANA', 'Jørgen', 'Lucía']);

    const paged: string[] = [];
    let next: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof studioCall>> = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings?${q('@example.com')}&limit=1${next ? `&cursor=${next}` : ''}`, { key });
      expect(page.body.bookings.length).toBeLessThanOrEqual(1);
      paged.push(...page.body.bookings.map((booking: { guest: { firstName: string } }) => booking.guest.firstName));
      next = page.body.next;
    } while (next !== null);
    expect(paged).toEqual(['ANA', 'Jørgen', 'Lucía']);

    const csv = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings?${q('@example.com')}`, { key, headers: { Accept: 'text/csv' } });
    expect(csv.text.split('\r\n').map((line) => line.split(',')[9])).toEqual(['firstName', 'ANA', 'Jørgen', 'Lucía', undefined]);
  });

  it('When the search cannot be used, then the answer is 400 invalid_parameter with the reason in errors', async () => {
    const cases: [string, string][] = [
      ['x'.repeat(101), 'must be at most 100 characters'],
      ['a b c d e f g h i', 'must be at most 8 words'],
      ['\u0301', 'has nothing to search for once accents are set aside'],
    ];
    for (const [text, message] of cases) {
      const answer = await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings?${q(text)}`, { key });
      expect([answer.status, answer.body.code, answer.body.detail, answer.body.errors]).toEqual([400, 'invalid_parameter', `q ${message}.`, [{ path: 'q', message }]]);
    }
    // An empty search asks for nothing: every booking.
    expect(await find('q=')).toEqual(['ANA', 'Marco', 'Jørgen', 'Lucía']);
  });

  it('When a database from before the search is upgraded, then the bookings it held are found like new ones', async () => {
    const { db } = app.server.store;
    // Back to the schema before migration 010, as such a database holds it.
    await rollBackSchemaAfter(app.server.store, '009-studio-api');
    await sql`insert into bookings (id, studio_id, kind, class_id, starts_at, ends_at, status, first_name, last_name, email, email_key, created_at, updated_at, reference)
      values ('search-before-upgrade', ${STUDIO}, 'class', 'search-bachata', 0, 0, 'cancelled', 'Óscar', 'Ibáñez', 'oscar@example.com', 'oscar@example.com', 0, 0, 'SD-OLD2-BK99')`.execute(db);
    await prepareDatabase(app.server.store);
    expect(await find(q('oscar ibanez'))).toEqual(['Óscar']);
    expect(await find(q('old2-bk99'))).toEqual(['Óscar']);
    expect(await find(q('lucía'))).toEqual(['Lucía']);
  });
});
