import { Router, type Request, type RequestHandler } from 'express';
import type { PublicCatalog } from '../../domain/public-api/public-catalog';
import { withDeadline } from '../../data/unavailable';
import { cachedBody, toCachedBody, type CachedBody, type ResponseCache } from '../cache/response-cache';
import { sendCachedJson } from '../cache/send-cached';
import type { AnswerKeys, StudioAnswerName } from './answer-keys';
import { listingBody } from '../serializers/occurrences';
import { serializePackage, serializePrivateLessonInstructor, serializeQuestion } from '../serializers/offers';
import { serializeInstructor, serializeUserProfile } from '../serializers/people';
import { serializeStudioProfile } from '../serializers/studio';

export interface PublicApiDependencies {
  catalog: PublicCatalog;
  cache: ResponseCache;
  keys: AnswerKeys;
  cacheMaxAgeSeconds: number;
  /** how long one request may wait for the database before it is answered 503 */
  storeTimeoutMs: number;
  openApiDocument: object;
}

/** The nine read-only endpoints of the contract (plus the OpenAPI document), mounted at /api/public. */
export function publicApiRouter(deps: PublicApiDependencies): Router {
  const router = Router();
  const { catalog } = deps;

  /** Answers from the cache when it holds the answer, else produces it and caches it under the key the fast path looks up. */
  const studioEndpoint =
    (name: StudioAnswerName, produce: (req: Request) => Promise<CachedBody>): RequestHandler =>
    async (req, res) => {
      const key = deps.keys.studio(name, String(req.params.studioId), req.query.from, req.params.typeName === undefined ? undefined : String(req.params.typeName));
      const hit = key === undefined ? undefined : deps.cache.get(key);
      if (hit) return sendCachedJson(req, res, hit, deps.cacheMaxAgeSeconds);
      const entry = await withDeadline(produce(req), deps.storeTimeoutMs);
      if (key !== undefined) deps.cache.set(key, entry);
      sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
    };

  router.get(
    '/studio/:studioId/profile',
    studioEndpoint('profile', async (req) => toCachedBody(serializeStudioProfile(await catalog.profile(String(req.params.studioId))))),
  );
  router.get(
    '/studio/:studioId/instructors',
    studioEndpoint('instructors', async (req) => toCachedBody((await catalog.instructors(String(req.params.studioId))).map(serializeInstructor))),
  );
  router.get(
    '/studio/:studioId/classes',
    studioEndpoint('classes', async (req) => cachedBody(listingBody(await catalog.classes(String(req.params.studioId), req.query.from)))),
  );
  router.get(
    '/studio/:studioId/classes/:typeName',
    studioEndpoint('classes-of', async (req) => cachedBody(listingBody(await catalog.classes(String(req.params.studioId), req.query.from, String(req.params.typeName))))),
  );
  router.get(
    '/studio/:studioId/events',
    studioEndpoint('events', async (req) => cachedBody(listingBody(await catalog.events(String(req.params.studioId), req.query.from)))),
  );
  router.get(
    '/studio/:studioId/packages',
    studioEndpoint('packages', async (req) => toCachedBody((await catalog.packages(String(req.params.studioId))).map(serializePackage))),
  );
  router.get(
    '/studio/:studioId/private-lesson-instructors',
    studioEndpoint('private-lesson-instructors', async (req) => toCachedBody((await catalog.privateLessonInstructors(String(req.params.studioId))).map(serializePrivateLessonInstructor))),
  );
  router.get(
    '/studio/:studioId/private-lesson-questions',
    studioEndpoint('private-lesson-questions', async (req) => toCachedBody((await catalog.privateLessonQuestions(String(req.params.studioId))).map(serializeQuestion))),
  );

  router.get('/user/:userId/profile', async (req, res) => {
    const key = deps.keys.user(String(req.params.userId));
    const hit = deps.cache.get(key);
    if (hit) return sendCachedJson(req, res, hit, deps.cacheMaxAgeSeconds);
    const entry = toCachedBody(serializeUserProfile(await withDeadline(catalog.userProfile(String(req.params.userId)), deps.storeTimeoutMs)));
    deps.cache.set(key, entry);
    sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
  });

  const openApi = toCachedBody(deps.openApiDocument);
  router.get('/openapi.json', (req, res) => sendCachedJson(req, res, openApi, deps.cacheMaxAgeSeconds));

  return router;
}
