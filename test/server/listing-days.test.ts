import { readDays } from '../../server/src/data/listing-days';
import { createListingReads } from '../../server/src/data/listing-reads';
import { createPublicCatalogReader } from '../../server/src/data/public-catalog-reader';
import type { PublicCatalogReader } from '../../server/src/domain/public-api/reader';
import { addDays } from '../../server/src/domain/time/calendar';
import { parseFromParameter } from '../../server/src/domain/time/from-parameter';
import { classWindow } from '../../server/src/domain/time/windows';
import { listingArray, listingRenderer } from '../../server/src/http/listing/listing-entries';
import { createBookingStore } from '../../server/src/data/booking-store';
import { databaseTargets } from '../support/databases';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/** 2026-01-10: every class below lies ahead. */
const NOW = Date.parse('2026-01-10T12:00:00Z');
const FIRST = '2026-02-23';
const LAST = '2026-12-06';

/**
 * A busy week in a zone: classes at midnight and just before it, classes that start together (listed
 * by name, then id), a hidden dance type, cancelled classes and an event. Santiago changes its clocks
 * at midnight (2026-04-05 back, 2026-09-06 forward), Madrid at 02:00/03:00.
 */
function busyStudio(id: string, timezone: string, classNames = ['Salsa Basics', 'Bachata Flow']) {
  const weekly = (suffix: string, dayOfWeek: string, startTime: string, endTime: string, name: string, danceType: string | null, extra: object = {}) => ({
    id: `${id}-${suffix}`,
    name,
    danceType,
    level: 'Open',
    weekly: { dayOfWeek, startTime, endTime, from: FIRST, until: LAST },
    ...extra,
  });
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  return {
    studio: { id, name: `Busy ${timezone}`, country: 'CL', defaultCurrency: 'EUR', timezone },
    danceTypes: [{ name: 'Salsa' }, { name: 'Bachata' }, { name: 'Staff', isVisibleOnWeb: false }],
    people: [{ id: `${id}-ana`, name: 'Ana', roles: ['INSTRUCTOR'] }],
    classes: days.flatMap((day, index) => [
      weekly(`${day}-midnight`, day, '00:00', '01:00', 'Midnight Practice', 'Salsa', { capacity: 10 }),
      weekly(`${day}-a`, day, '19:00', '20:00', classNames[0] as string, 'Salsa', { capacity: 12 + index }),
      weekly(`${day}-b`, day, '19:00', '20:00', classNames[1] as string, 'Bachata'),
      weekly(`${day}-c`, day, '19:00', '20:00', classNames[1] as string, 'Bachata', { capacity: 5 }),
      weekly(`${day}-late`, day, '23:30', '23:59', 'Late Salsa', 'Salsa'),
      weekly(`${day}-staff`, day, '12:00', '13:00', 'Staff Meeting', 'Staff'),
      ...(index % 2 === 0 ? [weekly(`${day}-social`, day, '21:00', '23:00', 'Social', null)] : []),
    ]),
  };
}

/** The same window read class by class, as windows that are not whole days are. */
async function byRows(reader: PublicCatalogReader, listings: ReturnType<typeof createListingReads>, studioId: string, from: string): Promise<string> {
  const studio = await reader.findStudio(studioId);
  if (!studio) throw new Error(`no studio ${studioId}`);
  const parsed = parseFromParameter(from);
  const window = parsed && classWindow(parsed, studio.timezone, NOW);
  if (!window) throw new Error(`no window for ${from}`);
  const keys = studio.danceTypes.filter((type) => type.isVisibleOnWeb).map((type) => type.name.toLowerCase());
  return listingArray({ entries: await listings.listClasses(studioId, window, keys), completion: { policy: studio.policies, nowMs: NOW } }).toString('utf8');
}

describe.each(databaseTargets())('classes listed by whole days on $name', (target) => {
  let api: TestServer;
  let reader: PublicCatalogReader;
  let listings: ReturnType<typeof createListingReads>;
  beforeEach(async () => {
    api = await startTestServer(target, { documents: [busyStudio('busy-santiago', 'America/Santiago'), busyStudio('busy-madrid', 'Europe/Madrid')], now: () => NOW });
    reader = createPublicCatalogReader(api.server.store.db);
    listings = createListingReads(api.server.store.db, listingRenderer);
  });
  afterEach(() => api.stop());

  /** Every date of the schedule whose week is whole days, with what the API answers and what the rows list. */
  async function compareEveryWeek(studioId: string, timezone: string): Promise<{ compared: number; notWholeDays: string[] }> {
    let compared = 0;
    const notWholeDays: string[] = [];
    for (let date = addDays(FIRST, -3); date <= LAST; date = addDays(date, 1)) {
      const window = classWindow({ kind: 'local', date, time: '00:00:00.000' }, timezone, NOW);
      if (!window?.wholeDays) {
        notWholeDays.push(date);
        continue;
      }
      const answer = await request(api.url, `/api/public/studio/${studioId}/classes?from=${date}`);
      expect(answer.status).toBe(200);
      expect({ date, body: answer.text }).toEqual({ date, body: await byRows(reader, listings, studioId, date) });
      compared += 1;
    }
    return { compared, notWholeDays };
  }

  it('When any week is asked for by date, then the answer is exactly what the classes listed one by one give, and DST weeks are read by rows', async () => {
    const santiago = await compareEveryWeek('busy-santiago', 'America/Santiago');
    // The weeks holding a clock change are the ones not read by day. Santiago changes at midnight,
    // the very end of the week before, which is read by rows too.
    expect(santiago.notWholeDays).toEqual([addDays('2026-04-05', -7), ...weekStartsHolding('2026-04-05'), addDays('2026-09-06', -7), ...weekStartsHolding('2026-09-06')]);
    expect(santiago.compared).toBeGreaterThan(250);
    const madrid = await compareEveryWeek('busy-madrid', 'Europe/Madrid');
    expect(madrid.notWholeDays).toEqual([...weekStartsHolding('2026-03-29'), ...weekStartsHolding('2026-10-25')]);
    // Something is listed: the comparison is not between two empty arrays.
    expect(JSON.parse((await request(api.url, '/api/public/studio/busy-madrid/classes?from=2026-05-04')).text)).toHaveLength(5 * 7);
  });

  it('When a class is booked, then the week asked for by date shows one spot less, as the rows do', async () => {
    const bookings = createBookingStore(api.server.store.db, api.server.store.dialect, listingRenderer);
    const spots = async () => (JSON.parse((await request(api.url, '/api/public/studio/busy-madrid/classes?from=2026-05-04')).text) as { id: string; spotsLeft: number | null }[]).find((entry) => entry.id === 'busy-madrid-wednesday-a-20260506');
    expect((await spots())?.spotsLeft).toBe(14);
    const outcome = await bookings.bookClass({
      classId: 'busy-madrid-wednesday-a-20260506',
      guest: { firstName: 'Eva', lastName: 'Ruiz', email: 'eva@example.com', phone: null },
      locale: 'en',
      idempotencyKey: '',
      nowMs: NOW,
    });
    expect(outcome.outcome).toBe('confirmed');
    await api.server.stamps.refresh();
    expect((await spots())?.spotsLeft).toBe(13);
    expect((await request(api.url, '/api/public/studio/busy-madrid/classes?from=2026-05-04')).text).toBe(await byRows(reader, listings, 'busy-madrid', '2026-05-04'));
  });

  it('When the studio is imported again with classes renamed and a type hidden, then its weeks by date list the new catalog', async () => {
    const renamed = busyStudio('busy-madrid', 'Europe/Madrid', ['Zouk Basics', 'Afro Flow']);
    renamed.danceTypes[1] = { name: 'Bachata', isVisibleOnWeb: false };
    await api.importDocument(renamed, NOW);
    await api.server.stamps.refresh();
    const listed = JSON.parse((await request(api.url, '/api/public/studio/busy-madrid/classes?from=2026-05-04')).text) as { name: string }[];
    expect(new Set(listed.map((entry) => entry.name))).toEqual(new Set(['Midnight Practice', 'Zouk Basics', 'Late Salsa']));
    expect(await readDays(api.server.store.db, 'busy-madrid', { fromDate: '2026-05-04', untilDate: '2026-05-11' })).toHaveLength(7);
    await compareEveryWeek('busy-madrid', 'Europe/Madrid');
  });
});

/** The seven start dates whose week holds `date`. */
function weekStartsHolding(date: string): string[] {
  return [-6, -5, -4, -3, -2, -1, 0].map((offset) => addDays(date, offset));
}
