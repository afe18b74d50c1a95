import type { PublicCatalog } from '../../domain/public-api/public-catalog';
import type { CachedBody } from '../cache/response-cache';
import type { ListingStore } from '../listing/listing-store';

/** A request to one endpoint, as the handler read it from the URL. */
export interface EndpointRequest {
  /** the path's parameters by their names in the path template, %-decoded */
  params: Readonly<Record<string, string>>;
  /** `from` as Express's default query parser (node:querystring) reads it: a string, an array when repeated, or undefined */
  from: unknown;
}

/** What the producers answer from: the use-cases, the listings' read model, and the contract itself. */
export interface EndpointSources {
  catalog: PublicCatalog;
  listings: ListingStore;
  openApiDocument: object;
}

/**
 * One endpoint of the public API, declared once (endpoint-table.ts) and served by the one handler
 * (public-api-handler.ts). Everything else (CORS, the rate limit, the cache, ETags and 304, problem
 * answers, the 503 deadline) is the handler's, the same for every endpoint.
 */
export interface Endpoint {
  /** the operation's id in the OpenAPI document: a test holds the table and the document equal */
  operationId: string;
  /** the OpenAPI path template, e.g. `/api/public/studio/{studioId}/classes/{typeName}` */
  path: string;
  /** the query parameters the endpoint reads (only `from` so far) */
  query: readonly 'from'[];
  /**
   * What the answer depends on, which is what its cache key carries:
   * `studio`: the studio of `{studioId}` (keyed on its change counter, so any change of it is a new key);
   * `user`: the user of `{userId}` (dropped whenever any studio changes: a user belongs to one studio);
   * `fixed`: nothing that changes while the server runs (produced once).
   */
  scope: 'studio' | 'user' | 'fixed';
  /** true when, without `from`, the answer depends on today's date in the studio's zone (the key then carries that date) */
  windowed: boolean;
  /** what tells this endpoint's answers apart within its scope (the operation id, and the query and type name where they matter) */
  cacheKey(request: EndpointRequest): string;
  /** the answer: the producer's records, serialized once into a cacheable body */
  answer(sources: EndpointSources, request: EndpointRequest): Promise<CachedBody>;
}

export interface EndpointDescriptor<Records> extends Omit<Endpoint, 'answer' | 'query' | 'windowed' | 'cacheKey'> {
  query?: Endpoint['query'];
  windowed?: boolean;
  /** defaults to the operation id, followed by `from` when the endpoint reads it */
  cacheKey?: Endpoint['cacheKey'];
  /** the domain's use-case call (and, for listings, the read of the read model) */
  produce(sources: EndpointSources, request: EndpointRequest): Promise<Records>;
  /** the records as the contract's JSON body */
  serialize(records: Records): CachedBody;
}

/** An endpoint from its descriptor, with the defaults filled in. */
export function defineEndpoint<Records>(descriptor: EndpointDescriptor<Records>): Endpoint {
  const { produce, serialize, query = [], windowed = false } = descriptor;
  const reads = query.includes('from');
  return {
    operationId: descriptor.operationId,
    path: descriptor.path,
    scope: descriptor.scope,
    query,
    windowed,
    cacheKey: descriptor.cacheKey ?? (reads ? (request) => `${descriptor.operationId}|${fromKey(request.from)}` : () => descriptor.operationId),
    answer: async (sources, request) => serialize(await produce(sources, request)),
  };
}

/** `from` as a key part: a string as it is, anything else (an array, or absent) as JSON. */
export function fromKey(from: unknown): string {
  return typeof from === 'string' ? from : JSON.stringify(from ?? '');
}
