import { sql } from 'kysely';
import { databaseTargets } from '../support/databases';
import { madridStudio, newYorkStudio } from '../support/fixture-studios';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The listings must read one studio's rows through an index, never scan other studios' classes.
 * Checked on the plans each database reports for the listing queries.
 */
describe.each(databaseTargets())('query plans on $name', (target) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(target, { documents: [madridStudio(), newYorkStudio()] });
    if (target.name === 'mariadb') await sql`ANALYZE TABLE occurrences`.execute(api.server.store.db);
  });
  afterAll(() => api.stop());

  const plan = async (query: string): Promise<string> => {
    if (target.name === 'sqlite') {
      const result = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`).execute(api.server.store.db);
      return result.rows.map((row) => row.detail).join('\n');
    }
    const result = await sql.raw<{ table: string; key: string | null; type: string }>(`EXPLAIN ${query}`).execute(api.server.store.db);
    return result.rows.map((row) => `${row.table} type=${row.type} key=${row.key}`).join('\n');
  };

  it("When a week of a studio's classes is read, then the primary key (studio, start instant) is used", async () => {
    const text = await plan(`SELECT id FROM occurrences WHERE studio_id = 'fixture-madrid' AND starts_at >= 1774220400000 AND starts_at < 1774821600000 AND cancelled = 0 ORDER BY starts_at`);
    expect(text).toMatch(/type=range key=PRIMARY|USING INDEX sqlite_autoindex_occurrences_\d+ \(studio_id=\? AND starts_at>\? AND starts_at<\?\)/);
    expect(text).not.toMatch(/SCAN occurrences\b(?! USING)|type=ALL/);
  });

  it("When a week of a studio's events is read, then the local-date index is used", async () => {
    const text = await plan(`SELECT id FROM occurrences WHERE studio_id = 'fixture-madrid' AND dance_type_key IS NULL AND local_date >= '2026-03-23' AND local_date < '2026-03-30'`);
    expect(text).toMatch(/occurrences_by_local_date|occurrences_by_type/);
    expect(text).not.toMatch(/SCAN occurrences\b(?! USING)|type=ALL/);
  });
});
