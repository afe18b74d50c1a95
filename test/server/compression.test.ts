import zlib from 'node:zlib';
import { preferredCoding } from '../../server/src/http/cache/content-coding';
import { codedEtag } from '../../server/src/http/cache/kept-answer';
import { databaseTargets } from '../support/databases';
import { madridStudio } from '../support/fixture-studios';
import { request, type RawResponse } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/** Wednesday 2026-03-25, 13:00 in Madrid. */
const NOW = Date.parse('2026-03-25T12:00:00Z');
const MADRID = '/api/public/studio/fixture-madrid';
const WEEK = `${MADRID}/classes?from=2026-03-23`;

const decoded = (response: RawResponse): string => {
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(response.bytes).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(response.bytes).toString('utf8');
    default:
      return response.text;
  }
};

describe('the coding chosen for a request', () => {
  it('When requests alternate between Accept-Encoding values, then each gets the coding its own value asks for, not the one before it', () => {
    const asked = ['gzip, deflate, br', 'gzip', 'gzip', 'identity', 'gzip, deflate, br', 'br;q=0, *', 'gzip, deflate, br', undefined, 'gzip'];
    expect(asked.map((acceptEncoding) => preferredCoding(acceptEncoding))).toEqual(['br', 'gzip', 'gzip', null, 'br', 'gzip', 'br', null, 'gzip']);
  });
});

/**
 * Answers are compressed by what the client accepts (br, else gzip), once per cached answer and
 * coding; every answer says it varies by Accept-Encoding, and each coding has an ETag of its own.
 */
describe.each(databaseTargets())('compressed answers on $name', (target) => {
  let api: TestServer;
  let plain: RawResponse;
  beforeAll(async () => {
    api = await startTestServer(target, { documents: [madridStudio()], now: () => NOW });
    plain = await request(api.url, WEEK);
  });
  afterAll(() => api.stop());

  it('When a client sends no Accept-Encoding, then the week comes as it is, saying it varies by Accept-Encoding', () => {
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.bytes.length);
    expect(plain.bytes.length).toBeGreaterThan(1024); // long enough to be compressed when asked
  });

  it.each([
    ['a browser', 'gzip, deflate, br, zstd', 'br'],
    ['a client that only takes gzip', 'gzip', 'gzip'],
    ['a client that rates gzip above br', 'br;q=0.5, gzip', 'gzip'],
    ['a client that refuses br', 'br;q=0, *', 'gzip'],
    ['a client that takes anything', '*', 'br'],
  ])('When %s asks for the week (Accept-Encoding: %s), then it gets it in %s, the same JSON once decompressed, with that coding\'s own ETag', async (_who, acceptEncoding, coding) => {
    const response = await request(api.url, WEEK, { headers: { 'Accept-Encoding': acceptEncoding } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.bytes.length);
    expect(response.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(decoded(response)).toBe(plain.text);
    expect(response.headers.etag).toBe(codedEtag(String(plain.headers.etag), coding as 'br' | 'gzip'));
  });

  it.each([['identity'], ['identity, gzip;q=0, br;q=0'], ['compress']])('When a client accepts only what the server does not compress with (%s), then the week comes as it is', async (acceptEncoding) => {
    const response = await request(api.url, WEEK, { headers: { 'Accept-Encoding': acceptEncoding } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).toBe(plain.text);
    expect(response.headers.etag).toBe(plain.headers.etag);
  });

  it('When the same week is asked for in br three times, then it is compressed once and the cache serves those bytes again', async () => {
    const brotli = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      const path = `${MADRID}/classes?from=2026-03-24`;
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await request(api.url, path, { headers: { 'Accept-Encoding': 'br' } }));
      expect(brotli).toHaveBeenCalledTimes(1);
      expect(answers.map((answer) => answer.headers['content-encoding'])).toEqual(['br', 'br', 'br']);
      expect(answers[2]?.bytes.equals(answers[0]?.bytes as Buffer)).toBe(true);
    } finally {
      brotli.mockRestore();
    }
  });

  it('When a client revalidates its compressed copy, then it gets 304 for that coding, and the full answer for another', async () => {
    const compressed = await request(api.url, WEEK, { headers: { 'Accept-Encoding': 'br' } });
    const revalidated = await request(api.url, WEEK, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': String(compressed.headers.etag) } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.vary).toBe('Accept-Encoding');
    expect(revalidated.headers.etag).toBe(compressed.headers.etag);
    expect(revalidated.bytes.length).toBe(0);
    const otherCoding = await request(api.url, WEEK, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': String(compressed.headers.etag) } });
    expect(otherCoding.status).toBe(200);
    expect(otherCoding.headers['content-encoding']).toBe('gzip');
  });

  it('When HEAD asks for the compressed week, then it gets the compressed length and no body', async () => {
    const compressed = await request(api.url, WEEK, { headers: { 'Accept-Encoding': 'br' } });
    const head = await request(api.url, WEEK, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(compressed.bytes.length));
    expect(head.bytes.length).toBe(0);
  });

  it('When an answer is shorter than a kilobyte, then it is sent as it is even to a browser, still saying it varies', async () => {
    const packages = await request(api.url, `${MADRID}/packages`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(packages.status).toBe(200);
    expect(packages.bytes.length).toBeLessThan(1024);
    expect(packages.headers['content-encoding']).toBeUndefined();
    expect(packages.headers.vary).toBe('Accept-Encoding');
  });

  it('When a browser opens a booking page and its stylesheet, then both come compressed and read the same once decompressed', async () => {
    const lastClass = (plain.body as { id: string }[]).at(-1); // on Sunday: still to come on Wednesday
    const pagePath = `/book/${lastClass?.id}`;
    const page = await request(api.url, pagePath, { headers: { 'Accept-Encoding': 'br, gzip' } });
    const pagePlain = await request(api.url, pagePath);
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(decoded(page)).toContain('<form');
    expect(pagePlain.headers['content-encoding']).toBeUndefined();
    const css = await request(api.url, '/booking-assets/booking.css', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(decoded(css)).toContain('{');
  });
});
