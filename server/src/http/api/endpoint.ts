import type { PublicCatalog } from '../../domain/public-api/public-catalog';
import type { CachedBody } from '../cache/cached-body';
import type { ListingStore } from '../listing/listing-store';
import { withAnswerHeaders, type AnswerBody } from './answer-body';
import { withDeprecation, type AnswerHeaders } from './deprecations';

/** The query parameters an endpoint may read (each one declared by its operation in the OpenAPI document). */
export type QueryParameter = 'from' | 'type' | 'instructor' | 'durationMins';

/** A request to one endpoint, as the handler read it from the URL. */
export interface EndpointRequest {
  /** the path's parameters by their names in the path template, %-decoded */
  params: Readonly<Record<string, string>>;
  /** `from` as Express's default query parser (node:querystring) reads it: a string, an array when repeated, or undefined */
  from: unknown;
  /** every query parameter as node:querystring reads it (a string, an array when repeated); absent when the URL has no query */
  query?: Readonly<Record<string, string | string[] | undefined>>;
}

/** Where the answers' absolute links point (`Link` windows, a calendar's booking links). */
export interface PublicAddresses {
  /** PUBLIC_BASE_URL: where the API is */
  publicBaseUrl: string;
  /** CHECKOUT_BASE_URL: where the hosted booking pages are */
  checkoutBaseUrl: string;
}

/** What the producers answer from: the use-cases, the listings' read model, and the contract itself. */
export interface EndpointSources {
  catalog: PublicCatalog;
  listings: ListingStore;
  openApiDocument: object;
  addresses: PublicAddresses;
  /** the headers announcing what is deprecated, by operation id (deprecations.ts), made once at start */
  deprecations: ReadonlyMap<string, AnswerHeaders>;
}

/** A query parameter as node:querystring read it (an array when repeated); undefined when absent or empty. */
export function queryValue(request: EndpointRequest, name: QueryParameter): string | string[] | undefined {
  const value = request.query?.[name];
  return value === '' ? undefined : value;
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
  /** the query parameters the endpoint reads */
  query: readonly QueryParameter[];
  /**
   * What the answer depends on, which is what its cache key carries:
   * `studio`: the studio of `{studioId}` (keyed on its change counter, so any change of it is a new key);
   * `catalog`: only the catalog of the studio of `{studioId}` (keyed on its catalog version: an import is a new key, a booking is not);
   * `user`: the user of `{userId}` (dropped whenever any studio changes: a user belongs to one studio);
   * `any-studio`: something named by a global id, such as a class's (dropped whenever any studio changes, as a user's);
   * `fixed`: nothing that changes while the server runs (produced once).
   */
  scope: 'studio' | 'catalog' | 'user' | 'any-studio' | 'fixed';
  /** true when, without `from`, the answer depends on today's date in the studio's zone (the key then carries that date) */
  windowed: boolean;
  /** what tells this endpoint's answers apart within its scope (the operation id, and the query and type name where they matter) */
  cacheKey(request: EndpointRequest): string;
  /** the answer: the producer's records, serialized once into a cacheable body (with its own media type and headers, when it has them: answer-body.ts) */
  answer(sources: EndpointSources, request: EndpointRequest): Promise<CachedBody>;
}

export interface EndpointDescriptor<Records> extends Omit<Endpoint, 'answer' | 'query' | 'windowed' | 'cacheKey'> {
  query?: Endpoint['query'];
  windowed?: boolean;
  /** defaults to the operation id, followed by each query parameter the endpoint reads */
  cacheKey?: Endpoint['cacheKey'];
  /** the domain's use-case call (and, for listings, the read of the read model) */
  produce(sources: EndpointSources, request: EndpointRequest): Promise<Records>;
  /** the records as the contract's JSON body */
  serialize(records: Records): CachedBody;
}

/** An endpoint from its descriptor, with the defaults filled in. */
export function defineEndpoint<Records>(descriptor: EndpointDescriptor<Records>): Endpoint {
  const { produce, serialize, query = [], windowed = false } = descriptor;
  return {
    operationId: descriptor.operationId,
    path: descriptor.path,
    scope: descriptor.scope,
    query,
    windowed,
    cacheKey:
      descriptor.cacheKey ??
      (query.length === 0
        ? () => descriptor.operationId
        : (request) => [descriptor.operationId, ...query.map((name) => fromKey(name === 'from' ? request.from : queryValue(request, name)))].join('|')),
    answer: async (sources, request) => announceDeprecation(serialize(await produce(sources, request)), sources.deprecations.get(descriptor.operationId)),
  };
}

/** The answer with the headers of its operation's deprecation, when it has one: kept with it in the cache, so a cached answer sends them for free. */
function announceDeprecation(body: CachedBody, deprecation: AnswerHeaders | undefined): CachedBody {
  return deprecation === undefined ? body : withAnswerHeaders(body, { headers: withDeprecation((body as AnswerBody).headers, deprecation) });
}

/** `from` as a key part: a string as it is, anything else (an array, or absent) as JSON. */
export function fromKey(from: unknown): string {
  return typeof from === 'string' ? from : JSON.stringify(from ?? '');
}
