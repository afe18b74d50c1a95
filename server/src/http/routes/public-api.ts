import { Router, type Request, type RequestHandler } from 'express';
import type { PublicCatalog } from '../../domain/public-api/public-catalog';
import { todayIn } from '../../domain/time/zoned-time';
import { withDeadline } from '../../data/unavailable';
import { toCachedBody, type ResponseCache } from '../cache/response-cache';
import { sendCachedJson } from '../cache/send-cached';
import type { StudioStamps } from '../cache/studio-stamps';
import { serializeClass, serializeEvent } from '../serializers/occurrences';
import { serializePackage, serializePrivateLessonInstructor, serializeQuestion } from '../serializers/offers';
import { serializeInstructor, serializeUserProfile } from '../serializers/people';
import { serializeStudioProfile } from '../serializers/studio';

export interface PublicApiDependencies {
  catalog: PublicCatalog;
  cache: ResponseCache;
  stamps: StudioStamps;
  cacheMaxAgeSeconds: number;
  /** how long one request may wait for the database before it is answered 503 */
  storeTimeoutMs: number;
  now: () => number;
  openApiDocument: object;
}

/** Cache keys of user profiles start with this; any studio change drops them (a user belongs to one studio). */
export const USER_KEY_PREFIX = '~user|';

interface JsonEndpoint {
  /** the query-dependent part of the cache key */
  key(req: Request): string;
  /** true when the answer without `from` depends on today's date in the studio's zone */
  windowed?: boolean;
  produce(req: Request): Promise<unknown>;
}

/** The nine read-only endpoints of the contract (plus the OpenAPI document), mounted at /api/public. */
export function publicApiRouter(deps: PublicApiDependencies): Router {
  const router = Router();
  const { catalog } = deps;

  const studioEndpoint = (endpoint: JsonEndpoint): RequestHandler => async (req, res) => {
    const studioId = String(req.params.studioId);
    const stamp = deps.stamps.get(studioId);
    let key: string | undefined;
    if (stamp) {
      key = `${studioId}|${stamp.version}|${endpoint.key(req)}`;
      if (endpoint.windowed && !req.query.from) key += `|${todayIn(stamp.timezone, deps.now())}`;
      const hit = deps.cache.get(key);
      if (hit) return sendCachedJson(req, res, hit, deps.cacheMaxAgeSeconds);
    }
    const entry = toCachedBody(await withDeadline(endpoint.produce(req), deps.storeTimeoutMs));
    if (key) deps.cache.set(key, entry);
    sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
  };

  const fromKey = (req: Request) => (typeof req.query.from === 'string' ? req.query.from : JSON.stringify(req.query.from ?? ''));

  router.get(
    '/studio/:studioId/profile',
    studioEndpoint({ key: () => 'profile', produce: async (req) => serializeStudioProfile(await catalog.profile(String(req.params.studioId))) }),
  );
  router.get(
    '/studio/:studioId/instructors',
    studioEndpoint({ key: () => 'instructors', produce: async (req) => (await catalog.instructors(String(req.params.studioId))).map(serializeInstructor) }),
  );
  router.get(
    '/studio/:studioId/classes',
    studioEndpoint({
      key: (req) => `classes|${fromKey(req)}`,
      windowed: true,
      produce: async (req) => (await catalog.classes(String(req.params.studioId), req.query.from)).map(serializeClass),
    }),
  );
  router.get(
    '/studio/:studioId/classes/:typeName',
    studioEndpoint({
      key: (req) => `classes-of|${String(req.params.typeName).toLowerCase()}|${fromKey(req)}`,
      windowed: true,
      produce: async (req) => (await catalog.classes(String(req.params.studioId), req.query.from, String(req.params.typeName))).map(serializeClass),
    }),
  );
  router.get(
    '/studio/:studioId/events',
    studioEndpoint({
      key: (req) => `events|${fromKey(req)}`,
      windowed: true,
      produce: async (req) => (await catalog.events(String(req.params.studioId), req.query.from)).map(serializeEvent),
    }),
  );
  router.get(
    '/studio/:studioId/packages',
    studioEndpoint({ key: () => 'packages', produce: async (req) => (await catalog.packages(String(req.params.studioId))).map(serializePackage) }),
  );
  router.get(
    '/studio/:studioId/private-lesson-instructors',
    studioEndpoint({
      key: () => 'private-lesson-instructors',
      produce: async (req) => (await catalog.privateLessonInstructors(String(req.params.studioId))).map(serializePrivateLessonInstructor),
    }),
  );
  router.get(
    '/studio/:studioId/private-lesson-questions',
    studioEndpoint({
      key: () => 'private-lesson-questions',
      produce: async (req) => (await catalog.privateLessonQuestions(String(req.params.studioId))).map(serializeQuestion),
    }),
  );

  router.get('/user/:userId/profile', async (req, res) => {
    const key = `${USER_KEY_PREFIX}${String(req.params.userId)}`;
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
