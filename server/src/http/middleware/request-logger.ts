import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

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
 * when it is a sane token, a new UUID otherwise, and is echoed in the response. Kept to a few
 * assignments and one log call: it runs on every request, cached answers included. `req.log`, a
 * child logger carrying the id, is made only when something logs through it (errors, mostly).
 */
export function requestLogger(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      const child = logger.child({ reqId: this.id });
      Object.defineProperty(this, 'log', { value: child });
      return child;
    },
  });
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    const started = performance.now();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    res.once('finish', () => {
      const fields = { req: { id, method: req.method, url: req.originalUrl }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) };
      if (res.statusCode >= 500) logger.error(fields, 'request errored');
      else logger.info(fields, 'request completed');
    });
    next();
  };
}
