import { buildCalendarFeed } from '../../domain/calendar/feed';
import { danceTypeKey } from '../../domain/ids';
import type { Listing } from '../../domain/public-api/public-catalog';
import { cachedBody, toCachedBody, type CachedBody } from '../cache/cached-body';
import { listingAnswer, occurrenceAnswer } from '../listing/listing-answer';
import type { ListingStore } from '../listing/listing-store';
import { serializeSlots } from '../serializers/slots';
import { withAnswerHeaders } from './answer-body';
import { windowLinks } from './window-links';
import { serializePackage, serializePrivateLessonInstructor, serializeQuestion } from '../serializers/offers';
import { serializeTeamMember, serializeUserProfile } from '../serializers/people';
import { serializeStudioProfile } from '../serializers/studio';
import { defineEndpoint, fromKey, queryValue, type Endpoint, type EndpointRequest, type EndpointSources } from './endpoint';

/** A listing's answer is a body already (the read model's bytes, joined): nothing more to serialize. */
const asIs = (body: CachedBody) => body;
const json =
  <Records>(serialize: (records: Records) => unknown) =>
  (records: Records) =>
    toCachedBody(serialize(records));
const each =
  <Record>(serialize: (record: Record) => unknown) =>
  (records: Record[]) =>
    toCachedBody(records.map(serialize));

/** A listing's answer with the `Link` to its previous and next windows. */
async function listingWithLinks(listings: ListingStore, { addresses }: EndpointSources, path: string, { params }: EndpointRequest, listing: Listing): Promise<CachedBody> {
  const linked = listing.typeName === undefined ? params : { ...params, typeName: listing.typeName };
  return withAnswerHeaders(await listingAnswer(listings, listing), { headers: windowLinks(addresses.publicBaseUrl, path, linked, listing.adjacent) });
}

const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/**
 * The public API, one descriptor per endpoint (the OpenAPI document describes the same list: a test
 * holds them equal). A new endpoint is one more descriptor here and its producer (a use-case in
 * domain/public-api/public-catalog.ts, a serializer in serializers/); the tests say what else.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  defineEndpoint({
    operationId: 'getStudioProfile',
    path: '/api/public/studio/{studioId}/profile',
    scope: 'studio',
    produce: ({ catalog }, { params }) => catalog.profile(params.studioId!),
    serialize: json(serializeStudioProfile),
  }),
  defineEndpoint({
    operationId: 'listInstructors',
    path: '/api/public/studio/{studioId}/instructors',
    scope: 'studio',
    produce: ({ catalog }, { params }) => catalog.instructors(params.studioId!),
    serialize: each(serializeTeamMember),
  }),
  defineEndpoint({
    operationId: 'getUserProfile',
    path: '/api/public/user/{userId}/profile',
    scope: 'user',
    produce: ({ catalog }, { params }) => catalog.userProfile(params.userId!),
    serialize: json(serializeUserProfile),
  }),
  defineEndpoint({
    operationId: 'listClasses',
    path: '/api/public/studio/{studioId}/classes',
    scope: 'studio',
    query: ['from'],
    windowed: true,
    produce: async (sources, request) => listingWithLinks(sources.listings, sources, '/api/public/studio/{studioId}/classes', request, await sources.catalog.classes(request.params.studioId!, request.from)),
    serialize: asIs,
  }),
  defineEndpoint({
    operationId: 'listClassesByType',
    path: '/api/public/studio/{studioId}/classes/{typeName}',
    scope: 'studio',
    query: ['from'],
    windowed: true,
    // Type names match whatever their case and Unicode form: so do their keys (the Link names the type as the studio writes it).
    cacheKey: ({ params, from }) => `listClassesByType|${danceTypeKey(params.typeName!)}|${fromKey(from)}`,
    produce: async (sources, request) =>
      listingWithLinks(sources.listings, sources, '/api/public/studio/{studioId}/classes/{typeName}', request, await sources.catalog.classes(request.params.studioId!, request.from, request.params.typeName!)),
    serialize: asIs,
  }),
  defineEndpoint({
    operationId: 'listEvents',
    path: '/api/public/studio/{studioId}/events',
    scope: 'studio',
    query: ['from'],
    windowed: true,
    produce: async (sources, request) => listingWithLinks(sources.listings, sources, '/api/public/studio/{studioId}/events', request, await sources.catalog.events(request.params.studioId!, request.from)),
    serialize: asIs,
  }),
  defineEndpoint({
    operationId: 'getClass',
    path: '/api/public/class/{classId}',
    scope: 'any-studio',
    cacheKey: ({ params }) => `getClass|${params.classId!}`,
    produce: async ({ catalog, listings }, { params }) => occurrenceAnswer(listings, await catalog.occurrence(params.classId!)),
    serialize: asIs,
  }),
  defineEndpoint({
    operationId: 'getCalendarFeed',
    path: '/api/public/studio/{studioId}/calendar.ics',
    // What a calendar shows is the catalog's alone (no spots left): bookings leave the cached feeds be.
    scope: 'catalog',
    query: ['type', 'instructor'],
    // Without `from`, yet windowed: the feed's 14 weeks are counted from today.
    windowed: true,
    cacheKey: (request) => `getCalendarFeed|${fromKey(typeKey(queryValue(request, 'type')))}|${fromKey(queryValue(request, 'instructor'))}`,
    produce: async ({ catalog, addresses }, request) => {
      const content = await catalog.calendar(request.params.studioId!, { type: queryValue(request, 'type'), instructor: queryValue(request, 'instructor') });
      const feed = buildCalendarFeed(content, {
        bookingUrl: (classId) => `${addresses.checkoutBaseUrl}/book/${encodeURIComponent(classId)}`,
        feedUrl: calendarFeedUrl(addresses.publicBaseUrl, content.studio.id, { type: content.danceType ?? undefined, instructor: content.instructor?.id }),
      });
      return withAnswerHeaders(cachedBody(feed), { contentType: CALENDAR_CONTENT_TYPE });
    },
    serialize: asIs,
  }),
  defineEndpoint({
    operationId: 'listPackages',
    path: '/api/public/studio/{studioId}/packages',
    scope: 'studio',
    produce: ({ catalog }, { params }) => catalog.packages(params.studioId!),
    serialize: each(serializePackage),
  }),
  defineEndpoint({
    operationId: 'listPrivateLessonInstructors',
    path: '/api/public/studio/{studioId}/private-lesson-instructors',
    scope: 'studio',
    produce: ({ catalog }, { params }) => catalog.privateLessonInstructors(params.studioId!),
    serialize: each(serializePrivateLessonInstructor),
  }),
  defineEndpoint({
    operationId: 'listPrivateLessonSlots',
    path: '/api/public/studio/{studioId}/private-lesson-instructors/{instructorId}/slots',
    scope: 'studio',
    query: ['from', 'durationMins'],
    windowed: true,
    cacheKey: (request) => `listPrivateLessonSlots|${request.params.instructorId!}|${fromKey(request.from)}|${fromKey(queryValue(request, 'durationMins'))}`,
    produce: async ({ catalog, addresses }, request) => {
      const durationMins = queryValue(request, 'durationMins');
      const slots = await catalog.privateLessonSlots(request.params.studioId!, request.params.instructorId!, request.from, durationMins);
      const body = cachedBody(Buffer.from(JSON.stringify(serializeSlots(slots, addresses.checkoutBaseUrl))), slots.validUntil);
      const links = windowLinks(addresses.publicBaseUrl, '/api/public/studio/{studioId}/private-lesson-instructors/{instructorId}/slots', request.params, slots.adjacent, {
        durationMins: typeof durationMins === 'string' ? durationMins : undefined,
      });
      return withAnswerHeaders(body, { headers: links });
    },
    serialize: asIs,
  }),
  defineEndpoint({
    operationId: 'listPrivateLessonQuestions',
    path: '/api/public/studio/{studioId}/private-lesson-questions',
    scope: 'studio',
    produce: ({ catalog }, { params }) => catalog.privateLessonQuestions(params.studioId!),
    serialize: each(serializeQuestion),
  }),
  defineEndpoint({
    operationId: 'getOpenApiDocument',
    path: '/api/public/openapi.json',
    scope: 'fixed',
    produce: async ({ openApiDocument }) => openApiDocument,
    serialize: toCachedBody,
  }),
];

/** A dance type named in a query, as its key (any case, any Unicode form); anything else as it is. */
function typeKey(value: string | string[] | undefined): string | string[] | undefined {
  return typeof value === 'string' ? danceTypeKey(value) : value;
}

/** The address of a studio's calendar feed, of one dance type or one instructor when given. */
export function calendarFeedUrl(publicBaseUrl: string, studioId: string, filter: { type?: string; instructor?: string } = {}): string {
  const query = Object.entries(filter)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `${publicBaseUrl}/api/public/studio/${encodeURIComponent(studioId)}/calendar.ics${query ? `?${query}` : ''}`;
}
