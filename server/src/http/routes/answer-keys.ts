import { todayIn } from '../../domain/time/zoned-time';
import type { StudioStamps } from '../cache/studio-stamps';

/**
 * Cache keys of the public API's answers: one definition for the router, which stores answers under
 * them, and for the answer fast path, which looks them up before any routing.
 */

/** Cache keys of user profiles start with this; any studio change drops them (a user belongs to one studio). */
export const USER_KEY_PREFIX = '~user|';

export interface StudioAnswer {
  /** the query-dependent part of the key */
  key(from: unknown, typeName: string): string;
  /** true when the answer without `from` depends on today's date in the studio's zone */
  windowed: boolean;
}

const fromKey = (from: unknown) => (typeof from === 'string' ? from : JSON.stringify(from ?? ''));
const fixed = (name: string): StudioAnswer => ({ key: () => name, windowed: false });

/** The studio endpoints by their last path segment (`classes-of` is `classes/{typeName}`). */
export const STUDIO_ANSWERS = {
  profile: fixed('profile'),
  instructors: fixed('instructors'),
  classes: { key: (from) => `classes|${fromKey(from)}`, windowed: true },
  'classes-of': { key: (from, typeName) => `classes-of|${typeName.toLowerCase()}|${fromKey(from)}`, windowed: true },
  events: { key: (from) => `events|${fromKey(from)}`, windowed: true },
  packages: fixed('packages'),
  'private-lesson-instructors': fixed('private-lesson-instructors'),
  'private-lesson-questions': fixed('private-lesson-questions'),
} satisfies Record<string, StudioAnswer>;

export type StudioAnswerName = keyof typeof STUDIO_ANSWERS;

export interface AnswerKeys {
  /** the key of a studio endpoint's answer; undefined while the studio is unknown (nothing is cached then) */
  studio(name: StudioAnswerName, studioId: string, from: unknown, typeName?: string): string | undefined;
  user(userId: string): string;
}

/**
 * Keys carry the studio's change counter, so a changed studio simply stops matching its old
 * entries, and, for windowed answers without `from`, today's date in the studio's zone.
 */
export function answerKeys(stamps: StudioStamps, now: () => number): AnswerKeys {
  return {
    studio(name, studioId, from, typeName = '') {
      const stamp = stamps.get(studioId);
      if (!stamp) return undefined;
      const answer: StudioAnswer = STUDIO_ANSWERS[name];
      const key = `${studioId}|${stamp.version}|${answer.key(from, typeName)}`;
      return answer.windowed && !from ? `${key}|${todayIn(stamp.timezone, now())}` : key;
    },
    user: (userId) => `${USER_KEY_PREFIX}${userId}`,
  };
}

const STUDIO_PATH = /^\/api\/public\/studio\/([^/]+)\/([a-z-]+)(?:\/([^/]+))?$/;
const USER_PATH = /^\/api\/public\/user\/([^/]+)\/profile$/;

/** Which answer a path names: a studio endpoint (with its dance type for `classes/{typeName}`), or a user profile. */
export type AnswerAddress = { kind: 'studio'; name: StudioAnswerName; studioId: string; typeName?: string } | { kind: 'user'; userId: string };

/**
 * The answer at `pathname`, for paths spelled the usual way; undefined for anything else (other
 * spellings, such as upper case or a trailing slash, are still answered, by the router).
 */
export function answerAddressOf(pathname: string): AnswerAddress | undefined {
  const studio = STUDIO_PATH.exec(pathname);
  if (studio) {
    const [, rawStudioId, segment, rawTypeName] = studio as unknown as [string, string, string, string | undefined];
    const studioId = decodeSegment(rawStudioId);
    if (studioId === undefined) return undefined;
    if (rawTypeName !== undefined) {
      const typeName = segment === 'classes' ? decodeSegment(rawTypeName) : undefined;
      return typeName === undefined ? undefined : { kind: 'studio', name: 'classes-of', studioId, typeName };
    }
    return segment !== 'classes-of' && Object.hasOwn(STUDIO_ANSWERS, segment) ? { kind: 'studio', name: segment as StudioAnswerName, studioId } : undefined;
  }
  const user = USER_PATH.exec(pathname);
  const userId = user ? decodeSegment(user[1] as string) : undefined;
  return userId === undefined ? undefined : { kind: 'user', userId };
}

/** The key the router stores the addressed answer under; undefined while the studio is unknown. */
export function keyOfAddress(keys: AnswerKeys, address: AnswerAddress, from: unknown): string | undefined {
  return address.kind === 'user' ? keys.user(address.userId) : keys.studio(address.name, address.studioId, from, address.typeName);
}

/** A path segment decoded as the router decodes parameters; undefined when it is not validly encoded. */
function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
