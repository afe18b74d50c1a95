import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedBody } from './cached-body';
import { preferredCoding } from './content-coding';
import { KeptAnswer } from './kept-answer';

/**
 * Sends kept answers (`send`, with the request's headers gathered so far in `head`: name, value,
 * ...) in one writeHead, with their ETag, or 304 when the client already holds them; compressed (br
 * or gzip, by Accept-Encoding) when they are long enough. Each coding is a representation of its
 * own, with its own strong ETag (`"…-br"`, `"…-gzip"`), and every answer says it varies by
 * Accept-Encoding. An answer is compressed the first time a client asks for that coding: `send`
 * then answers true, for the caller to keep it again (the cache counts its bytes when it is set).
 * If-None-Match uses the weak comparison of RFC 9110 (W/"x" matches "x"); `*` matches anything.
 * `cacheControl` is the answers' Cache-Control (publicCacheControl).
 */
export interface CachedJsonSender {
  /** The produced answer in the shape it is kept and sent in. */
  keep(answer: CachedBody): KeptAnswer;
  send(req: IncomingMessage, res: ServerResponse, kept: KeptAnswer, head: string[]): boolean;
}

export function cachedJsonSender(cacheControl: string): CachedJsonSender {
  return {
    keep: (answer) => new KeptAnswer(answer, cacheControl),
    send(req, res, kept, head) {
      const { headers } = req;
      const coding = kept.compressible ? preferredCoding(headers['accept-encoding']) : null;
      const madeBefore = coding === null || kept[coding] !== undefined;
      const sent = coding === null ? kept.identity : kept.coded(coding);
      const ifNoneMatch = headers['if-none-match'];
      if (ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, sent.etag)) {
        res.writeHead(304, joined(head, sent.notModifiedHead));
        res.end();
      } else {
        res.writeHead(200, joined(head, sent.okHead));
        res.end(sent.body);
      }
      return !madeBefore;
    },
  };
}

/**
 * The request's headers, then the answer's, in one new array. Not `head.concat(answer)`, which V8
 * runs in its C++ runtime, nor a spread of both, which iterates them: copied by index into an array
 * of the right length, it stays in the compiled code (counted with callgrind: bench/README.md).
 */
function joined(head: readonly string[], answer: readonly string[]): string[] {
  const all = new Array<string>(head.length + answer.length);
  for (let i = 0; i < head.length; i += 1) all[i] = head[i] as string;
  for (let i = 0; i < answer.length; i += 1) all[head.length + i] = answer[i] as string;
  return all;
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

export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
