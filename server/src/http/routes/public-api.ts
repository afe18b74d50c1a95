import { Router, type Request, type RequestHandler } from 'express';
import { withDeadline } from '../../data/unavailable';
import { toCachedBody, type ResponseCache } from '../cache/response-cache';
import { sendCachedJson } from '../cache/send-cached';
import { keyOfAddress, type AnswerAddress, type AnswerKeys, type StudioAnswerName } from './answer-keys';
import type { ProduceAnswer } from './public-answers';

export interface PublicApiDependencies {
  produce: ProduceAnswer;
  cache: ResponseCache;
  keys: AnswerKeys;
  cacheMaxAgeSeconds: number;
  /** how long one request may wait for the database before it is answered 503 */
  storeTimeoutMs: number;
  openApiDocument: object;
}

/**
 * The nine read-only endpoints of the contract (plus the OpenAPI document), mounted at /api/public.
 * Requests spelled the usual way are answered before Express (answer-fast-path.ts); these routes
 * answer the rest (other spellings, and every request when a proxy is trusted) the same way.
 */
export function publicApiRouter(deps: PublicApiDependencies): Router {
  const router = Router();

  /** Answers from the cache when it holds the answer, else produces it and caches it under its key. */
  const endpoint =
    (addressOf: (req: Request) => AnswerAddress): RequestHandler =>
    async (req, res) => {
      const address = addressOf(req);
      const key = keyOfAddress(deps.keys, address, req.query.from);
      const hit = key === undefined ? undefined : deps.cache.get(key);
      if (hit) return sendCachedJson(req, res, hit, deps.cacheMaxAgeSeconds);
      const entry = await withDeadline(deps.produce(address, req.query.from), deps.storeTimeoutMs);
      if (key !== undefined) deps.cache.set(key, entry);
      sendCachedJson(req, res, entry, deps.cacheMaxAgeSeconds);
    };
  const studio = (name: StudioAnswerName) =>
    endpoint((req) => ({ kind: 'studio', name, studioId: String(req.params.studioId), typeName: req.params.typeName === undefined ? undefined : String(req.params.typeName) }));

  router.get('/studio/:studioId/profile', studio('profile'));
  router.get('/studio/:studioId/instructors', studio('instructors'));
  router.get('/studio/:studioId/classes', studio('classes'));
  router.get('/studio/:studioId/classes/:typeName', studio('classes-of'));
  router.get('/studio/:studioId/events', studio('events'));
  router.get('/studio/:studioId/packages', studio('packages'));
  router.get('/studio/:studioId/private-lesson-instructors', studio('private-lesson-instructors'));
  router.get('/studio/:studioId/private-lesson-questions', studio('private-lesson-questions'));
  router.get('/user/:userId/profile', endpoint((req) => ({ kind: 'user', userId: String(req.params.userId) })));

  const openApi = toCachedBody(deps.openApiDocument);
  router.get('/openapi.json', (req, res) => sendCachedJson(req, res, openApi, deps.cacheMaxAgeSeconds));

  return router;
}
