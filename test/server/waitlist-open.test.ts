import { Browser } from '../support/booking-form';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { request } from '../support/http';
import { expectToMatchOpenApi } from '../support/openapi';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * `waitlistOpen` in the public API (booking-lifecycle.md): true while a class is full and its
 * waitlist takes names, false once its studio's cutoff has passed (by time alone: the cached answer
 * and the stored day of classes must not outlive it), false without a waitlist policy or with spots
 * left, null without a capacity. Read the way sites read it: a week of classes (joined days), one
 * dance type (rows), events.
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
// Monday 2027-03-08, 19:00 in Madrid: 18:00Z; the cutoff (2 hours) is 16:00Z.
const CUTOFF = Date.parse('2027-03-08T16:00:00Z');

function studio(id: string, waitlist: boolean) {
  const entry = (entryId: string, overrides: Record<string, unknown>) => ({ id: entryId, name: entryId, level: 'All', date: '2027-03-08', startTime: '19:00', endTime: '20:00', ...overrides });
  return {
    studio: { id, name: id, country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid', policies: { waitlist } },
    danceTypes: [{ name: 'Salsa' }],
    classes: [
      entry(`${id}-full`, { danceType: 'Salsa', capacity: 1 }),
      entry(`${id}-roomy`, { danceType: 'Salsa', capacity: 10 }),
      entry(`${id}-open-ended`, { danceType: 'Salsa' }),
      entry(`${id}-social`, { danceType: null, capacity: 1 }),
    ],
  };
}

describe.each(databaseTargets())('waitlistOpen in the public API on $name', (target: DatabaseTarget) => {
  let app: TestServer;
  let clock = NOW;

  beforeAll(async () => {
    app = await startTestServer(target, { documents: [studio('wo-studio', true), studio('wo-nolist', false)], now: () => clock, env: { BOOKING_RATE_LIMIT: '0' } });
    for (const classId of ['wo-studio-full', 'wo-studio-social', 'wo-nolist-full']) {
      const posted = await new Browser(app.url).fillIn(`/book/${classId}`, { firstName: 'Ana', lastName: 'Gil', email: `ana.${classId}@example.com`, terms: 'yes' });
      expect(posted.status).toBe(303);
    }
    await app.server.stamps.refresh();
  });
  afterAll(() => app?.stop());

  const flags = async (path: string) => {
    const response = await request(app.url, path);
    expect(response.status).toBe(200);
    expectToMatchOpenApi(response, 'GET', path);
    return Object.fromEntries((response.body as { id: string; waitlistOpen: boolean | null }[]).map((entry) => [entry.id, entry.waitlistOpen]));
  };
  const week = (studioId: string) => flags(`/api/public/studio/${studioId}/classes?from=2027-03-08`);
  const salsa = (studioId: string) => flags(`/api/public/studio/${studioId}/classes/Salsa?from=2027-03-08`);
  const events = (studioId: string) => flags(`/api/public/studio/${studioId}/events?from=2027-03-08`);

  it('When a class is full before the cutoff, then its waitlist is open; with spots left it is not; without a capacity there is none', async () => {
    clock = NOW;
    const expected = { 'wo-studio-full': true, 'wo-studio-roomy': false, 'wo-studio-open-ended': null };
    expect(await week('wo-studio')).toEqual(expected);
    expect(await salsa('wo-studio')).toEqual(expected);
    expect(await events('wo-studio')).toEqual({ 'wo-studio-social': true });
  });

  it('When the studio keeps no waitlist, then a full class’s waitlist is not open', async () => {
    clock = NOW;
    expect((await week('wo-nolist'))['wo-nolist-full']).toBe(false);
  });

  it('When the cutoff passes, then the same listings say the waitlist is closed, though nothing else changed (no stale cached answer or stored day)', async () => {
    clock = NOW;
    expect((await week('wo-studio'))['wo-studio-full']).toBe(true);
    expect((await salsa('wo-studio'))['wo-studio-full']).toBe(true);
    clock = CUTOFF - 1;
    expect((await week('wo-studio'))['wo-studio-full']).toBe(true);
    clock = CUTOFF;
    expect(await week('wo-studio')).toEqual({ 'wo-studio-full': false, 'wo-studio-roomy': false, 'wo-studio-open-ended': null });
    expect((await salsa('wo-studio'))['wo-studio-full']).toBe(false);
    expect(await events('wo-studio')).toEqual({ 'wo-studio-social': false });
  });
});
