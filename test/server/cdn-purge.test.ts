import { casaDelSon, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { request } from '../support/http';
import { createStudioKey, startWebhookReceiver, studioCall, type WebhookReceiver } from '../support/studio-api';
import { testNow, zoneDay } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/** The CDN's side of the public API (README, "Deployment: more than one machine"): its cache headers, and the purge after an import. */

const STUDIO = 'cdn-studio';
const ZONE = 'Europe/Madrid';
const DAY = zoneDay(ZONE, 7);
const document = (name: string) => casaDelSon({ id: STUDIO, classes: [salsaClass('cdn-salsa', { date: DAY, name })] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sqlite = databaseTargets().find((target) => target.name === 'sqlite') as DatabaseTarget;

describe('a CDN in front of the public API', () => {
  let app: TestServer;
  let cdn: WebhookReceiver;
  beforeAll(async () => {
    cdn = await startWebhookReceiver();
    app = await startTestServer(sqlite, { documents: [document('Salsa')], now: testNow, env: { CDN_PURGE_URL: cdn.url, CDN_PURGE_TOKEN: 'purge-token' } });
  });
  afterAll(async () => {
    await app?.stop();
    await cdn?.close();
  });

  it('When a studio document is imported through the studio API, then the CDN is asked to purge that studio by its tag, with the token', async () => {
    const { key } = await createStudioKey(app, STUDIO);
    const tagged = await request(app.url, `/api/public/studio/${STUDIO}/profile`);
    expect(tagged.headers['surrogate-key']).toBe(`studio-${STUDIO}`);
    // The studio's calendar feed too: it is purged with its studio, not with every studio's import.
    expect((await request(app.url, `/api/public/studio/${STUDIO}/calendar.ics`)).headers['surrogate-key']).toBe(`studio-${STUDIO}`);
    expect((await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, json: document('Salsa Renamed') })).status).toBe(200);
    for (let waited = 0; cdn.calls.length === 0 && waited < 5000; waited += 50) await sleep(50);
    expect(cdn.calls).toHaveLength(1);
    const [purge] = cdn.calls;
    expect(purge!.headers['surrogate-key']).toBe(`studio-${STUDIO} studio-data-global`);
    expect(purge!.headers.authorization).toBe('Bearer purge-token');
    expect(JSON.parse(purge!.body)).toEqual({ tags: [`studio-${STUDIO}`, 'studio-data-global'] });
  });
});
