import http from 'node:http';
import { clientRateLimit } from '../../server/src/http/api/rate-limit';
import { LocalWindowCounter } from '../../server/src/http/api/window-counter';

/** A response that only records what the limiter writes on it. */
function recordingResponse(): http.ServerResponse & { written: { status?: number; body?: string } } {
  const res = new http.ServerResponse(new http.IncomingMessage(null as never)) as http.ServerResponse & { written: { status?: number; body?: string } };
  res.written = {};
  res.end = ((body?: string) => {
    res.written = { status: res.statusCode, body };
    return res;
  }) as never;
  return res;
}

describe('the public API rate limit (per client address, fixed windows of a minute)', () => {
  const T0 = Date.parse('2026-03-25T12:00:00Z');

  it('When a client sends its third request of a minute with a limit of 2, then it is refused with 429 and told when to retry; a minute after its first, it is let in again', () => {
    let now = T0;
    const limit = clientRateLimit(2, () => now, new LocalWindowCounter(60_000));
    const answers: (boolean | Promise<boolean>)[] = [];
    const responses = [recordingResponse(), recordingResponse(), recordingResponse()];
    for (const res of responses) {
      answers.push(limit!.admit('203.0.113.7', res));
      now += 10_000;
    }
    expect(answers).toEqual([true, true, false]);
    expect(responses.map((res) => res.getHeader('RateLimit'))).toEqual([
      '"2-in-1min"; r=1; t=60',
      '"2-in-1min"; r=0; t=50',
      '"2-in-1min"; r=0; t=40',
    ]);
    expect(responses[2]!.written.status).toBe(429);
    expect(responses[2]!.getHeader('Retry-After')).toBe('40');
    // Another client has its own window.
    expect(limit!.admit('203.0.113.8', recordingResponse())).toBe(true);
    now = T0 + 60_000;
    const next = recordingResponse();
    expect(limit!.admit('203.0.113.7', next)).toBe(true);
    expect(next.getHeader('RateLimit')).toBe('"2-in-1min"; r=1; t=60');
  });

  it('When two IPv6 addresses of one /56 network ask, then they share one window, and an IPv4-mapped address counts as its IPv4 address', () => {
    const limit = clientRateLimit(1, () => T0, new LocalWindowCounter(60_000));
    expect(limit!.admit('2001:db8:aa:bb00::1', recordingResponse())).toBe(true);
    expect(limit!.admit('2001:db8:aa:bbff::2', recordingResponse())).toBe(false);
    expect(limit!.admit('198.51.100.4', recordingResponse())).toBe(true);
    expect(limit!.admit('::ffff:198.51.100.4', recordingResponse())).toBe(false);
  });

  it('When the limit is 0, then there is no limit', () => {
    expect(clientRateLimit(0)).toBeNull();
  });
});
