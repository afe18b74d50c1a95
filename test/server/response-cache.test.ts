import { randomBytes } from 'node:crypto';
import { cachedBody } from '../../server/src/http/cache/cached-body';
import { KeptAnswer } from '../../server/src/http/cache/kept-answer';
import { ResponseCache } from '../../server/src/http/cache/response-cache';

/** An answer of `bytes` random bytes (which compression does not shrink), kept as the API keeps it. */
const keptAnswer = (bytes: number) => new KeptAnswer(cachedBody(randomBytes(bytes)), 'public, max-age=60');

describe('the response cache, bounded by memory', () => {
  it('When a kept answer gains a compressed form and is kept again, then the cache counts those bytes too and lets the oldest answer go', () => {
    const cache = new ResponseCache(1);
    const older = keptAnswer(400_000);
    const compressed = keptAnswer(400_000);
    cache.set('older', older);
    cache.set('compressed', compressed);
    expect([cache.get('older'), cache.get('compressed')]).toEqual([older, compressed]);

    compressed.coded('gzip');
    cache.set('compressed', compressed);

    expect(cache.get('older')).toBeUndefined();
    expect(cache.get('compressed')).toBe(compressed);
  });

  it('When an answer is true until a moment (a waitlist closing), then it is served before it and not from it on', () => {
    let now = 1_000;
    const cache = new ResponseCache(1, () => now);
    const answer = new KeptAnswer(cachedBody(Buffer.from('[]'), 2_000), 'public, max-age=60');
    cache.set('week', answer);
    now = 1_999;
    expect(cache.get('week')).toBe(answer);
    now = 2_000;
    expect(cache.get('week')).toBeUndefined();
  });
});
