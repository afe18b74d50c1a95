import { errorFromResponse, StudioDataError } from './errors.js';
import type { EtagCache } from './etag-cache.js';

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** An answer's parsed JSON body and its `Link` header (null without one). */
export interface JsonAnswer {
  body: unknown;
  link: string | null;
  /** the answer's status: a 2xx (a 304 revalidating the cache reads as the 200 it kept) */
  status: number;
}

/**
 * GETs `url` and resolves with its parsed JSON body (and its `Link` header). With a cache, a known
 * URL is revalidated with `If-None-Match` and a `304` resolves with the cached answer. Aborting
 * `signal` rejects with the signal's reason (an `AbortError`), as `fetch` does; every other failure
 * is a `StudioDataError`.
 */
export async function getJson(url: string, fetchFunction: FetchFunction, cache: EtagCache | undefined, signal?: AbortSignal): Promise<JsonAnswer> {
  const cached = cache?.get(url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cached) headers['if-none-match'] = cached.etag;

  let response: Response;
  try {
    response = await fetchFunction(url, { method: 'GET', headers, signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new StudioDataError({ status: 0, code: 'network_error', title: 'Network error', detail: describe(error), url, cause: error });
  }

  if (response.status === 304 && cached) return { body: cached.body, link: cached.link ?? null, status: 200 };
  if (!response.ok) throw await errorFromResponse(response, url);

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new StudioDataError({ status: response.status, code: 'invalid_response', title: 'Invalid response', detail: 'The answer is not JSON.', url, cause: error });
  }
  const etag = response.headers.get('etag');
  const link = response.headers.get('link');
  if (cache && etag) cache.set(url, { etag, body, link });
  return { body, link, status: response.status };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
