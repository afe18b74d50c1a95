import { describeWithPhp } from './prerequisites';
import { runPhpunit } from './phpunit';
import { startTestServer, type TestServer } from '../support/test-server';
import { databaseTargets } from '../support/databases';
import { madridStudio } from '../support/fixture-studios';
import { Browser, accessTokenOf } from '../support/booking-form';
import { casaDelSon, lucia, salsaClass } from '../support/casa-del-son';
import { createStudioKey } from '../support/studio-api';
import { zoneDay } from '../support/test-clock';

const STUDIO = 'php-studio-client';
const CLASS = 'php-studio-salsa';

describeWithPhp({ mariadb: false })('The PHP client library (outside WordPress)', () => {
  let api: TestServer;
  let key: string;
  let reference: string;

  beforeAll(async () => {
    api = await startTestServer(databaseTargets()[0]!, {
      documents: [madridStudio(), casaDelSon({ id: STUDIO, classes: [salsaClass(CLASS, { date: zoneDay('Europe/Madrid', 7) })] })],
      env: { BOOKING_RATE_LIMIT: '0' },
    });
    key = (await createStudioKey(api, STUDIO)).key;
    const booked = await new Browser(api.url, { 'Accept-Language': 'en' }).fillIn(`/book/${CLASS}`, lucia());
    const token = accessTokenOf(booked.location);
    reference = (await api.server.store.db.selectFrom('bookings').select('reference').where('access_token', '=', token).executeTakeFirstOrThrow()).reference!;
  });
  afterAll(async () => api?.stop());

  test('When PHP code asks every public endpoint and the studio API, then it gets decoded data, typed errors and ETag revalidation', async () => {
    const run = await runPhpunit('client.xml', {
      STUDIO_DATA_API_URL: api.url,
      STUDIO_DATA_STUDIO_ID: 'fixture-madrid',
      STUDIO_DATA_STUDIO_KEY: key,
      STUDIO_DATA_KEY_STUDIO_ID: STUDIO,
      STUDIO_DATA_BOOKED_CLASS: CLASS,
      STUDIO_DATA_BOOKED_REFERENCE: reference,
    });
    if (!run.passed) throw new Error(`phpunit failed:\n${run.output}`);
    expect(run.output).toMatch(/OK \(\d+ tests/);
    expect(run.output).not.toMatch(/Skipped/);
  }, 60_000);
});
