import { ResponseCache } from '../../server/src/http/cache/response-cache';
import { databaseTargets } from '../support/databases';
import { madridStudio } from '../support/fixture-studios';
import { request, type RawResponse } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/** Wednesday 2026-03-25, 13:00 in Madrid. */
const NOW = Date.parse('2026-03-25T12:00:00Z');
const MADRID = '/api/public/studio/fixture-madrid';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The headers that must not depend on whether the answer was produced or taken from the cache. */
const STABLE_HEADERS = ['content-type', 'content-length', 'etag', 'cache-control', 'access-control-allow-origin', 'access-control-expose-headers', 'ratelimit-policy', 'x-content-type-options'];
const stable = (response: RawResponse) => Object.fromEntries(STABLE_HEADERS.map((name) => [name, response.headers[name]]));

/**
 * The API's usual requests are answered before any routing (http/cache/answer-fast-path.ts), from
 * the cache or produced there. Whatever path it takes, the client must see the same answer: body,
 * caching and CORS headers, the rate limit, its request id.
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

  /**
   * Nothing the client sees tells the two paths apart, so this looks inside: the answer must be
   * found by the fast path's own lookup, under the key the route stored it under. A path shape or
   * key (the user profile's `~user|` prefix, say) that the fast path spells differently from the
   * route would still be answered, from the cache, but only after all the routing.
   */
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
  ])('When asked again for %s, then the fast path finds the cached answer before any routing', async (_name, path) => {
    await request(api.url, path);
    const lookups: { key: string; found: boolean; byFastPath: boolean }[] = [];
    const originalGet = ResponseCache.prototype.get;
    const get = jest.spyOn(ResponseCache.prototype, 'get').mockImplementation(function (this: ResponseCache, key: string) {
      const entry = originalGet.call(this, key);
      lookups.push({ key, found: entry !== undefined, byFastPath: /answer-fast-path/.test(new Error().stack ?? '') });
      return entry;
    });
    try {
      const again = await request(api.url, path);
      expect(again.status).toBe(200);
    } finally {
      get.mockRestore();
    }
    expect(lookups).toEqual([{ key: expect.any(String), found: true, byFastPath: true }]);
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

/**
 * Answers that are not cached yet are produced before Express too. A server that trusts a proxy
 * sends every request through Express: the two must answer alike, errors included.
 */
describe.each(databaseTargets())('answers produced before Express on $name', (target) => {
  let fast: TestServer;
  let routed: TestServer;
  beforeAll(async () => {
    fast = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RESPONSE_CACHE_MB: '0' } });
    routed = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RESPONSE_CACHE_MB: '0', TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await fast.stop();
    await routed.stop();
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
  ])('When %s is not cached, then the answer before Express is the one the router gives', async (path) => {
    const [produced, viaRouter] = [await request(fast.url, path), await request(routed.url, path)];
    expect(produced.status).toBe(viaRouter.status);
    expect(produced.text).toBe(viaRouter.text);
    expect(stable(produced)).toEqual(stable(viaRouter));
    expect(produced.headers['x-request-id']).toMatch(UUID);
  });

  it('When an answer is not cached, then it is produced by the fast path, not by the router', async () => {
    const producedBy: boolean[] = [];
    const originalSet = ResponseCache.prototype.set;
    const set = jest.spyOn(ResponseCache.prototype, 'set').mockImplementation(function (this: ResponseCache, ...args: Parameters<ResponseCache['set']>) {
      producedBy.push(/answer-fast-path/.test(new Error().stack ?? ''));
      return originalSet.apply(this, args);
    });
    try {
      expect((await request(fast.url, `${MADRID}/classes?from=2026-05-04`)).status).toBe(200);
      expect((await request(fast.url, '/api/public/user/mad-luis/profile')).status).toBe(200);
    } finally {
      set.mockRestore();
    }
    expect(producedBy).toEqual([true, true]);
  });
});

/** The limit is shared by the fast path (before Express) and the router, and answered alike by both. */
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

/** Studios themselves are kept in memory per change counter (data/remembered-studios.ts), even with the response cache off. */
describe.each(databaseTargets())('studios read again after an import on $name', (target) => {
  it('When a studio is imported again, then within a poll its profile and dance types are the new ones, though no answers are cached', async () => {
    const api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW, env: { RESPONSE_CACHE_MB: '0' } });
    try {
      const bachata = `${MADRID}/classes/Bachata?from=2026-03-23`;
      expect(((await request(api.url, bachata)).body as unknown[]).length).toBeGreaterThan(0);
      const changed = madridStudio();
      changed.studio.name = 'Salsa Fixture Renamed';
      const types: { name: string; isVisibleOnWeb?: boolean }[] = changed.danceTypes;
      for (const type of types) if (type.name === 'Bachata') type.isVisibleOnWeb = false;
      await api.importDocument(changed);
      // The server learns of imports by polling (every 100 ms here): wait for it rather than forcing it.
      let profile = await request(api.url, `${MADRID}/profile`);
      for (let attempt = 0; attempt < 50 && (profile.body as { name: string }).name !== 'Salsa Fixture Renamed'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        profile = await request(api.url, `${MADRID}/profile`);
      }
      expect(profile.body).toMatchObject({ name: 'Salsa Fixture Renamed' });
      expect((await request(api.url, bachata)).body).toEqual([]);
    } finally {
      await api.stop();
    }
  });
});
