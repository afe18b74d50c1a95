import type { ServerResponse } from 'node:http';
import cors from 'cors';
import type { RequestHandler } from 'express';
import { sendProblem } from '../problem';

const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];
const EXPOSED_HEADERS = ['ETag', 'Cache-Control', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'];

/** Every origin may read the API from browser code; no credentials. Preflights end here with 204. */
export const publicCors: RequestHandler = cors({
  origin: '*',
  methods: ALLOWED_METHODS,
  maxAge: 86_400,
  exposedHeaders: EXPOSED_HEADERS,
  optionsSuccessStatus: 204,
});

const EXPOSED_HEADERS_VALUE = EXPOSED_HEADERS.join(',');

/** The CORS headers `publicCors` gives a GET or HEAD, set at once (the answer fast path skips the middleware). */
export function setSimpleCorsHeaders(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS_VALUE);
}

/** The API is read-only: any other method is 405 with `Allow`, on any path under it. */
export const readOnlyMethods: RequestHandler = (req, res, next) => {
  if (ALLOWED_METHODS.includes(req.method)) return next();
  res.setHeader('Allow', ALLOWED_METHODS.join(', '));
  sendProblem(res, 405, 'method_not_allowed', `The public API is read-only: ${ALLOWED_METHODS.join(', ')} only.`);
};
