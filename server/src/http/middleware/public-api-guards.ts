import cors from 'cors';
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { sendProblem } from '../problem';

const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** Every origin may read the API from browser code; no credentials. Preflights end here with 204. */
export const publicCors: RequestHandler = cors({
  origin: '*',
  methods: ALLOWED_METHODS,
  maxAge: 86_400,
  exposedHeaders: ['ETag', 'Cache-Control', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'],
  optionsSuccessStatus: 204,
});

/** The API is read-only: any other method is 405 with `Allow`, on any path under it. */
export const readOnlyMethods: RequestHandler = (req, res, next) => {
  if (ALLOWED_METHODS.includes(req.method)) return next();
  res.setHeader('Allow', ALLOWED_METHODS.join(', '));
  sendProblem(res, 405, 'method_not_allowed', `The public API is read-only: ${ALLOWED_METHODS.join(', ')} only.`);
};

/** Per-client-IP limit with the IETF `RateLimit` / `RateLimit-Policy` headers; `Retry-After` on 429. */
export function perClientRateLimit(requestsPerMinute: number): RequestHandler | null {
  if (requestsPerMinute <= 0) return null;
  return rateLimit({
    windowMs: 60_000,
    limit: requestsPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler(req, res) {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 60;
      res.setHeader('Retry-After', String(seconds));
      sendProblem(res, 429, 'rate_limited', `Too many requests: at most ${requestsPerMinute} a minute from one address. Retry after ${seconds} s.`);
    },
  });
}
