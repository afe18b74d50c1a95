import type { IncomingMessage } from 'node:http';
import parseUrl from 'parseurl';
import type { Endpoint } from './endpoint';

/** Where the public API lives; any spelling of it in any case. */
export const PUBLIC_API_PREFIX = '/api/public';

/**
 * Reads request paths as Express's router read them when it served the API (so every spelling a
 * client used before still works): literal segments in any case, one trailing slash allowed,
 * parameters %-decoded (a parameter that is not validly encoded names nothing: `badly-encoded`).
 */
export type PathMatch = { endpoint: Endpoint; params: Record<string, string> } | 'no-such-endpoint' | 'badly-encoded';

interface CompiledPath {
  endpoint: Endpoint;
  /** lower-case literal segments, and null where a parameter goes */
  literals: (string | null)[];
  /** the parameters' names and their segments' positions */
  params: { name: string; at: number }[];
}

/** A request's path and query string (without the `?`; empty when none). */
export interface RequestTarget {
  pathname: string;
  query: string;
}

/**
 * The request target's path and query as parseurl (and so Express) reads them. The usual origin form
 * (`/path?query`) is split at its first `?`, without parseurl's URL object; any other form (an
 * absolute URL, `*`) goes through parseurl.
 */
export function requestTarget(req: IncomingMessage): RequestTarget {
  const url = req.url ?? '';
  if (url.charCodeAt(0) !== 0x2f) {
    const parsed = parseUrl(req);
    return { pathname: parsed?.pathname ?? '', query: typeof parsed?.query === 'string' ? parsed.query : '' };
  }
  const mark = url.indexOf('?');
  return mark === -1 ? { pathname: url, query: '' } : { pathname: url.slice(0, mark), query: url.slice(mark + 1) };
}

/** True when `pathname` is the API's or under it (as Express mounted the API's router: `/api/public` followed by `/` or nothing). */
export function isPublicApiPath(pathname: string): boolean {
  return (
    pathname.length >= PUBLIC_API_PREFIX.length &&
    equalsIgnoringAsciiCase(pathname.slice(0, PUBLIC_API_PREFIX.length), PUBLIC_API_PREFIX) &&
    (pathname.length === PUBLIC_API_PREFIX.length || pathname.charCodeAt(PUBLIC_API_PREFIX.length) === 0x2f)
  );
}

export function endpointMatcher(endpoints: readonly Endpoint[]): (pathname: string) => PathMatch {
  const compiled: CompiledPath[] = endpoints.map((endpoint) => {
    const segments = endpoint.path.split('/');
    const params: CompiledPath['params'] = [];
    const literals = segments.map((segment, at) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.toLowerCase();
      params.push({ name: param[1] as string, at });
      return null;
    });
    return { endpoint, literals, params };
  });

  return (pathname) => {
    // One trailing slash is the same path (Express's non-strict routing).
    const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const segments = path.split('/');
    for (const candidate of compiled) {
      if (!segmentsMatch(candidate.literals, segments)) continue;
      const params: Record<string, string> = {};
      for (const { name, at } of candidate.params) {
        const value = decodeSegment(segments[at] as string);
        if (value === undefined) return 'badly-encoded';
        params[name] = value;
      }
      return { endpoint: candidate.endpoint, params };
    }
    return 'no-such-endpoint';
  };
}

function segmentsMatch(literals: readonly (string | null)[], segments: readonly string[]): boolean {
  if (literals.length !== segments.length) return false;
  for (let index = 0; index < literals.length; index++) {
    const literal = literals[index];
    const segment = segments[index] as string;
    if (literal === null ? segment.length === 0 : !equalsIgnoringAsciiCase(segment, literal as string)) return false;
  }
  return true;
}

/** Compares with ASCII letters folded, as Express's case-insensitive routes did (a non-ASCII letter never equals an ASCII one). */
function equalsIgnoringAsciiCase(text: string, lowerCase: string): boolean {
  if (text === lowerCase) return true;
  if (text.length !== lowerCase.length) return false;
  for (let index = 0; index < text.length; index++) {
    let code = text.charCodeAt(index);
    if (code >= 0x41 && code <= 0x5a) code += 0x20;
    if (code !== lowerCase.charCodeAt(index)) return false;
  }
  return true;
}

/** A parameter decoded as Express's router decoded it; undefined when it is not validly encoded. */
function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
