import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerHead, contentTypeOf } from '../api/answer-body';
import { MIN_COMPRESSIBLE_BYTES, encode, preferredCoding, type Coding } from './content-coding';
import type { CachedBody } from './response-cache';

/**
 * Sends a cached JSON answer with the request's headers gathered so far (`head`: name, value, ...) in
 * one writeHead; answers the entry to keep (see cachedJsonSender).
 */
export type CachedJsonSender = (req: IncomingMessage, res: ServerResponse, entry: CachedBody, head: string[]) => CachedBody;

/**
 * Sends a cached JSON body with its ETag, or 304 when the client already holds it; compressed (br or
 * gzip, by Accept-Encoding) when it is long enough. Each coding is a representation of its own, with
 * its own strong ETag (`"…-br"`, `"…-gzip"`), and every answer says it varies by Accept-Encoding. A
 * body is compressed the first time a client asks for that coding: the entry returned then carries
 * it (a new object, for the caller to keep in place of the old); otherwise the entry passed in.
 * If-None-Match uses the weak comparison of RFC 9110 (W/"x" matches "x"); `*` matches anything.
 * `cacheControl` is the answers' Cache-Control (publicCacheControl), written once here.
 */
export function cachedJsonSender(cacheControl: string): CachedJsonSender {
  return (req, res, entry, head) => {
    const coding = entry.body.length >= MIN_COMPRESSIBLE_BYTES ? preferredCoding(req.headers['accept-encoding']) : null;
    const coded = coding === null ? undefined : entry.coded?.[coding];
    const etag = coding === null ? entry.etag : (coded?.etag ?? codedEtag(entry.etag, coding));
    head.push('Vary', 'Accept-Encoding', 'ETag', etag, 'Cache-Control', cacheControl);
    answerHead(head, entry);
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, head);
      res.end();
      return entry;
    }
    let sent = entry;
    let body = entry.body;
    if (coding !== null) {
      if (coded === undefined) {
        body = encode(entry.body, coding);
        sent = { ...entry, coded: { ...entry.coded, [coding]: { body, etag } } };
      } else body = coded.body;
      head.push('Content-Encoding', coding);
    }
    head.push('Content-Type', contentTypeOf(entry), 'Content-Length', String(body.length));
    res.writeHead(200, head);
    res.end(body);
    return sent;
  };
}

/** How long shared caches (a CDN) may keep a public answer, and serve it stale; 0 leaves a directive out. */
export interface SharedCacheLifetimes {
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
}

/**
 * The public answers' Cache-Control: browsers and CDNs keep them `maxAgeSeconds` (`s-maxage` says so
 * to shared caches, as it may differ later); a CDN may then serve one stale while it asks again
 * (`stale-while-revalidate`) and while the server fails (`stale-if-error`, RFC 5861). An import purges
 * the studio from the CDN by its Surrogate-Key (README, "Deployment").
 */
export function publicCacheControl(maxAgeSeconds: number, shared?: SharedCacheLifetimes): string {
  const directives = [`public`, `max-age=${maxAgeSeconds}`];
  if (shared) {
    directives.push(`s-maxage=${maxAgeSeconds}`);
    if (shared.staleWhileRevalidateSeconds > 0) directives.push(`stale-while-revalidate=${shared.staleWhileRevalidateSeconds}`);
    if (shared.staleIfErrorSeconds > 0) directives.push(`stale-if-error=${shared.staleIfErrorSeconds}`);
  }
  return directives.join(', ');
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
