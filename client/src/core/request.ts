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

/** How long a request may go unanswered before it fails with `timeout`: a server that accepts the connection and never answers must not leave a page loading for ever. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** A request several callers wait for: it is aborted only once every one of them has given up. */
interface SharedRequest {
  answer: Promise<JsonAnswer>;
  waiting: number;
  abort(reason: unknown): void;
}

/** The requests in flight, by cache and URL. */
const inFlight = new WeakMap<EtagCache, Map<string, SharedRequest>>();

/**
 * GETs `url` and resolves with its parsed JSON body (and its `Link` header). With a cache, a known
 * URL is revalidated with `If-None-Match` and a `304` resolves with the cached answer, and the same
 * URL asked for again while its request is in flight (two elements of a page showing the same week)
 * waits for that request instead of sending another. Aborting `signal` rejects with the signal's
 * reason (an `AbortError`), as `fetch` does, and aborts the request once no one else waits for it;
 * every other failure is a `StudioDataError`, `timeout` when the whole answer has not come within
 * `timeoutMs`.
 */
export async function getJson(url: string, fetchFunction: FetchFunction, cache: EtagCache | undefined, signal?: AbortSignal, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<JsonAnswer> {
  if (!cache) return requestJson(url, fetchFunction, undefined, signal, timeoutMs);
  if (signal?.aborted) throw signal.reason;
  const requests = inFlight.get(cache) ?? new Map<string, SharedRequest>();
  inFlight.set(cache, requests);
  let shared = requests.get(url);
  if (!shared) {
    const controller = new AbortController();
    const answer = requestJson(url, fetchFunction, cache, controller.signal, timeoutMs);
    /** Its answer came, or it was given up: the next caller sends a request of its own. */
    const forget = () => {
      if (requests.get(url) === request) requests.delete(url);
    };
    const request: SharedRequest = {
      answer,
      waiting: 0,
      abort(reason) {
        forget();
        controller.abort(reason);
      },
    };
    answer.then(forget, forget);
    requests.set(url, request);
    shared = request;
  }
  return waitFor(shared, signal);
}

/** The shared request's answer, or the caller's abort: the last caller to give up aborts the request. */
function waitFor(shared: SharedRequest, signal: AbortSignal | undefined): Promise<JsonAnswer> {
  shared.waiting += 1;
  if (!signal) return shared.answer;
  return new Promise((resolve, reject) => {
    const giveUp = () => {
      shared.waiting -= 1;
      if (shared.waiting === 0) shared.abort(signal.reason);
      reject(signal.reason);
    };
    signal.addEventListener('abort', giveUp, { once: true });
    shared.answer.then(
      (answer) => {
        signal.removeEventListener('abort', giveUp);
        resolve(answer);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', giveUp);
        reject(error);
      },
    );
  });
}

async function requestJson(url: string, fetchFunction: FetchFunction, cache: EtagCache | undefined, signal: AbortSignal | undefined, timeoutMs: number): Promise<JsonAnswer> {
  const cached = cache?.get(url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cached) headers['if-none-match'] = cached.etag;
  const deadline = requestDeadline(signal, timeoutMs);
  /** Why a request that threw failed: the caller's abort, the deadline, or what the error says. */
  const failure = (error: unknown, otherwise: () => StudioDataError): unknown => {
    if (signal?.aborted) return signal.reason;
    if (deadline.timedOut) {
      return new StudioDataError({ status: 0, code: 'timeout', title: 'Timeout', detail: `No answer within ${timeoutMs / 1000} s.`, url, cause: error });
    }
    return otherwise();
  };

  try {
    let response: Response;
    try {
      response = await fetchFunction(url, { method: 'GET', headers, signal: deadline.signal });
    } catch (error) {
      throw failure(error, () => new StudioDataError({ status: 0, code: 'network_error', title: 'Network error', detail: describe(error), url, cause: error }));
    }

    if (response.status === 304 && cached) return { body: cached.body, link: cached.link ?? null, status: 200 };
    if (!response.ok) throw await errorFromResponse(response, url);

    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw failure(error, () => new StudioDataError({ status: response.status, code: 'invalid_response', title: 'Invalid response', detail: 'The answer is not JSON.', url, cause: error }));
    }
    const etag = response.headers.get('etag');
    const link = response.headers.get('link');
    if (cache && etag) cache.set(url, { etag, body, link });
    return { body, link, status: response.status };
  } finally {
    deadline.clear();
  }
}

/** The signal a request is sent with: aborted by the caller's signal, or when `timeoutMs` has passed (not at all for 0 or Infinity). */
function requestDeadline(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const followCaller = () => controller.abort(signal?.reason);
  if (signal?.aborted) followCaller();
  else signal?.addEventListener('abort', followCaller, { once: true });
  let timedOut = false;
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    clear() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', followCaller);
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
