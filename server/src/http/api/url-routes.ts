import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Endpoint, EndpointRequest } from './endpoint';
import { endpointMatcher, isPublicApiPath, requestTarget, type RequestTarget } from './endpoint-paths';

/** Distinct URLs whose reading is kept; past it, all are forgotten at once and read again as they come. */
export const URLS_KEPT = 5_000;
/**
 * Longer URLs are read each time, never kept: the URLs asked for again and again are short, and a
 * client sending thousands of long distinct ones must not make the server hold them (at most
 * URLS_KEPT × this many characters are kept).
 */
export const LONGEST_URL_KEPT = 512;

/** The key last made for a route, and what it was made from: reused while they hold. */
export interface KeyMade {
  /** the studio's change counter (or catalog version, for scope `catalog`) the key carries; 0 for keys of no studio */
  counter: number;
  /** today's date in the studio's zone, for windowed answers without `from`; '' otherwise */
  day: string;
  key: string;
}

/** What a URL names: its endpoint, the request as read from it, and the endpoint's own part of the cache key. */
export interface Route {
  endpoint: Endpoint;
  request: EndpointRequest;
  /** `endpoint.cacheKey(request)`: what tells this URL's answers apart within the endpoint's scope */
  ownKey: string;
  /** the cache key last made for this route, and what it was made from (cache-keys.ts) */
  keyMade: KeyMade | undefined;
}

/** A route, or why a path of the API names none (endpoint-paths.ts). */
export type RouteOrNone = Route | 'no-such-endpoint' | 'badly-encoded';

/**
 * Reads which endpoint a request's URL names, with its path parameters and query, once per distinct
 * URL: the cached answers are asked for by the same few URLs again and again, and their reading cost
 * as much as the rest of a cache hit's own work (bench/last-results.md). A URL read before is looked
 * up as it came, before it is split into path and query; what a URL names depends on the URL alone,
 * so the reading kept is the reading, and the requests are shared and never changed. Kept for at
 * most URLS_KEPT URLs of at most LONGEST_URL_KEPT characters; only URLs of the API are kept.
 */
export function urlRoutes(endpoints: readonly Endpoint[], urlsKept = URLS_KEPT): (req: IncomingMessage) => RouteOrNone | 'not-the-api' {
  const match = endpointMatcher(endpoints);
  const read = (target: RequestTarget): RouteOrNone => {
    const found = match(target.pathname);
    if (typeof found === 'string') return found;
    const query = target.query !== '' ? parseQuery(target.query) : undefined;
    const request: EndpointRequest = { params: found.params, from: query?.from, query };
    return { endpoint: found.endpoint, request, ownKey: found.endpoint.cacheKey(request), keyMade: undefined };
  };
  const known = new Map<string, RouteOrNone>();
  return (req) => {
    const url = req.url ?? '';
    const route = known.get(url);
    if (route !== undefined) return route;
    const target = requestTarget(req);
    if (!isPublicApiPath(target.pathname)) return 'not-the-api';
    const fresh = read(target);
    if (url.length <= LONGEST_URL_KEPT) {
      if (known.size >= urlsKept) known.clear();
      known.set(url, fresh);
    }
    return fresh;
  };
}
