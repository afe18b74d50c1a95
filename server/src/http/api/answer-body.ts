import type { CachedBody } from '../cache/cached-body';

/**
 * An answer that is more than a JSON body: another media type (a calendar feed's `text/calendar`)
 * and headers of its own (the `Link` to a listing's next and previous windows). Both are computed
 * once, with the body, and kept with it in the cache (kept-answer.ts reads them with
 * `contentTypeOf` and `ownHeadersOf`).
 */
export interface AnswerBody extends CachedBody {
  /** the Content-Type; JSON when absent */
  contentType?: string;
  /** headers of this answer besides those every answer has */
  headers?: readonly (readonly [name: string, value: string])[];
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The body with its media type and headers. */
export function withAnswerHeaders(body: CachedBody, extra: { contentType?: string; headers?: AnswerBody['headers'] }): AnswerBody {
  return { ...body, ...(extra.contentType === undefined ? {} : { contentType: extra.contentType }), ...(extra.headers?.length ? { headers: extra.headers } : {}) };
}

/** The Content-Type of a kept answer. */
export function contentTypeOf(entry: CachedBody): string {
  return (entry as AnswerBody).contentType ?? JSON_CONTENT_TYPE;
}

/** The answer's own headers, as name, value, ... (a 304 carries them too). */
export function ownHeadersOf(entry: CachedBody): string[] {
  return ((entry as AnswerBody).headers ?? []).flat();
}
