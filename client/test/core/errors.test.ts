import net, { type AddressInfo } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { createStudioDataClient, StudioDataError } from '../../src/index.js';
import { expectSchema } from '../support/openapi.js';
import { FIXTURE_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');

async function rejection(promise: Promise<unknown>): Promise<StudioDataError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StudioDataError);
  return error as StudioDataError;
}

describe('Errors are typed from the problem details of the server', () => {
  const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO });

  it('When the studio does not exist, then the error says studio_not_found with status 404', async () => {
    const error = await rejection(createStudioDataClient({ baseUrl: apiUrl, studio: 'no-such-studio' }).classes());
    expect([error.status, error.code, error.title]).toEqual([404, 'studio_not_found', 'Not Found']);
    expect(error.url).toBe(`${apiUrl}/api/public/studio/no-such-studio/classes`);
    expectSchema(error.problem, 'Problem');
  });

  it('When from is not a date the API accepts, then the error says invalid_from with status 400', async () => {
    const error = await rejection(client.events({ from: 'next tuesday' }));
    expect([error.status, error.code]).toEqual([400, 'invalid_from']);
    expect(error.detail).not.toBe('');
    expectSchema(error.problem, 'Problem');
  });

  it('When a user is not public, then the error says user_not_found', async () => {
    const error = await rejection(client.userProfile('cf-private'));
    expect([error.status, error.code]).toEqual([404, 'user_not_found']);
  });

  it('When the dance type does not exist, then the error says dance_type_not_found', async () => {
    const error = await rejection(client.classes({ danceType: 'Polka' }));
    expect([error.status, error.code]).toEqual([404, 'dance_type_not_found']);
  });

  it("When an invalid Date is given as from, then the call rejects before any request with the library's own error, invalid_from", async () => {
    const requested: string[] = [];
    const counting = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: (url, init) => (requested.push(url), fetch(url, init)) });
    const error = await rejection(counting.classes({ from: new Date('not a date') }));
    expect([error.status, error.code, error.detail]).toEqual([0, 'invalid_from', 'from is an invalid Date: nothing was requested.']);
    expect((await rejection(counting.privateLessonSlots('cf-bruno', { from: new Date(Number.NaN) }))).code).toBe('invalid_from');
    expect(requested).toEqual([]);
  });

  it('When nothing listens at the base URL, then the error says network_error with status 0', async () => {
    const offline = createStudioDataClient({ baseUrl: 'http://127.0.0.1:9', studio: FIXTURE_STUDIO });
    const error = await rejection(offline.profile());
    expect([error.status, error.code]).toEqual([0, 'network_error']);
    expect(error.problem).toBeUndefined();
  });

  it('When the server accepts the connection and never answers, then the call rejects with timeout (status 0) once timeoutMs has passed, instead of waiting for ever', async () => {
    const connections: net.Socket[] = [];
    const silent = net.createServer((socket) => void connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const hanging = createStudioDataClient({ baseUrl: `http://127.0.0.1:${port}`, studio: FIXTURE_STUDIO, timeoutMs: 300 });
      const error = await rejection(hanging.classes());
      expect([error.status, error.code, error.detail]).toEqual([0, 'timeout', 'No answer within 0.3 s.']);
      // The caller's own abort is still an abort, not a timeout.
      const controller = new AbortController();
      const aborted = hanging.events({ signal: controller.signal });
      controller.abort();
      await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      for (const socket of connections) socket.destroy();
      silent.close();
    }
  });

  it('When an error answer has no problem details (a proxy page), then the error says http_error with its status', async () => {
    const behindBrokenProxy = createStudioDataClient({
      baseUrl: apiUrl,
      studio: FIXTURE_STUDIO,
      fetch: async () => new Response('<html><body>Bad gateway</body></html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html', 'retry-after': '30' } }),
    });
    const error = await rejection(behindBrokenProxy.profile());
    expect([error.status, error.code, error.title, error.retryAfter]).toEqual([502, 'http_error', 'Bad Gateway', 30]);
  });

  it('When a 200 answer is not JSON, then the error says invalid_response', async () => {
    const wrongServer = createStudioDataClient({
      baseUrl: apiUrl,
      studio: FIXTURE_STUDIO,
      fetch: async () => new Response('<html>a website</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    });
    const error = await rejection(wrongServer.instructors());
    expect([error.status, error.code]).toEqual([200, 'invalid_response']);
  });

  it('When a 200 answer is JSON of another shape (null, an object for a list, a list for an object, a list of bare values), then the error says invalid_response, never a TypeError or an empty list', async () => {
    const answering = (json: string) =>
      createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: async () => new Response(json, { status: 200, headers: { 'content-type': 'application/json' } }) });
    const cases: [string, (client: ReturnType<typeof answering>) => Promise<unknown>][] = [
      ['null', (client) => client.profile()],
      ['[]', (client) => client.userProfile('cf-ana')],
      ['{"a":1}', (client) => client.classes()],
      ['null', (client) => client.packages()],
      ['["Salsa"]', (client) => client.instructors()],
    ];
    for (const [json, call] of cases) {
      const error = await rejection(call(answering(json)));
      expect([json, error.status, error.code]).toEqual([json, 200, 'invalid_response']);
    }
  });

  it("When the dance type is empty or a dot, then the call rejects before any request with dance_type_not_found, instead of listing every type's classes", async () => {
    const requested: string[] = [];
    const counting = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: (url, init) => (requested.push(url), fetch(url, init)) });
    for (const danceType of ['', ' ', '.', '..']) {
      const error = await rejection(counting.classes({ danceType }));
      expect([danceType, error.status, error.code]).toEqual([danceType, 0, 'dance_type_not_found']);
    }
    expect(requested).toEqual([]);
  });
});

describe('Abort', () => {
  const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO });

  it('When the signal is already aborted, then the call rejects with an AbortError', async () => {
    await expect(client.classes({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('When the signal is aborted while the request runs, then the call rejects with an AbortError and not a StudioDataError', async () => {
    const controller = new AbortController();
    const pending = client.privateLessonInstructors({ signal: controller.signal });
    controller.abort();
    const error = await pending.catch((reason: unknown) => reason);
    expect(error).not.toBeInstanceOf(StudioDataError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('When the signal is aborted with a reason, then the call rejects with that reason', async () => {
    const controller = new AbortController();
    const reason = new Error('the visitor left the page');
    const pending = client.events({ signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('When the signal is never aborted, then it does not get in the way', async () => {
    const controller = new AbortController();
    expect((await client.profile({ signal: controller.signal })).id).toBe(FIXTURE_STUDIO);
  });
});
