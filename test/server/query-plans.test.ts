import { sql, type Compilable } from 'kysely';
import { daysQuery, listedRowsQuery } from '../../server/src/data/listing-days';
import { classListingQuery, eventListingQuery } from '../../server/src/data/listing-reads';
import { bookingPageQuery } from '../../server/src/data/studio-bookings';
import { databaseTargets } from '../support/databases';
import { madridStudio, newYorkStudio } from '../support/fixture-studios';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The listings must read one studio's rows through an index, never scan other studios' classes.
 * Checked on the plans each database reports for the very queries the listings run.
 */
describe.each(databaseTargets())('query plans on $name', (target) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(target, { documents: [madridStudio(), newYorkStudio()] });
    await insertBookings(api, 'fixture-madrid', 2000);
    if (target.name === 'mariadb') await sql`ANALYZE TABLE occurrences, listing_days, bookings`.execute(api.server.store.db);
  });
  afterAll(() => api.stop());

  const plan = async (query: Compilable): Promise<string> => {
    const statement = withParameters(query);
    if (target.name === 'sqlite') {
      const result = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement}`).execute(api.server.store.db);
      return result.rows.map((row) => row.detail).join('\n');
    }
    const result = await sql.raw<{ table: string; key: string | null; type: string; Extra: string | null }>(`EXPLAIN ${statement}`).execute(api.server.store.db);
    return result.rows.map((row) => `${row.table} type=${row.type} key=${row.key} ${row.Extra ?? ''}`).join('\n');
  };
  const week = { startMs: Date.UTC(2026, 2, 22, 23), endMs: Date.UTC(2026, 2, 29, 22) };
  const scansTable = /SCAN (o|occurrences)\b(?! USING)|type=ALL/;

  it("When a week of a studio's classes is listed, then one range of the primary key (studio, start instant) is read, with no other table", async () => {
    const text = await plan(classListingQuery(api.server.store.db, 'fixture-madrid', week, ['salsa', 'bachata']));
    expect(text).toMatch(/type=range key=PRIMARY|USING INDEX sqlite_autoindex_occurrences_\d+ \(studio_id=\? AND starts_at>\? AND starts_at<\?\)/);
    expect(text).not.toMatch(scansTable);
    expect(text.split('\n').filter((line) => !/TEMP B-TREE/.test(line))).toHaveLength(1);
  });

  it("When a week of one dance type is listed, then an index on (studio, type) or the primary key is read", async () => {
    const text = await plan(classListingQuery(api.server.store.db, 'fixture-madrid', week, ['salsa']));
    expect(text).toMatch(/occurrences_by_type|PRIMARY|sqlite_autoindex_occurrences/);
    expect(text).not.toMatch(scansTable);
  });

  it("When a week of a studio's classes is read by day, then one range of the joined days' primary key is read", async () => {
    const text = await plan(daysQuery(api.server.store.db, 'fixture-madrid', { fromDate: '2026-04-13', untilDate: '2026-04-20' }));
    expect(text).toMatch(/listing_days type=range key=PRIMARY|USING INDEX sqlite_autoindex_listing_days_\d+ \(studio_id=\? AND local_date>\? AND local_date<\?\)/);
    expect(text).not.toMatch(/TEMP B-TREE|filesort|type=ALL|SCAN listing_days\b(?! USING)/);
  });

  it("When a booking rewrites its class's day, then the day's classes are found through the local-date index", async () => {
    const text = await plan(listedRowsQuery(api.server.store.db, 'fixture-madrid', ['salsa', 'bachata'], ['2026-04-13']));
    expect(text).toMatch(/occurrences_by_local_date/);
    expect(text).not.toMatch(scansTable);
  });

  it("When the studio API lists a page of a studio's bookings, then its ids are one range of the index (studio, last change, id) from the cursor, and only that page's rows are read, by primary key", async () => {
    const noFilters = { fromMs: null, toMs: null, status: null, classId: null, instructorId: null };
    const text = await plan(bookingPageQuery(api.server.store.db, 'fixture-madrid', { filters: noFilters, after: { updatedAt: 1, id: 'x' }, limit: 500 }));
    expect(text).toMatch(/p type=range key=bookings_by_studio_change|SEARCH p USING COVERING INDEX bookings_by_studio_change \(studio_id=\? AND updated_at<\?\)/);
    expect(text).toMatch(/b type=eq_ref key=PRIMARY|SEARCH b USING INDEX sqlite_autoindex_bookings_1 \(id=\?\)/);
    // Nothing scans the table; the one sort is of the page itself (at most `limit` rows).
    expect(text).not.toMatch(/\b[bp] type=ALL|SCAN [bp]\b(?! USING)/);
  });

  it("When a week of a studio's events is listed, then the local-date index is used", async () => {
    const text = await plan(eventListingQuery(api.server.store.db, 'fixture-madrid', { fromDate: '2026-03-23', untilDate: '2026-03-30' }));
    expect(text).toMatch(/occurrences_by_local_date|occurrences_by_type/);
    expect(text).not.toMatch(scansTable);
  });
});

/** The compiled statement with its parameters written in (EXPLAIN takes no placeholders here). */
function withParameters(query: Compilable): string {
  const { sql: text, parameters } = query.compile();
  let index = 0;
  return text.replace(/\?/g, () => {
    const value = parameters[index++];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** Bookings of a studio, written straight in batches: enough rows that the databases plan as they would for a real studio. */
async function insertBookings(api: TestServer, studioId: string, count: number): Promise<void> {
  for (let first = 0; first < count; first += 500) {
    await api.server.store.db
      .insertInto('bookings')
      .values(
        Array.from({ length: Math.min(500, count - first) }, (_, offset) => {
          const n = first + offset;
          return {
            id: `plan-${String(n).padStart(6, '0')}`,
            studio_id: studioId,
            kind: 'class',
            class_id: `plan-class-${n % 20}`,
            instructor_id: null,
            pricing_id: null,
            starts_at: 1_800_000_000_000 + n,
            ends_at: 1_800_000_003_600 + n,
            status: n % 10 === 0 ? 'waiting' : 'confirmed',
            first_name: 'Plan',
            last_name: String(n),
            email: `plan${n}@example.com`,
            email_key: `plan${n}@example.com`,
            active_key: `plan${n}@example.com`,
            phone: null,
            answers: null,
            price: null,
            currency: null,
            locale: 'en',
            created_at: 1_700_000_000_000 + n,
            updated_at: 1_700_000_000_000 + n,
            waitlist_position: n % 10 === 0 ? n : null,
          };
        }),
      )
      .execute();
  }
}
