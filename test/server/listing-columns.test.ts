import { sql } from 'kysely';
import { prepareDatabase } from '../../server/src/server';
import { bookingLifecycle } from '../../server/src/data/migrations/006-booking-lifecycle';
import { databaseTargets } from '../support/databases';
import { rollBackSchemaAfter } from '../support/schema-rollback';
import { madridStudio } from '../support/fixture-studios';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/** Wednesday 2026-03-25, 13:00 in Madrid. */
const NOW = Date.parse('2026-03-25T12:00:00Z');
const MADRID = '/api/public/studio/fixture-madrid';
const LISTINGS = [`${MADRID}/classes?from=2026-03-23`, `${MADRID}/classes/West%20Coast%20Swing?from=2026-03-23`, `${MADRID}/events?from=2026-03-23`];

type Entry = { id: string; spotsLeft: number | null };

/**
 * Listings join entries rendered at import and stored on each occurrence (listing_json), with the
 * bookings counted on the class row (confirmed_bookings): see data/migrations/003-listing-columns.ts.
 * Whatever state those columns are in, a listing must read as if it were built on the spot.
 */
describe.each(databaseTargets())('stored listing entries on $name', (target) => {
  let api: TestServer;
  let expected: Map<string, Entry[]>;
  const listings = async () => new Map(await Promise.all(LISTINGS.map(async (path) => [path, (await request(api.url, path)).body as Entry[]] as const)));
  /** Changes made behind the server's back: tell it the studio changed. */
  const studioChanged = async () => {
    await api.server.store.db.updateTable('studios').set((eb) => ({ version: eb('version', '+', 1) })).execute();
    await api.server.stamps.refresh();
  };

  beforeEach(async () => {
    api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW });
    expected = await listings();
    expect(expected.get(LISTINGS[0] as string)?.find((entry) => entry.id === 'wcs-sat')?.spotsLeft).toBe(2);
  });
  afterEach(() => api.stop());

  it('When a database from before the listing columns is upgraded, then the listings read the same and spotsLeft counts the bookings made before', async () => {
    const { db, dialect } = api.server.store;
    const listedDays = async () => (await db.selectFrom('listing_days').select('local_date').where('studio_id', '=', 'fixture-madrid').orderBy('local_date').execute()).map((row) => row.local_date);
    const daysImported = await listedDays();
    // Back to the schema before migration 003: the later migrations first, in reverse (007's table goes whole below).
    await rollBackSchemaAfter(api.server.store, '007-listing-days-valid-until');
    await bookingLifecycle(dialect).down!(db);
    await sql`alter table occurrences drop column listing_json`.execute(db);
    await sql`alter table occurrences drop column confirmed_bookings`.execute(db);
    await sql`drop table listing_json_format`.execute(db);
    await sql`drop table listing_days`.execute(db);
    await sql`delete from schema_migrations where name in ('003-listing-columns', '004-listing-days', '005-list-columns-as-text', '006-booking-lifecycle', '007-listing-days-valid-until')`.execute(db);
    await sql`insert into bookings (id, studio_id, kind, class_id, starts_at, ends_at, status, first_name, last_name, email, email_key, created_at)
      values ('before-upgrade', 'fixture-madrid', 'class', 'wcs-sat', 0, 0, 'confirmed', 'Old', 'Booking', 'old@example.com', 'old@example.com', 0)`.execute(db);

    await prepareDatabase(api.server.store);
    await api.server.stamps.refresh();

    const after = await listings();
    const wcs = (entries: Entry[] | undefined) => entries?.find((entry) => entry.id === 'wcs-sat');
    expect(wcs(after.get(LISTINGS[0] as string))?.spotsLeft).toBe(1);
    expect(wcs(after.get(LISTINGS[1] as string))?.spotsLeft).toBe(1);
    for (const entries of expected.values()) {
      const booked = wcs(entries);
      if (booked) booked.spotsLeft = 1;
    }
    expect(after).toEqual(expected);
    const rows = await db.selectFrom('occurrences').select(['id', 'listing_json', 'confirmed_bookings']).execute();
    expect(rows.filter((row) => row.listing_json === null)).toEqual([]);
    expect(rows.find((row) => row.id === 'wcs-sat')?.confirmed_bookings).toBe(1);
    // The upgrade writes the listing days an import writes: from the weekly Salsa's first Monday to its last.
    expect(await listedDays()).toEqual(daysImported);
    expect([daysImported[0], daysImported.at(-1)]).toEqual(['2026-03-02', '2026-11-30']);
  });

  it('When some entries are not rendered yet, then the listing renders them on the spot', async () => {
    await api.server.store.db.updateTable('occurrences').set({ listing_json: null }).where('id', 'in', ['wcs-sat', 'social']).execute();
    await studioChanged();
    expect(await listings()).toEqual(expected);
  });

  it('When the stored entries were rendered by another version of the renderer, then preparing the database renders them again', async () => {
    const { db } = api.server.store;
    await db.updateTable('occurrences').set({ listing_json: Buffer.from('{"id":"stale"') }).execute();
    await db.updateTable('listing_json_format').set({ version: 0 }).execute();
    await prepareDatabase(api.server.store);
    await api.server.stamps.refresh();
    expect(await listings()).toEqual(expected);
  });

  it('When the renderer has not changed, then preparing the database renders nothing again', async () => {
    const { db } = api.server.store;
    await db.updateTable('occurrences').set({ listing_json: Buffer.from('{"id":"kept"') }).where('id', '=', 'wcs-sat').execute();
    await prepareDatabase(api.server.store);
    const row = await db.selectFrom('occurrences').select('listing_json').where('id', '=', 'wcs-sat').executeTakeFirstOrThrow();
    expect(Buffer.from(row.listing_json as Uint8Array).toString()).toBe('{"id":"kept"');
  });
});

describe.each(databaseTargets())('listing order on $name', (target) => {
  let api: TestServer;
  const at = (id: string, name: string) => ({ id, name, danceType: 'Salsa', level: 'Open', date: '2026-03-26', startTime: '19:00', endTime: '20:00' });
  beforeAll(async () => {
    const studio = madridStudio('order-studio', 'ord');
    studio.classes = [
      at('a-zumba', 'Zumba'),
      at('d-eclair', 'Éclair'),
      at('c-afro', 'Afro'),
      at('b-afro', 'Afro'),
      at('e-early', 'Zzz'),
      at('f-star', 'Afro ✨'),
      // U+1F483 (written with two UTF-16 surrogates) comes after U+FF5A, though its first unit is smaller.
      at('g-dancer', '💃 Social'),
      at('h-wide', 'ｚ wide'),
    ];
    studio.classes[4] = { ...studio.classes[4], startTime: '18:00', endTime: '19:00' } as (typeof studio.classes)[number];
    api = await startTestServer(target, { documents: [studio], now: () => NOW });
  });
  afterAll(() => api.stop());

  it('When classes start together, then they are listed by name (by code point, as the databases compare), then by id', async () => {
    const response = await request(api.url, '/api/public/studio/order-studio/classes?from=2026-03-23');
    expect((response.body as Entry[]).map((entry) => entry.id)).toEqual(['e-early', 'b-afro', 'c-afro', 'f-star', 'a-zumba', 'd-eclair', 'h-wide', 'g-dancer']);
  });
});
