import http from 'node:http';
import pino from 'pino';
import { requestLogger } from '../../server/src/http/middleware/request-logger';

/** A finished request: the logger's 'finish' listener runs on emit. */
function finishedRequest(url: string, statusCode: number, headers: Record<string, string> = {}) {
  const req = new http.IncomingMessage(null as never);
  req.method = 'GET';
  req.url = url;
  req.headers = headers;
  const res = new http.ServerResponse(req);
  res.statusCode = statusCode;
  return { req, res, finish: () => res.emit('finish') };
}

describe('the request log line', () => {
  it('When a request finishes, then its line is exactly what pino writes for the same fields', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info', base: { service: 'studio-data' }, timestamp: () => ',"time":1774440000000' }, { write: (line: string) => lines.push(line) });
    const { req, res, finish } = finishedRequest('/api/public/studio/salsa-city/classes?from="2026-03-23"\\x', 200, { 'x-request-id': 'abc-123' });
    expect(requestLogger(logger).start(req, res)).toBe('abc-123');
    finish();
    const written = JSON.parse(lines[0] as string);
    logger.info({ req: { id: 'abc-123', method: 'GET', url: '/api/public/studio/salsa-city/classes?from="2026-03-23"\\x' }, res: { statusCode: 200 }, responseTime: written.responseTime }, 'request completed');
    expect(lines).toHaveLength(2);
    expect(written).toEqual(JSON.parse(lines[1] as string));
    expect(written).toMatchObject({ level: 30, time: 1774440000000, service: 'studio-data', msg: 'request completed' });
  });

  it('When the logger is above info, then a request writes no line, and an answer of 500 is logged as an error all the same', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const ok = finishedRequest('/healthz', 200);
    requestLogger(logger).start(ok.req, ok.res);
    ok.finish();
    const failed = finishedRequest('/api/public/studio/x/profile', 500);
    const id = requestLogger(logger).start(failed.req, failed.res);
    failed.finish();
    expect(lines.map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ level: 50, msg: 'request errored', req: { id, method: 'GET', url: '/api/public/studio/x/profile' }, res: { statusCode: 500 } })]);
  });

  it('When a response is waited for, then its line says how long it took; a cache hit sent at once says 0 ms and reads no clock', () => {
    const lines: Record<string, unknown>[] = [];
    let clockMs = 1_000;
    let clockReads = 0;
    const log = requestLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }), {
      clock: () => {
        clockReads += 1;
        return clockMs;
      },
    });
    const waited = finishedRequest('/api/public/studio/salsa-city/classes', 200);
    log.follow(log.open(waited.req), waited.res);
    clockMs += 42;
    waited.finish();
    clockReads = 0;
    const hit = finishedRequest('/api/public/studio/salsa-city/packages', 200);
    const line = log.open(hit.req);
    log.cacheHitSent(line, 200);
    log.follow(line, hit.res);
    hit.finish();
    expect(lines.map((each) => each.responseTime)).toEqual([42, 0]);
    expect(clockReads).toBe(0);
  });

  describe('a cache hit', () => {
    function opened() {
      const lines: Record<string, unknown>[] = [];
      const log = requestLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }));
      const request = finishedRequest('/api/public/studio/salsa-city/packages', 304);
      const line = log.open(request.req);
      return { lines, log, line, ...request };
    }

    it('When a cache hit is sent at once, then its line is written then, with its status, and not again when the response finishes', () => {
      const { lines, log, line, res, finish } = opened();
      log.cacheHitSent(line, res.statusCode);
      expect(lines).toEqual([expect.objectContaining({ msg: 'request completed', res: { statusCode: 304 } })]);
      log.follow(line, res);
      finish();
      expect(lines).toHaveLength(1);
    });

    it('When an answer is not a cache hit, then its line waits for the response to finish', () => {
      const { lines, log, line, res, finish } = opened();
      log.follow(line, res);
      expect(lines).toEqual([]);
      finish();
      expect(lines).toEqual([expect.objectContaining({ msg: 'request completed', res: { statusCode: 304 } })]);
    });

    it('When a request becomes a cache hit after its line began to wait (behind the rate limit\'s store), then it has one line, when it finishes', () => {
      const { lines, log, line, res, finish } = opened();
      log.follow(line, res);
      log.cacheHitSent(line, res.statusCode);
      expect(lines).toEqual([]);
      finish();
      expect(lines).toEqual([expect.objectContaining({ msg: 'request completed' })]);
    });
  });

  describe('past LOG_CACHE_HITS_PER_SECOND', () => {
    // The budget's second ends by a timer: a real one would fire after this file has ended and log
    // its count through pino, which reads Date.now from a test environment jest has torn down.
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** A request log with a budget of `linesPerSecond` cache-hit lines, on a clock the test moves. */
    function budgeted(linesPerSecond: number) {
      const lines: Record<string, unknown>[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      let clockMs = 5_000;
      const log = requestLogger(logger, { cacheHitLinesPerSecond: linesPerSecond, clock: () => clockMs });
      /** A request as the API's handler logs it: a cache hit is sent at once; anything else waits for its finish. */
      const request = (url: string, statusCode: number, cacheHit: boolean) => {
        const { req, res, finish } = finishedRequest(url, statusCode);
        const line = log.open(req);
        if (cacheHit) log.cacheHitSent(line, res.statusCode);
        log.follow(line, res);
        finish();
      };
      return { lines, log, request, advance: (ms: number) => void (clockMs += ms) };
    }
    const urlsLogged = (lines: Record<string, unknown>[]) => lines.filter((line) => line.msg === 'request completed').map((line) => (line.req as { url: string }).url);

    it('When cache hits come faster than the budget, then the first ones of the second have lines and the rest are one count by status', () => {
      const { lines, log, request } = budgeted(2);
      for (const [url, status] of [['/a', 200], ['/b', 200], ['/c', 200], ['/d', 304], ['/e', 200]] as const) request(url, status, true);
      expect(urlsLogged(lines)).toEqual(['/a', '/b']);
      log.flush();
      expect(lines.slice(2)).toEqual([expect.objectContaining({ msg: 'cache hits counted', linesPerSecond: 2, cacheHits: { count: 3, statusCodes: { 200: 2, 304: 1 }, seconds: 0 } })]);
    });

    it('When the budget is spent, then a miss, a not-found and an error still have their own lines', () => {
      const { lines, request } = budgeted(0);
      request('/hit', 200, true);
      request('/miss', 200, false);
      request('/api/public/studio/nobody/profile', 404, false);
      request('/broken', 500, false);
      expect([...urlsLogged(lines), ...lines.filter((line) => line.msg === 'request errored').map((line) => (line.req as { url: string }).url)]).toEqual([
        '/miss',
        '/api/public/studio/nobody/profile',
        '/broken',
      ]);
    });

    it('When the second ends, then its count is logged without waiting for another request, and the next second has its lines again', () => {
      const { lines, request, advance } = budgeted(1);
      request('/a', 200, true);
      request('/b', 200, true);
      advance(400);
      request('/c', 200, true);
      expect(lines.filter((line) => line.msg === 'cache hits counted')).toEqual([]);
      advance(600);
      jest.advanceTimersByTime(1000);
      expect(lines.filter((line) => line.msg === 'cache hits counted')).toEqual([expect.objectContaining({ cacheHits: { count: 2, statusCodes: { 200: 2 }, seconds: 1 } })]);
      request('/d', 200, true);
      request('/e', 200, true);
      expect(urlsLogged(lines)).toEqual(['/a', '/d']);
    });

    it('When nothing was counted, then flushing writes nothing', () => {
      const { lines, log, request } = budgeted(5);
      request('/a', 200, true);
      log.flush();
      expect(lines.map((line) => line.msg)).toEqual(['request completed']);
    });
  });
});
