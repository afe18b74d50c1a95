import { describe, expect, inject, it } from 'vitest';
import { createStudioDataClient, EtagCache } from '../../src/index.js';
import { recordingFetch } from '../support/recording-fetch.js';
import { FIXTURE_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');

describe('ETag cache', () => {
  it('When the same list is asked for twice, then the second request revalidates with If-None-Match and the 304 gives the same data', async () => {
    const { exchanges, fetchFunction } = recordingFetch();
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: fetchFunction });
    const first = await client.classes({ from: '2026-03-23' });
    const second = await client.classes({ from: '2026-03-23' });
    expect(second).toEqual(first);
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 304]);
    expect(exchanges[0]!.ifNoneMatch).toBeNull();
    const etag = (await fetch(`${apiUrl}/api/public/studio/${FIXTURE_STUDIO}/classes?from=2026-03-23`)).headers.get('etag');
    expect(exchanges[1]!.ifNoneMatch).toBe(etag);
  });

  it('When a caller changes what it got, then the next answer from the cache is unchanged', async () => {
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO });
    const first = await client.privateLessonInstructors();
    first[0]!.pricing.length = 0;
    (first[0]!.bio as Record<string, string>).en = 'changed by the caller';
    first[0]!.name = 'changed';
    const second = await client.privateLessonInstructors();
    expect(second[0]!.pricing.length).toBe(2);
    expect(second[0]!.bio.en).toBe('Swing dancer');
    expect(second[0]!.name).toBe('Bruno');
  });

  it('When different windows are asked for, then each URL is cached on its own', async () => {
    const { exchanges, fetchFunction } = recordingFetch();
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: fetchFunction });
    await client.events({ from: '2026-03-23' });
    await client.events({ from: '2026-03-30' });
    await client.events({ from: '2026-03-23' });
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 304]);
    expect(client.cache?.size).toBe(2);
  });

  it('When the cache is turned off, then no request carries If-None-Match', async () => {
    const { exchanges, fetchFunction } = recordingFetch();
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: fetchFunction, cache: false });
    await client.packages();
    await client.packages();
    expect(exchanges.map((exchange) => [exchange.status, exchange.ifNoneMatch])).toEqual([
      [200, null],
      [200, null],
    ]);
  });

  it('When two clients share a cache, then the second one revalidates what the first one fetched', async () => {
    const cache = new EtagCache();
    const { exchanges, fetchFunction } = recordingFetch();
    await createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, cache, fetch: fetchFunction }).instructors();
    await createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, cache, fetch: fetchFunction }).instructors();
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 304]);
  });

  it('When two clients sharing a cache ask for the same week at once, then one request is sent and both get the week', async () => {
    const cache = new EtagCache();
    const { exchanges, fetchFunction } = recordingFetch();
    const schedule = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, cache, fetch: fetchFunction });
    const sidebar = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, cache, fetch: fetchFunction });
    const [first, second] = await Promise.all([schedule.classes({ from: '2026-03-23' }), sidebar.classes({ from: '2026-03-23' })]);
    expect(exchanges.map((exchange) => exchange.url)).toEqual([`${apiUrl}/api/public/studio/${FIXTURE_STUDIO}/classes?from=2026-03-23`]);
    expect(second).toEqual(first);
    expect(first.length).toBeGreaterThan(1);
    // Each caller has its own copy.
    first[0]!.name = 'changed by one caller';
    expect(second[0]!.name).not.toBe('changed by one caller');
  });

  it('When one of two callers waiting for the same request gives up, then the other still gets the answer; when both give up, the request is aborted', async () => {
    const cache = new EtagCache();
    const { exchanges, fetchFunction } = recordingFetch();
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, cache, fetch: fetchFunction });
    const leaving = new AbortController();
    const left = client.events({ from: '2026-03-23', signal: leaving.signal });
    const staying = client.events({ from: '2026-03-23' });
    leaving.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    expect((await staying).length).toBeGreaterThan(0);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.signal?.aborted).toBe(false);

    const one = new AbortController();
    const two = new AbortController();
    const asked = [client.packages({ signal: one.signal }), client.packages({ signal: two.signal })];
    one.abort();
    expect(exchanges[1]!.signal?.aborted).toBe(false);
    two.abort();
    await Promise.allSettled(asked);
    expect(exchanges).toHaveLength(2);
    expect(exchanges[1]!.signal?.aborted).toBe(true);
  });

  it('When the cache holds its maximum, then the least recently used URL is dropped', () => {
    const cache = new EtagCache({ maxEntries: 2 });
    cache.set('a', { etag: '"a"', body: 1 });
    cache.set('b', { etag: '"b"', body: 2 });
    cache.get('a');
    cache.set('c', { etag: '"c"', body: 3 });
    expect([cache.get('a')?.body, cache.get('b'), cache.get('c')?.body]).toEqual([1, undefined, 3]);
  });
});
