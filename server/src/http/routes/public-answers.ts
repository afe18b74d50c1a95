import type { PublicCatalog } from '../../domain/public-api/public-catalog';
import type { Listing } from '../../domain/public-api/reader';
import { cachedBody, toCachedBody, type CachedBody } from '../cache/response-cache';
import { listingBody } from '../serializers/occurrences';
import { serializePackage, serializePrivateLessonInstructor, serializeQuestion } from '../serializers/offers';
import { serializeInstructor, serializeUserProfile } from '../serializers/people';
import { serializeStudioProfile } from '../serializers/studio';
import type { AnswerAddress, StudioAnswerName } from './answer-keys';

/**
 * The public API's answers, produced from the use-cases and serialized once into cacheable bodies.
 * One definition for the router and for the fast path before Express (answer-fast-path.ts).
 */
export type ProduceAnswer = (address: AnswerAddress, from: unknown) => Promise<CachedBody>;

export function publicAnswers(catalog: PublicCatalog): ProduceAnswer {
  const studioAnswers: Record<StudioAnswerName, (studioId: string, from: unknown, typeName: string) => Promise<CachedBody>> = {
    profile: async (studioId) => toCachedBody(serializeStudioProfile(await catalog.profile(studioId))),
    instructors: async (studioId) => toCachedBody((await catalog.instructors(studioId)).map(serializeInstructor)),
    classes: async (studioId, from) => listingAnswer(await catalog.classes(studioId, from)),
    'classes-of': async (studioId, from, typeName) => listingAnswer(await catalog.classes(studioId, from, typeName)),
    events: async (studioId, from) => listingAnswer(await catalog.events(studioId, from)),
    packages: async (studioId) => toCachedBody((await catalog.packages(studioId)).map(serializePackage)),
    'private-lesson-instructors': async (studioId) => toCachedBody((await catalog.privateLessonInstructors(studioId)).map(serializePrivateLessonInstructor)),
    'private-lesson-questions': async (studioId) => toCachedBody((await catalog.privateLessonQuestions(studioId)).map(serializeQuestion)),
  };
  return async (address, from) =>
    address.kind === 'user' ? toCachedBody(serializeUserProfile(await catalog.userProfile(address.userId))) : studioAnswers[address.name](address.studioId, from, address.typeName ?? '');
}

/** A listing's body, cached until a waitlist it shows open closes. */
function listingAnswer(listing: Listing): CachedBody {
  return cachedBody(listingBody(listing), listing.validUntil);
}
