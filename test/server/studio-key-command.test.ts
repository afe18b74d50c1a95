import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { casaDelSon } from '../support/casa-del-son';
import { databaseTargets } from '../support/databases';
import { studioCall } from '../support/studio-api';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * `npm run studio-key`, as the studio's operator runs it on the server's shell, against the database
 * of a running server: the key it prints opens the studio API at once, `list` shows its use, and
 * `revoke` closes it at once.
 */

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const STUDIO = 'key-cli-studio';

describe('npm run studio-key', () => {
  let app: TestServer;
  const command = (...args: string[]) => run(tsx, ['server/src/cli/studio-key.ts', ...args], { env: { ...process.env, DATABASE_URL: app.database.url } });

  beforeAll(async () => {
    app = await startTestServer(databaseTargets()[0]!, { documents: [casaDelSon({ id: STUDIO })] });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When the operator creates a key, then it is printed once, works at once, is listed with its last use, and is refused once revoked', async () => {
    const created = await command('create', STUDIO, '--label', 'Front desk');
    const key = /^ {2}(sdk_[A-Za-z0-9_-]{43})$/m.exec(created.stdout)?.[1];
    const keyId = /^Created (key_[A-Za-z0-9_-]{12}) for studio "key-cli-studio" \(Front desk\)\. The key, shown this once only:$/m.exec(created.stdout)?.[1];
    expect([typeof key, typeof keyId]).toEqual(['string', 'string']);
    const stored = await app.server.store.db.selectFrom('studio_keys').selectAll().where('id', '=', keyId!).executeTakeFirstOrThrow();
    // Only the hash is kept.
    expect(JSON.stringify(stored)).not.toContain(key!.slice(4));
    expect(stored.key_hint).toBe(key!.slice(0, 8));

    expect((await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings`, { key })).status).toBe(200);
    const listed = (await command('list', STUDIO)).stdout.split('\n');
    expect(listed[0]).toMatch(/^id +label +key +created +last used +revoked$/);
    expect(listed[1]).toMatch(new RegExp(`^${keyId} +Front desk +${key!.slice(0, 8)}… +\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ +\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ +-$`));

    expect((await command('revoke', keyId!)).stdout).toMatch(new RegExp(`^Revoked ${keyId} of studio "${STUDIO}" \\(.+\\): requests with it are refused from now on\\.\\n$`));
    expect((await studioCall(app, 'GET', `/api/studio/${STUDIO}/bookings`, { key })).status).toBe(401);
    await expect(command('revoke', 'key_nosuchkey000')).rejects.toMatchObject({ code: 1, stderr: 'No key has the id "key_nosuchkey000" (npm run studio-key -- list STUDIO_ID shows them).\n' });
    await expect(command('create')).rejects.toMatchObject({ code: 2 });
    // Five runs of the command, each a cold start of tsx: seconds each on a loaded 2-core machine
    // (over 30 s in all once, on Node 24, with the machine busy).
  }, 120_000);
});
