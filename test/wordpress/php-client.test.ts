import { describeWithPhp } from './prerequisites';
import { runPhpunit } from './phpunit';
import { startTestServer, type TestServer } from '../support/test-server';
import { databaseTargets } from '../support/databases';
import { madridStudio } from '../support/fixture-studios';

describeWithPhp({ mariadb: false })('The PHP client library (outside WordPress)', () => {
  let api: TestServer;

  beforeAll(async () => {
    api = await startTestServer(databaseTargets()[0]!, { documents: [madridStudio()] });
  });
  afterAll(async () => api?.stop());

  test('When PHP code asks the nine endpoints, then it gets decoded data, typed errors and ETag revalidation', async () => {
    const run = await runPhpunit('client.xml', { STUDIO_DATA_API_URL: api.url, STUDIO_DATA_STUDIO_ID: 'fixture-madrid' });
    if (!run.passed) throw new Error(`phpunit failed:\n${run.output}`);
    expect(run.output).toMatch(/OK \(\d+ tests/);
  }, 60_000);
});
