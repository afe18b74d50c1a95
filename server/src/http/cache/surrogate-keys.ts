import type { AnswerBody } from '../api/answer-body';
import type { Endpoint, EndpointRequest } from '../api/endpoint';
import type { CachedBody } from './cached-body';

/**
 * The tags a CDN files the public answers under (`Surrogate-Key` for Fastly and Varnish's xkey,
 * `Cache-Tag` for Cloudflare and others), so that one studio's answers can be purged after its
 * import. Answers named by a global id (a user, a class by id) carry the global tag, purged with
 * every studio, as the server's own cache drops them at any studio's change.
 */
export const GLOBAL_SURROGATE_KEY = 'studio-data-global';

export function studioSurrogateKey(studioId: string): string {
  return `studio-${studioId}`;
}

/** What a change of the studio purges from a CDN. */
export function surrogateKeysOfStudio(studioId: string): string[] {
  return [studioSurrogateKey(studioId), GLOBAL_SURROGATE_KEY];
}

/**
 * The tag of an endpoint's answer: its studio's for what the path names a studio of (its catalog
 * alone too: the calendar feeds), purged with that studio only; null for answers that change only
 * with a deployment (the OpenAPI document).
 */
export function surrogateKeyOf(endpoint: Endpoint, request: EndpointRequest): string | null {
  if (endpoint.scope === 'studio' || endpoint.scope === 'catalog') return studioSurrogateKey(request.params.studioId as string);
  return endpoint.scope === 'fixed' ? null : GLOBAL_SURROGATE_KEY;
}

/** The answer with its tag among the headers kept with it (answer-body.ts), written on every answer sent from it. */
export function withSurrogateKey(entry: CachedBody, key: string | null): CachedBody {
  if (key === null) return entry;
  const own = (entry as AnswerBody).headers ?? [];
  return { ...entry, headers: [...own, ['Surrogate-Key', key], ['Cache-Tag', key]] } as AnswerBody;
}
