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
    expect(requestLogger(logger)(req, res)).toBe('abc-123');
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
    requestLogger(logger)(ok.req, ok.res);
    ok.finish();
    const failed = finishedRequest('/api/public/studio/x/profile', 500);
    const id = requestLogger(logger)(failed.req, failed.res);
    failed.finish();
    expect(lines.map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ level: 50, msg: 'request errored', req: { id, method: 'GET', url: '/api/public/studio/x/profile' }, res: { statusCode: 500 } })]);
  });
});
