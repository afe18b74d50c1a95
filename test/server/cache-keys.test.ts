import { cacheKeyOf } from '../../server/src/http/api/cache-keys';
import { ENDPOINTS } from '../../server/src/http/api/endpoint-table';
import { urlRoutes, type Route } from '../../server/src/http/api/url-routes';
import { StudioStamps, type StudioStamp } from '../../server/src/http/cache/studio-stamps';

/**
 * The key a cached answer is kept under: what moves it (a booking, an import, the studio's day) and
 * what does not. The key made for a URL is reused while nothing it carries moved.
 */
describe('the cache key of an answer', () => {
  const routeOf = (url: string) => urlRoutes(ENDPOINTS)({ url } as never) as Route;
  // Madrid's clocks went forward on 2026-03-29 (UTC+2 from then): its midnight is 22:00 UTC.
  let nowMs = 0;
  let stamp: StudioStamp;
  async function keys() {
    const stamps = new StudioStamps(async () => [stamp]);
    await stamps.refresh();
    return { keyOf: cacheKeyOf(stamps, () => nowMs), refresh: () => stamps.refresh() };
  }
  beforeEach(() => {
    nowMs = Date.parse('2026-03-29T21:30:00Z');
    stamp = { id: 'salsa-city', version: 7, catalogVersion: 5, timezone: 'Europe/Madrid' };
  });

  it('When nothing moved, then the same URL is given the same key again', async () => {
    const { keyOf } = await keys();
    const route = routeOf('/api/public/studio/salsa-city/packages');
    const first = keyOf(route);
    expect(first).toBe('salsa-city|7|listPackages');
    expect(keyOf(route)).toBe(first);
  });

  it('When a booking moves the studio\'s counter, then its answers get new keys, but the calendar feed (catalog only) keeps its key', async () => {
    const { keyOf, refresh } = await keys();
    const packages = routeOf('/api/public/studio/salsa-city/packages');
    const feed = routeOf('/api/public/studio/salsa-city/calendar.ics');
    const [packagesBefore, feedBefore] = [keyOf(packages), keyOf(feed)];
    stamp = { ...stamp, version: 8 };
    await refresh();
    expect(keyOf(packages)).toBe('salsa-city|8|listPackages');
    expect(packagesBefore).not.toBe(keyOf(packages));
    expect(keyOf(feed)).toBe(feedBefore);
    stamp = { ...stamp, version: 9, catalogVersion: 9 };
    await refresh();
    expect(keyOf(feed)).toMatch(/^~catalog\|salsa-city\|9\|/);
  });

  it('When the studio\'s day changes (Madrid\'s midnight, not UTC\'s), then this week\'s key changes, and a week asked by `from` keeps its key', async () => {
    const { keyOf } = await keys();
    const thisWeek = routeOf('/api/public/studio/salsa-city/classes');
    const fromMonday = routeOf('/api/public/studio/salsa-city/classes?from=2026-03-30');
    nowMs = Date.parse('2026-03-29T21:59:00Z');
    const [beforeMidnight, fromBefore] = [keyOf(thisWeek), keyOf(fromMonday)];
    expect(beforeMidnight).toMatch(/\|2026-03-29$/);
    nowMs = Date.parse('2026-03-29T22:01:00Z');
    expect(keyOf(thisWeek)).toMatch(/\|2026-03-30$/);
    expect(keyOf(fromMonday)).toBe(fromBefore);
  });

  it('When a user profile or a class is asked by its id, then its key names it under the users\' prefix, whatever the studio does', async () => {
    const { keyOf, refresh } = await keys();
    const user = routeOf('/api/public/user/ana-1/profile');
    const klass = routeOf('/api/public/class/salsa-mon-20260330');
    const before = [keyOf(user), keyOf(klass)];
    expect(before[0]).toBe('~user|ana-1');
    expect(before[1]).toMatch(/^~user\|.*salsa-mon-20260330/);
    stamp = { ...stamp, version: 8 };
    await refresh();
    expect([keyOf(user), keyOf(klass)]).toEqual(before);
  });

  it('When the studio is not known yet, then there is no key (nothing is cached)', async () => {
    const { keyOf } = await keys();
    expect(keyOf(routeOf('/api/public/studio/nobody/packages'))).toBeUndefined();
  });
});
