import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import { API_VERSION, API_VERSION_HEADER } from './api-version';

/** The methods of a read-only API: what a preflight allows, and `Allow` of a 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];
// Link: a listing's previous and next windows; Deprecation and Sunset: what is going (README, "Versioning").
const EXPOSED_HEADERS = ['ETag', 'Cache-Control', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id', 'Link', API_VERSION_HEADER, 'Deprecation', 'Sunset'];
const EXPOSED_HEADERS_VALUE = EXPOSED_HEADERS.join(',');

/**
 * Every origin may read the API from browser code; no credentials. A preflight (any OPTIONS) is
 * answered 204 by the `cors` package, which reflects the headers asked for; every other answer
 * carries the two headers `cors` would give it (contract tests check both kinds of answer).
 */
const preflight = cors({ origin: '*', methods: ALLOWED_METHODS, maxAge: 86_400, exposedHeaders: EXPOSED_HEADERS, optionsSuccessStatus: 204 });

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  // `cors` ends an OPTIONS request itself; it never calls on.
  preflight(req, res, () => undefined);
}

/** The headers `cors` would give an answer other than a preflight, and the API's version (README, "Versioning"), as name, value, name, value. */
export const CORS_HEAD: readonly string[] = ['Access-Control-Allow-Origin', '*', 'Access-Control-Expose-Headers', EXPOSED_HEADERS_VALUE, API_VERSION_HEADER, API_VERSION];
