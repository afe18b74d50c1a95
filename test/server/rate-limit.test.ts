import { clientRateLimit } from '../../server/src/http/api/rate-limit';
import { LocalWindowCounter } from '../../server/src/http/api/window-counter';

/** The header values a request's admission appended, by name. */
const headersOf = (head: string[]) => Object.fromEntries(head.flatMap((value, index) => (index % 2 === 0 ? [[value, head[index + 1]]] : [])));

describe('the public API rate limit (per client address, fixed windows of a minute)', () => {
  const T0 = Date.parse('2026-03-25T12:00:00Z');

  it('When a client sends its third request of a minute with a limit of 2, then it is told to wait until its window ends; a minute after its first, it is let in again', () => {
    let now = T0;
    const limit = clientRateLimit(2, () => now, new LocalWindowCounter(60_000));
    const heads = [[], [], []] as string[][];
    const waits = heads.map((head) => {
      const wait = limit!.admit('203.0.113.7', head);
      now += 10_000;
      return wait;
    });
    expect(waits).toEqual([0, 0, 40]);
    expect(heads.map((head) => headersOf(head).RateLimit)).toEqual(['"2-in-1min"; r=1; t=60', '"2-in-1min"; r=0; t=50', '"2-in-1min"; r=0; t=40']);
    expect(headersOf(heads[0]!)['RateLimit-Policy']).toMatch(/^"2-in-1min"; q=2; w=60; pk=:[A-Za-z0-9+/=]+:$/);
    // Another client has its own window.
    expect(limit!.admit('203.0.113.8', [])).toBe(0);
    now = T0 + 60_000;
    const next: string[] = [];
    expect(limit!.admit('203.0.113.7', next)).toBe(0);
    expect(headersOf(next).RateLimit).toBe('"2-in-1min"; r=1; t=60');
  });

  it('When two IPv6 addresses of one /56 network ask, then they share one window, and an IPv4-mapped address counts as its IPv4 address', () => {
    const limit = clientRateLimit(1, () => T0, new LocalWindowCounter(60_000));
    expect(limit!.admit('2001:db8:aa:bb00::1', [])).toBe(0);
    expect(limit!.admit('2001:db8:aa:bbff::2', [])).toBe(60);
    expect(limit!.admit('198.51.100.4', [])).toBe(0);
    expect(limit!.admit('::ffff:198.51.100.4', [])).toBe(60);
  });

  it('When the limit is 0, then there is no limit', () => {
    expect(clientRateLimit(0)).toBeNull();
  });
});
