import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeOf, writeAnswerHeaders } from '../api/answer-body';
import type { CachedBody } from './response-cache';

/**
 * Sends a cached JSON body with its ETag, or 304 when the client already holds it.
 * If-None-Match uses the weak comparison of RFC 9110 (W/"x" matches "x"); `*` matches anything.
 */
export function sendCachedJson(req: IncomingMessage, res: ServerResponse, entry: CachedBody, maxAgeSeconds: number): void {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', `public, max-age=${maxAgeSeconds}`);
  writeAnswerHeaders(res, entry);
  if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', contentTypeOf(entry));
  res.setHeader('Content-Length', entry.body.length);
  res.end(entry.body);
}

export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
