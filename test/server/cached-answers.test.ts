import { ResponseCache } from '../../server/src/http/cache/response-cache';
import { databaseTargets } from '../support/databases';
import { eventuallyWithin } from '../support/eventually-within';
import { madridStudio, newYorkStudio } from '../support/fixture-studios';
import { request, type RawResponse } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/** Wednesday 2026-03-25, 13:00 in Madrid. */
const NOW = Date.parse('2026-03-25T12:00:00Z');
const MADRID = '/api/public/studio/fixture-madrid';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The headers that must not depend on whether the answer was produced or taken from the cache. */
const STABLE_HEADERS = ['content-type', 'content-length', 'etag', 'cache-control', 'access-control-allow-origin', 'access-control-expose-headers', 'ratelimit-policy', 'x-content-type-options'];
const stable = (response: RawResponse) => Object.fromEntries(STABLE_HEADERS.map((name) => [name, response.headers[name]]));

/** The server's own polls, which run whatever clients ask: the studios' change counters, and the outbox. */
const BACKGROUND_QUERY = /^select [`"]id[`"], [`"]version[`"], [`"]catalog_version[`"], [`"]timezone[`"] from [`"]studios[`"]$|outbox/;

/** Counts the statements answering requests send to the database from now on (every reader shares the store's executor). */
function countQueries(api: TestServer): { count: () => number; stop: () => void } {
  const executeQuery = jest.spyOn(api.server.store.db.getExecutor(), 'executeQuery');
  return {
    count: () => executeQuery.mock.calls.filter(([query]) => !BACKGROUND_QUERY.test(query.sql)).length,
    stop: () => executeQuery.mockRestore(),
  };
}

/**
 * Every request under /api/public is answered by one handler (http/api/public-api-handler.ts), from
 * the cache or produced. Cached or not, the client must see the same answer: body, caching and CORS
 * headers, the rate limit, its request id.
 */
describe.each(databaseTargets())('cached answers on $name', (target) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => api.stop());

  it.each([
    ['the profile', `${MADRID}/profile`],
    ['this week of classes', `${MADRID}/classes`],
    ['a week of classes from a date', `${MADRID}/classes?from=2026-03-23`],
    ['a week of one dance type', `${MADRID}/classes/Salsa?from=2026-03-23`],
    ['a dance type with a space in its name', `${MADRID}/classes/West%20Coast%20Swing`],
    ['the events', `${MADRID}/events?from=2026-03-01`],
    ['the packages', `${MADRID}/packages`],
    ['a user profile', '/api/public/user/mad-ana/profile'],
  ])('When %s is asked for again, then the cached answer has the same body and headers as the first, its own request id, and counts against the limit', async (_name, path) => {
    const first = await request(api.url, path);
    const again = await request(api.url, path);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(stable(again)).toEqual(stable(first));
    expect(again.headers['x-request-id']).toMatch(UUID);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const remaining = (response: RawResponse) => Number(/r=(\d+)/.exec(String(response.headers.ratelimit))?.[1]);
    expect(remaining(again)).toBe(remaining(first) - 1);
  });

  /** A cached answer must be found under the key it was stored under, whatever the endpoint's key is made of. */
  it.each([
    ['the profile', `${MADRID}/profile`],
    ['the instructors', `${MADRID}/instructors`],
    ['this week of classes', `${MADRID}/classes`],
    ['a week of classes from a date', `${MADRID}/classes?from=2026-03-23`],
    ['a week of one dance type', `${MADRID}/classes/Salsa`],
    ['the events', `${MADRID}/events`],
    ['the packages', `${MADRID}/packages`],
    ['the private-lesson instructors', `${MADRID}/private-lesson-instructors`],
    ['the private-lesson questions', `${MADRID}/private-lesson-questions`],
    ['a user profile', '/api/public/user/mad-ana/profile'],
    ['the OpenAPI document', '/api/public/openapi.json'],
  ])('When asked again for %s, then the answer is the one kept, and the database is not asked', async (_name, path) => {
    const first = await request(api.url, path);
    const queries = countQueries(api);
    const stored = jest.spyOn(ResponseCache.prototype, 'set');
    let again: RawResponse;
    try {
      again = await request(api.url, path);
    } finally {
      queries.stop();
      stored.mockRestore();
    }
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(queries.count()).toBe(0);
    expect(stored).not.toHaveBeenCalled();
  });

  it.each([
    ['a week of classes from a date', `${MADRID}/classes?from=2026-03-16`, ['/API/PUBLIC/STUDIO/fixture-madrid/CLASSES?from=2026-03-16', `${MADRID}/classes/?from=2026-03-16`, '/api/public/studio/%66ixture-madrid/classes?from=2026-03-16']],
    ['a week of one dance type', `${MADRID}/classes/Salsa?from=2026-03-16`, [`${MADRID}/classes/SALSA?from=2026-03-16`, `${MADRID}/Classes/%53alsa/?from=2026-03-16`, `${MADRID}/classes/salsa?from=2026-03-16`]],
    ['the events', `${MADRID}/events?from=2026-03-09`, [`${MADRID}/EVENTS?from=2026-03-09`, `${MADRID}/events/?from=2026-03-09`, '/api/public/studio/fixture%2Dmadrid/events?from=2026-03-09']],
  ])('When %s is asked for in several spellings, then every answer is byte-for-byte the first, and only the first asks the database', async (_name, path, spellings) => {
    const queries = countQueries(api);
    try {
      const first = await request(api.url, path);
      const asked = queries.count();
      expect(first.status).toBe(200);
      expect(asked).toBeGreaterThan(0);
      for (const spelling of spellings) {
        const other = await request(api.url, spelling);
        expect({ spelling, status: other.status, text: other.text, headers: stable(other) }).toEqual({ spelling, status: 200, text: first.text, headers: stable(first) });
      }
      expect(queries.count()).toBe(asked);
    } finally {
      queries.stop();
    }
  });

  it('When ten clients ask at once for an answer not cached yet, then all get it and the database is asked as for one', async () => {
    const queriesOf = (calls: { sql: string }[][]) => calls.filter(([query]) => !BACKGROUND_QUERY.test(query!.sql)).length;
    // What one request for a week not cached yet asks the database (once what every week shares is read).
    expect((await request(api.url, `${MADRID}/classes?from=2026-04-27`)).status).toBe(200);
    const one = countQueries(api);
    let askedForOne: number;
    try {
      expect((await request(api.url, `${MADRID}/classes?from=2026-05-04`)).status).toBe(200);
      askedForOne = one.count();
    } finally {
      one.stop();
    }

    // The database holds its answers until all ten requests have looked in the cache and missed.
    const executor = api.server.store.db.getExecutor();
    const executeQuery = executor.executeQuery.bind(executor);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = jest.spyOn(executor, 'executeQuery').mockImplementation(async (...args) => {
      await held;
      return executeQuery(...args);
    });
    const lookups = jest.spyOn(ResponseCache.prototype, 'get');
    try {
      const answers = Promise.all(Array.from({ length: 10 }, () => request(api.url, `${MADRID}/classes?from=2026-04-20`)));
      while (lookups.mock.calls.length < 10) await new Promise((resolve) => setImmediate(resolve));
      release();
      const answered = await answers;
      expect(answered.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(new Set(answered.map((answer) => answer.text)).size).toBe(1);
      expect(JSON.parse(answered[0]!.text).length).toBeGreaterThan(0);
      expect(queriesOf(asked.mock.calls as unknown as { sql: string }[][])).toBe(askedForOne);
      expect(askedForOne).toBeGreaterThan(0);
    } finally {
      release();
      asked.mockRestore();
      lookups.mockRestore();
    }
  });

  it('When the one production that clients at once wait for fails, then each gets the problem, and the next request asks the database again', async () => {
    const path = `${MADRID}/classes?from=2026-05-11`;
    const executor = api.server.store.db.getExecutor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = jest.spyOn(executor, 'executeQuery').mockImplementation(async () => {
      await held;
      throw new Error('connection lost');
    });
    const lookups = jest.spyOn(ResponseCache.prototype, 'get');
    try {
      const answers = Promise.all(Array.from({ length: 3 }, () => request(api.url, path)));
      while (lookups.mock.calls.length < 3) await new Promise((resolve) => setImmediate(resolve));
      release();
      expect((await answers).map((answer) => [answer.status, answer.headers['content-type']])).toEqual(Array(3).fill([500, 'application/problem+json; charset=utf-8']));
    } finally {
      release();
      failing.mockRestore();
      lookups.mockRestore();
    }
    const again = await request(api.url, path);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text).length).toBeGreaterThan(0);
  });

  it('When a cached answer is asked for with HEAD, then the headers are those of GET and there is no body', async () => {
    const get = await request(api.url, `${MADRID}/instructors`);
    const head = await request(api.url, `${MADRID}/instructors`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(stable(head)).toEqual(stable(get));
  });

  it('When the client already holds the cached answer (If-None-Match), then it is 304 with the ETag and CORS headers and no body', async () => {
    const first = await request(api.url, `${MADRID}/private-lesson-questions`);
    const revalidated = await request(api.url, `${MADRID}/private-lesson-questions`, { headers: { 'If-None-Match': `W/${String(first.headers.etag)}`, 'X-Request-Id': 'revalidate-1' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['access-control-allow-origin']).toBe('*');
    expect(revalidated.headers['x-request-id']).toBe('revalidate-1');
  });

  it.each([
    ['in capitals', '/API/PUBLIC/STUDIO/fixture-madrid/PROFILE'],
    ['with a trailing slash', `${MADRID}/profile/`],
    ['with an encoded studio id', '/api/public/studio/%66ixture-madrid/profile'],
  ])('When a cached path is written %s, then the answer is the same', async (_name, path) => {
    const usual = await request(api.url, `${MADRID}/profile`);
    const other = await request(api.url, path);
    expect(other.status).toBe(200);
    expect(other.text).toBe(usual.text);
    expect(other.headers.etag).toBe(usual.headers.etag);
  });

  it('When a cached answer is asked for with another method, then it is still 405 with Allow', async () => {
    await request(api.url, `${MADRID}/packages`);
    const response = await request(api.url, `${MADRID}/packages`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('When a preflight asks about a cached answer, then it is the CORS 204, not the answer', async () => {
    await request(api.url, `${MADRID}/packages`);
    const response = await request(api.url, `${MADRID}/packages`, { method: 'OPTIONS', headers: { Origin: 'https://site.example', 'Access-Control-Request-Method': 'GET' } });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers['access-control-allow-methods']).toBe('GET,HEAD,OPTIONS');
  });
});

/** A server that trusts a proxy reads the client's address from X-Forwarded-For; nothing else about its answers changes, errors included. */
describe.each(databaseTargets())('answers behind a trusted proxy on $name', (target) => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    direct = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RESPONSE_CACHE_MB: '0' } });
    proxied = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RESPONSE_CACHE_MB: '0', TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await direct.stop();
    await proxied.stop();
  });

  it.each([
    `${MADRID}/profile`,
    `${MADRID}/instructors`,
    `${MADRID}/classes`,
    `${MADRID}/classes?from=2026-04-13`,
    `${MADRID}/classes?from=2026-03-23T19:00`,
    `${MADRID}/classes/West%20Coast%20Swing?from=2026-03-23`,
    `${MADRID}/events?from=2026-03-23`,
    `${MADRID}/packages`,
    `${MADRID}/private-lesson-instructors`,
    `${MADRID}/private-lesson-questions`,
    '/api/public/user/mad-ana/profile',
    `${MADRID}/classes?from=tomorrow`,
    `${MADRID}/classes/Tango`,
    '/api/public/user/nobody/profile',
    '/api/public/user/mad-hidden/profile',
  ])('When %s is not cached, then a server behind a trusted proxy answers it alike', async (path) => {
    const [answer, behindProxy] = [await request(direct.url, path), await request(proxied.url, path)];
    expect(behindProxy.status).toBe(answer.status);
    expect(behindProxy.text).toBe(answer.text);
    expect(stable(behindProxy)).toEqual(stable(answer));
    expect(behindProxy.headers['x-request-id']).toMatch(UUID);
  });
});

/** The limit counts every request under the API, cached or not, and refuses alike whatever the path. */
describe.each(databaseTargets())('the rate limit on cached answers on $name', (target) => {
  it('When a client goes over the limit on a cached answer, then it gets the same 429 problem as on any other path', async () => {
    const api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await request(api.url, `${MADRID}/profile`, { headers: { 'X-Request-Id': `limit-${i}` } }));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      const cachedRefusal = answers[3] as RawResponse;
      const routedRefusal = await request(api.url, `${MADRID}/no-such-endpoint`);
      expect(routedRefusal.status).toBe(429);
      const refusalHeaders = (response: RawResponse) =>
        Object.fromEntries(['content-type', 'cache-control', 'access-control-allow-origin', 'ratelimit-policy', 'x-content-type-options'].map((name) => [name, response.headers[name]]));
      expect(refusalHeaders(cachedRefusal)).toEqual(refusalHeaders(routedRefusal));
      expect(cachedRefusal.headers['retry-after']).toMatch(/^\d+$/);
      expect(cachedRefusal.headers.ratelimit).toMatch(/; r=0; t=\d+$/);
      expect(cachedRefusal.headers['x-request-id']).toBe('limit-3');
      expect(cachedRefusal.body).toMatchObject({ status: 429, code: 'rate_limited', title: 'Too Many Requests' });
    } finally {
      await api.stop();
    }
  });

  it('When the server trusts a proxy, then cached answers are counted per client address the proxy reports', async () => {
    const api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'loopback' } });
    try {
      const from = (address: string) => request(api.url, `${MADRID}/instructors`, { headers: { 'X-Forwarded-For': address } });
      const first = [await from('203.0.113.1'), await from('203.0.113.1'), await from('203.0.113.1')];
      expect(first.map((answer) => answer.status)).toEqual([200, 200, 429]);
      const other = await from('203.0.113.2');
      expect(other.status).toBe(200);
      expect(other.headers.ratelimit).toMatch(/; r=1; t=\d+$/);
    } finally {
      await api.stop();
    }
  });
});

/** Answers without `from` are of this week in the studio's zone: a new day there is another week. */
describe.each(databaseTargets())('windowed answers across midnight on $name', (target) => {
  it('When the studio\'s day changes, then this week of classes and events is asked of the database again, once', async () => {
    let clock = NOW;
    const api = await startTestServer(target, { documents: [madridStudio()], now: () => clock });
    try {
      for (const path of [`${MADRID}/classes`, `${MADRID}/events`]) {
        await request(api.url, path);
        const queries = countQueries(api);
        try {
          await request(api.url, path);
          expect(queries.count()).toBe(0);
          // 23:00 UTC is midnight in Madrid (UTC+1 until the 29th).
          clock = Date.parse('2026-03-25T23:00:00Z');
          const tomorrow = await request(api.url, path);
          const asked = queries.count();
          expect(asked).toBeGreaterThan(0);
          expect(tomorrow.status).toBe(200);
          await request(api.url, path);
          expect(queries.count()).toBe(asked);
        } finally {
          queries.stop();
          clock = NOW;
        }
      }
    } finally {
      await api.stop();
    }
  });
});

/** Studios themselves are kept in memory per change counter (data/remembered-studios.ts), even with the response cache off. */
describe.each(databaseTargets())('studios read again after an import on $name', (target) => {
  it('When a studio is imported again, then within a poll its profile and dance types are the new ones, though no answers are cached', async () => {
    const api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RESPONSE_CACHE_MB: '0' } });
    try {
      const bachata = `${MADRID}/classes/Bachata?from=2026-03-23`;
      expect(((await request(api.url, bachata)).body as { id: string }[]).map((entry) => entry.id)).toEqual(['late-sun-20260329']);
      const changed = madridStudio();
      changed.studio.name = 'Salsa Fixture Renamed';
      const types: { name: string; isVisibleOnWeb?: boolean }[] = changed.danceTypes;
      for (const type of types) if (type.name === 'Bachata') type.isVisibleOnWeb = false;
      await api.importDocument(changed);
      // The server learns of imports by polling (every 100 ms here): wait for it rather than forcing it.
      await eventuallyWithin(async () => expect((await request(api.url, `${MADRID}/profile`)).body).toMatchObject({ name: 'Salsa Fixture Renamed' }), 2_500);
      expect((await request(api.url, bachata)).body).toEqual([]);
    } finally {
      await api.stop();
    }
  });
});

/** Ids that name no studio are remembered as such while the change poll sees no studio of that id (data/remembered-studios.ts). */
describe.each(databaseTargets())('unknown studios on $name', (target) => {
  const NEW_YORK = '/api/public/studio/fixture-nyc';

  it('When a site keeps asking for a studio that does not exist, then each answer is 404 studio_not_found and the database is asked once', async () => {
    const api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW });
    try {
      const queries = countQueries(api);
      try {
        const answers = [];
        for (let time = 0; time < 5; time++) answers.push(await request(api.url, `${NEW_YORK}/classes`));
        expect(answers.map((answer) => [answer.status, (answer.body as { code: string }).code])).toEqual(Array(5).fill([404, 'studio_not_found']));
        expect(queries.count()).toBe(1);
      } finally {
        queries.stop();
      }
    } finally {
      await api.stop();
    }
  });

  it('When a studio that was asked for before it existed is imported, then within a poll its answers are found', async () => {
    const api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW });
    try {
      expect((await request(api.url, `${NEW_YORK}/profile`)).status).toBe(404);
      await api.importDocument(newYorkStudio());
      // The server learns of imports by polling (every 100 ms here): within a poll, the new studio answers.
      await eventuallyWithin(async () => expect(await request(api.url, `${NEW_YORK}/profile`)).toMatchObject({ status: 200, body: { id: 'fixture-nyc' } }), 5_000);
    } finally {
      await api.stop();
    }
  });
});
