import type { IncomingMessage, ServerResponse } from 'node:http';
import { MIN_COMPRESSIBLE_BYTES, encode, preferredCoding, type Coding } from './content-coding';
import type { CachedBody } from './response-cache';

/** Sends cached JSON answers; `maxAgeSeconds` is their Cache-Control max-age. */
export type CachedJsonSender = (req: IncomingMessage, res: ServerResponse, entry: CachedBody) => CachedBody;

/**
 * Sends a cached JSON body with its ETag, or 304 when the client already holds it; compressed (br or
 * gzip, by Accept-Encoding) when it is long enough. Each coding is a representation of its own, with
 * its own strong ETag (`"…-br"`, `"…-gzip"`), and every answer says it varies by Accept-Encoding. A
 * body is compressed the first time a client asks for that coding: the entry returned then carries
 * it (a new object, for the caller to keep in place of the old); otherwise the entry passed in.
 * If-None-Match uses the weak comparison of RFC 9110 (W/"x" matches "x"); `*` matches anything.
 */
export function cachedJsonSender(maxAgeSeconds: number): CachedJsonSender {
  const cacheControl = `public, max-age=${maxAgeSeconds}`;
  return (req, res, entry) => {
    const coding = entry.body.length >= MIN_COMPRESSIBLE_BYTES ? preferredCoding(req.headers['accept-encoding']) : null;
    const etag = coding === null ? entry.etag : codedEtag(entry.etag, coding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControl);
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return entry;
    }
    let sent = entry;
    let body = entry.body;
    if (coding !== null) {
      const coded = entry.coded?.[coding];
      if (coded === undefined) {
        body = encode(entry.body, coding);
        sent = { ...entry, coded: { ...entry.coded, [coding]: body } };
      } else body = coded;
      res.setHeader('Content-Encoding', coding);
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return sent;
  };
}

/** A coded representation's ETag: the body's, marked with the coding (`"abc"` -> `"abc-br"`). */
export function codedEtag(etag: string, coding: Coding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
