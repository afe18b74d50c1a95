import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { loadConfig } from '../../server/src/config';
import { importStudioDocument } from '../../server/src/domain/studio-document/import-studio';
import { catalogStoreFor, startServer, type RunningServer } from '../../server/src/server';
import { databaseTargets, type DatabaseTarget, type TestDatabase } from '../support/databases';
import { madridStudio } from '../support/fixture-studios';
import { request, type RawResponse } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * What a hostile or careless client can send must never break the API: any `from`, any path
 * segment, floods of requests. The answer is always one of the documented problems, never a 500.
 */

const MADRID = '/api/public/studio/fixture-madrid';
const PROBLEM_CODES = [
  'invalid_from',
  'studio_not_found',
  'user_not_found',
  'dance_type_not_found',
  'not_found',
  'method_not_allowed',
  'rate_limited',
  'internal_error',
  'unavailable',
];
const STATUS_OF_CODE: Record<string, number> = {
  invalid_from: 400,
  studio_not_found: 404,
  user_not_found: 404,
  dance_type_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
};
const PROBLEM_JSON = 'application/problem+json; charset=utf-8';
const NUM_RUNS = 150;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** encodeURIComponent, except that it never throws (a lone surrogate becomes U+FFFD, as a browser would send it). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

const percentBytes = (bytes: Uint8Array) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Raw characters a client may put in a request target as they are (printable ASCII but space and `#`). */
const RAW_TARGET_CHARS = [...'ABCXYZabcxyz0123456789-._~!$&\'()*+,;=:@/?%[]{}|\\^`"<>'];

/** Broken and odd %-escapes, written as they go on the wire. */
const PERCENT_JUNK = ['%', '%%', '%G1', '%E0%A4%A', '%E0%A4', '%C0%AF', '%FF%FE', '%ED%A0%80', '%00', '%0A', '%2F', '%5C', '%2e%2e', '%u0041', '%25', '%2525', '%F0%9F%92%83'];

/** The value that goes after `from=` on the wire. */
const fromOnTheWire: Record<string, fc.Arbitrary<string>> = {
  'any printable ASCII string': fc.string({ maxLength: 60 }).map(encode),
  'any Unicode string': fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 })).map(encode),
  'a date-like string of arbitrary digits': fc.oneof(
    // the accepted shapes, with digits that often make impossible dates, times or offsets
    fc.stringMatching(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?)?(Z|[+-]\d{2}:\d{2})?$/).map(encode),
    // almost the accepted shapes
    fc.stringMatching(/^[+-]?\d{1,6}-\d{1,3}-\d{1,3}([T ]\d{1,3}:\d{1,3}(:\d{1,3}(\.\d{1,9})?)?)?(Z|z|[+-]\d{1,4}(:\d{1,3})?)?$/).map(encode),
    // a valid date wrapped in junk
    fc
      .tuple(fc.constantFrom('2026-03-25', '2026-03-25T10:00', '2026-03-25T10:00:00.000+01:00'), fc.constantFrom(...PERCENT_JUNK, '', '%20', '+'), fc.constantFrom(...PERCENT_JUNK, '', '%20', '+', 'Z', 'ZZ'))
      .map(([date, before, after]) => `${before}${encode(date)}${after}`),
  ),
  'a huge or odd number': fc
    .oneof(
      fc.bigInt({ min: -(10n ** 400n), max: 10n ** 400n }).map(String),
      fc.double().map(String),
      fc.integer().map((n) => `${n}e${n}`),
      fc.nat({ max: 2000 }).map((n) => '9'.repeat(n + 1)),
      fc.constantFrom('Infinity', '-Infinity', 'NaN', '0x7fffffff', '1e308', '-0', '8.64e15', '2026', '20260325'),
    )
    .map(encode),
  'raw characters and percent-encoded junk': fc
    .array(fc.oneof(fc.constantFrom(...PERCENT_JUNK), fc.constantFrom(...RAW_TARGET_CHARS), fc.uint8Array({ minLength: 1, maxLength: 6 }).map(percentBytes)), { maxLength: 12 })
    .map((parts) => parts.join('')),
};

/** A whole query string with `from` repeated (and sometimes bracketed, as some clients send arrays). */
const repeatedFrom = fc
  .array(fc.oneof(fc.constant(''), fc.constant('2026-03-25'), fromOnTheWire['any printable ASCII string']!), { minLength: 2, maxLength: 5 })
  .chain((values) => fc.constantFrom('from', 'from[]', 'from[0]').map((name) => values.map((value) => `${name === 'from' ? 'from' : encode(name)}=${value}`).join('&')));

function expectProblem(response: RawResponse, allowedCodes: string[] = PROBLEM_CODES): void {
  expect(response.headers['content-type']).toBe(PROBLEM_JSON);
  const body = response.body as Record<string, unknown>;
  // The problem says nothing more than the contract's fields: no stack, no SQL, no file path.
  expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'status', 'title', 'type']);
  expect(allowedCodes).toContain(body.code);
  expect(body.status).toBe(response.status);
  expect(STATUS_OF_CODE[body.code as string]).toBe(response.status);
  expect(String(body.detail)).not.toMatch(/\bat .*\.(ts|js):\d+|select |node_modules|\/work\//i);
}

describe.each(databaseTargets())('robustness on $name', (target) => {
  describe('arbitrary `from` values', () => {
    let api: TestServer;
    beforeAll(async () => {
      // No rate limit here: the properties send thousands of requests from one address.
      api = await startTestServer(target, { documents: [madridStudio()], env: { RATE_LIMIT_PER_MINUTE: '0' } });
    });
    afterAll(() => api?.stop());

    /** The three listings are asked at once: the same `from` must get the same treatment from each. */
    const checkListings = async (query: string) => {
      const paths = ['/classes', '/classes/Salsa', '/events'].map((endpoint) => `${MADRID}${endpoint}?${query}`);
      const responses = await Promise.all(paths.map((path) => request(api.url, path)));
      responses.forEach((response, index) => {
        const path = paths[index]!;
        try {
          expect([200, 400]).toContain(response.status);
          if (response.status === 400) {
            expectProblem(response, ['invalid_from']);
          } else {
            expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
            expect(Array.isArray(response.body)).toBe(true);
          }
        } catch (error) {
          throw new Error(`GET ${path} answered ${response.status} ${response.text.slice(0, 300)}\n${(error as Error).message}`);
        }
      });
    };

    it.each(Object.keys(fromOnTheWire))('When `from` is %s, then the listings answer 200 with an array or 400 invalid_from, never 500', async (name) => {
      await fc.assert(
        fc.asyncProperty(fromOnTheWire[name]!, (from) => checkListings(`from=${from}`)),
        { numRuns: NUM_RUNS },
      );
    });

    it('When `from` is repeated in the query, then the listings answer 200 with an array or 400 invalid_from, never 500', async () => {
      await fc.assert(fc.asyncProperty(repeatedFrom, (query) => checkListings(query)), { numRuns: NUM_RUNS });
    });

    it('When `from` is a well-formed real date, then the listings answer 200 (the properties above do not pass by always refusing)', async () => {
      await checkListings('from=2026-03-25');
      const response = await request(api.url, `${MADRID}/classes?from=2026-03-23`);
      expect(response.status).toBe(200);
      // The fixture's week, Monday to Sunday: the cancelled Tuesday class and the hidden Teacher Training are left out.
      expect((response.body as { id: string }[]).map((entry) => entry.id)).toEqual(['salsa-mon-20260323', 'wcs-sat', 'wcs-sat-b', 'late-sun-20260329']);
    });
  });

  describe('arbitrary path segments', () => {
    let api: TestServer;
    beforeAll(async () => {
      api = await startTestServer(target, { documents: [madridStudio()], env: { RATE_LIMIT_PER_MINUTE: '0' } });
    });
    afterAll(() => api?.stop());

    const RAW_SEGMENTS = ['%', '%%', '%E0%A4%A', '%E0%A4', '%C0%AF', '%FF', '%00', '..', '.', '%2e%2e', '%2F', '%2F..%2F..%2Fetc%2Fpasswd', '%5C', ';', ';a=b', '~', '*', ':', '@', '$', '(', '[]', 'fixture-madrid', 'FIXTURE-MADRID', 'salsa', 'SALSA', 'mad-ana', 'mad-hidden', 'profile', '%7Bid%7D'];
    const LONG_SEGMENTS = ['a'.repeat(2000), 'a'.repeat(8000), 'x-'.repeat(4000), '%E9'.repeat(700), encode('ü'.repeat(1000)), '%'.repeat(2000)];

    const segment = fc.oneof(
      { weight: 3, arbitrary: fc.string({ maxLength: 80 }).map(encode) },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encode) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }).map(encode) },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
      { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...PERCENT_JUNK), fc.constantFrom(...RAW_TARGET_CHARS.filter((c) => c !== '/' && c !== '?'))), { minLength: 1, maxLength: 10 }).map((parts) => parts.join('')) },
      { weight: 1, arbitrary: fc.constantFrom(...LONG_SEGMENTS) },
    );

    const positions: [string, (segment: string) => string, string[]][] = [
      ['the studioId of a studio endpoint', (s) => `/api/public/studio/${s}/profile`, ['studio_not_found', 'not_found']],
      ['the typeName', (s) => `${MADRID}/classes/${s}`, ['dance_type_not_found', 'not_found']],
      ['the userId', (s) => `/api/public/user/${s}/profile`, ['user_not_found', 'not_found']],
      ['an extra segment after an endpoint', (s) => `${MADRID}/profile/${s}`, ['not_found']],
      ['an extra segment after a dance type', (s) => `${MADRID}/classes/Salsa/${s}`, ['not_found']],
      ['a segment right under /api/public', (s) => `/api/public/${s}`, ['not_found']],
    ];

    const check = async (path: string, allowedCodes: string[]) => {
      const response = await request(api.url, path);
      try {
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expectProblem(response, allowedCodes);
        else expect(response.headers['content-type']).toMatch(/^application\/json/);
      } catch (error) {
        throw new Error(`GET ${path.slice(0, 200)} answered ${response.status} ${response.text.slice(0, 300)}\n${(error as Error).message}`);
      }
    };

    it.each(positions)('When %s is arbitrary, then the answer is never a 5xx and errors are documented problems', async (_name, pathOf, allowedCodes) => {
      await fc.assert(
        fc.asyncProperty(segment, (s) => check(pathOf(s), allowedCodes)),
        { numRuns: NUM_RUNS },
      );
    });

    it('When a segment is 2,000 or 8,000 characters long or badly escaped, then every position answers a documented problem', async () => {
      const everyPosition: [string, (segment: string) => string, string[]][] = [
        ...positions,
        ['the studioId of a listing', (s) => `/api/public/studio/${s}/classes?from=2026-03-25`, ['studio_not_found', 'not_found']],
        ['the studioId of events', (s) => `/api/public/studio/${s}/events`, ['studio_not_found', 'not_found']],
        ['a segment outside the API', (s) => `/${s}`, ['not_found']],
      ];
      for (const s of [...LONG_SEGMENTS, ...RAW_SEGMENTS.slice(0, 12)]) {
        await Promise.all(everyPosition.map(([, pathOf, allowedCodes]) => check(pathOf(s), allowedCodes)));
      }
    });

    it('When the studio id is malformed, then the answer is 404 studio_not_found and names no internals', async () => {
      for (const s of ['a'.repeat(8000), '%2F..%2F..%2Fetc%2Fpasswd', '%00']) {
        const response = await request(api.url, `/api/public/studio/${s}/profile`);
        expect(response.status).toBe(404);
        expect((response.body as { code: string }).code).toBe('studio_not_found');
        // The echoed id is cut short: an 8,000-character id does not come back whole.
        expect(response.text.length).toBeLessThan(1000);
      }
    });
  });

  describe('rate limiting', () => {
    let api: TestServer;
    beforeAll(async () => {
      api = await startTestServer(target, { documents: [madridStudio()], env: { RATE_LIMIT_PER_MINUTE: '5' } });
    });
    afterAll(() => api?.stop());

    const preflight = () =>
      request(api.url, `${MADRID}/profile`, { method: 'OPTIONS', headers: { Origin: 'https://site.example', 'Access-Control-Request-Method': 'GET' } });

    it('When a client sends more than RATE_LIMIT_PER_MINUTE requests, then the extra one is 429 rate_limited with Retry-After, and preflights are never counted', async () => {
      // Preflights end in CORS, before the limiter: they must not use up the budget.
      for (let i = 0; i < 3; i++) {
        const response = await preflight();
        expect(response.status).toBe(204);
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(response.headers.ratelimit).toBeUndefined();
      }

      // Under half the quota the answers say nothing of it; from half on they say what remains.
      const remaining: (number | undefined)[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await request(api.url, `${MADRID}/profile`);
        expect(response.status).toBe(200);
        expect(response.headers['ratelimit-policy']).toEqual(response.headers.ratelimit === undefined ? undefined : expect.stringMatching(/q=5\b/));
        remaining.push(response.headers.ratelimit === undefined ? undefined : Number(/r=(\d+)/.exec(String(response.headers.ratelimit))?.[1]));
      }
      expect(remaining).toEqual([undefined, undefined, 2, 1, 0]);

      const limited = await request(api.url, `${MADRID}/profile`, { headers: { Origin: 'https://site.example' } });
      expect(limited.status).toBe(429);
      expectProblem(limited, ['rate_limited']);
      const retryAfter = String(limited.headers['retry-after']);
      expect(retryAfter).toMatch(/^[1-9]\d*$/);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      // A browser script can read why it was refused.
      expect(limited.headers['access-control-allow-origin']).toBe('*');
      expect(String(limited.headers['access-control-expose-headers'])).toMatch(/Retry-After/);

      // Over the limit, preflights still pass: they are not counted and not refused.
      const after = await preflight();
      expect(after.status).toBe(204);
    });
  });

  describe('request logs', () => {
    let server: RunningServer;
    let database: TestDatabase;
    const lines: Record<string, any>[] = [];

    beforeAll(async () => {
      ({ server, database } = await startWithLogger(target, lines));
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
    });

    const completionLines = (id: string) => lines.filter((line) => line.req?.id === id && line.res !== undefined);
    /** The log line is written when the response finishes, which may be just after the client has it. */
    const waitForCompletion = async (id: string) => {
      for (let i = 0; i < 50 && completionLines(id).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 50));
      return completionLines(id);
    };

    it('When requests are answered, then each one writes exactly one JSON log line carrying the X-Request-Id of its response', async () => {
      // The second profile is a cached answer: served before routing, logged all the same.
      const paths = [`${MADRID}/profile`, `${MADRID}/profile`, `${MADRID}/classes?from=2026-03-25`, `${MADRID}/classes?from=nope`, '/api/public/studio/nope/profile', '/api/public/nowhere', '/healthz'];
      for (const path of paths) {
        const response = await request(server.url, path);
        const id = String(response.headers['x-request-id']);
        expect(id).toMatch(UUID);
        const logged = await waitForCompletion(id);
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({ level: 30, req: { id, method: 'GET', url: path }, res: { statusCode: response.status } });
        expect(typeof logged[0]!.responseTime).toBe('number');
      }
    });

    it('When the client sends a sane X-Request-Id, then it is echoed and logged', async () => {
      const response = await request(server.url, `${MADRID}/profile`, { headers: { 'X-Request-Id': 'abc-123' } });
      expect(response.headers['x-request-id']).toBe('abc-123');
      const logged = await waitForCompletion('abc-123');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ req: { id: 'abc-123' }, res: { statusCode: 200 } });
    });

    it.each([
      ['with spaces', 'abc 123 <script>'],
      ['of 200 characters', 'a'.repeat(200)],
      ['with a newline escape', 'abc%0Adef'],
      ['with non-ASCII', 'caf\u00e9'],
    ])('When the client sends an X-Request-Id %s, then a fresh UUID replaces it in the response and the log', async (_name, given) => {
      const response = await request(server.url, `${MADRID}/profile`, { headers: { 'X-Request-Id': given } });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(UUID);
      const logged = await waitForCompletion(id);
      expect(logged).toHaveLength(1);
      expect(lines.some((line) => JSON.stringify(line).includes(given))).toBe(false);
    });
  });
});

/** Like startTestServer, with a pino logger writing JSON lines into `lines`. */
async function startWithLogger(target: DatabaseTarget, lines: Record<string, any>[]): Promise<{ server: RunningServer; database: TestDatabase }> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line));
      callback();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  const database = await target.create();
  try {
    const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DEMO_STUDIO: 'off', CHANGE_POLL_MS: '100', RATE_LIMIT_PER_MINUTE: '0' });
    const server = await startServer(config, { logger });
    try {
      await server.ready;
      await importStudioDocument(catalogStoreFor(server.store), madridStudio());
      await server.stamps.refresh();
      return { server, database };
    } catch (error) {
      await server.close();
      throw error;
    }
  } catch (error) {
    await database.drop();
    throw error;
  }
}
