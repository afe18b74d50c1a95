import { toCachedBody, type CachedBody } from '../cache/response-cache';
import { listingAnswer } from '../listing/listing-answer';
import { serializePackage, serializePrivateLessonInstructor, serializeQuestion } from '../serializers/offers';
import { serializeInstructor, serializeUserProfile } from '../serializers/people';
import { serializeStudioProfile } from '../serializers/studio';
import { defineEndpoint, fromKey, type Endpoint } from './endpoint';

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
    serialize: each(serializeInstructor),
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
    produce: async ({ catalog, listings }, { params, from }) => listingAnswer(listings, await catalog.classes(params.studioId!, from)),
    serialize: asIs,
  }),
  defineEndpoint({
    operationId: 'listClassesByType',
    path: '/api/public/studio/{studioId}/classes/{typeName}',
    scope: 'studio',
    query: ['from'],
    windowed: true,
    // Type names match whatever their case: so do their keys.
    cacheKey: ({ params, from }) => `listClassesByType|${params.typeName!.toLowerCase()}|${fromKey(from)}`,
    produce: async ({ catalog, listings }, { params, from }) => listingAnswer(listings, await catalog.classes(params.studioId!, from, params.typeName!)),
    serialize: asIs,
  }),
  defineEndpoint({
    operationId: 'listEvents',
    path: '/api/public/studio/{studioId}/events',
    scope: 'studio',
    query: ['from'],
    windowed: true,
    produce: async ({ catalog, listings }, { params, from }) => listingAnswer(listings, await catalog.events(params.studioId!, from)),
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
