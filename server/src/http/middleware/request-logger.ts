import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request } from 'express';
import type { Logger } from 'pino';
import { containsStudioKey } from '../../domain/studio-api/studio-keys';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

declare module 'http' {
  interface IncomingMessage {
    /** this request's id, also in its `X-Request-Id` answer header */
    id?: string;
    /** a logger whose lines carry this request's id */
    log?: Logger;
  }
}

/**
 * One structured JSON log line per request (`request completed`, with the request id, method, URL,
 * status and duration), written when the response finishes. The id is the caller's `X-Request-Id`
 * when it is a sane token, a new UUID otherwise, and is echoed in the response. A plain Node
 * handler, run before Express and the public API's handler so both are logged alike; kept to a
 * few assignments and one log call, since it runs on every request.
 */
export function requestLogger(logger: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    const started = performance.now();
    // Express rewrites req.url while inside a mounted router; the log names the URL as asked.
    // A studio key sent in the URL (refused by the studio API) is not written into the logs either.
    const url = req.url !== undefined && containsStudioKey(req.url) ? req.url.replace(/sdk_[A-Za-z0-9_-]+/g, 'sdk_[redacted]') : req.url;
    req.id = id;
    res.setHeader('X-Request-Id', id);
    res.once('finish', () => {
      const fields = { req: { id, method: req.method, url }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) };
      if (res.statusCode >= 500) logger.error(fields, 'request errored');
      else logger.info(fields, 'request completed');
    });
  };
}

/** `req.log`, a child logger carrying the request id, made only when something logs through it (errors, mostly). */
export function provideRequestLog(app: Express, logger: Logger): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      const child = logger.child({ reqId: this.id });
      Object.defineProperty(this, 'log', { value: child });
      return child;
    },
  });
}
