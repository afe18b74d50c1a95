import { todayIn } from '../../domain/time/zoned-time';
import type { StudioStamps } from '../cache/studio-stamps';
import type { Route } from './url-routes';

/** Cache keys of user profiles start with this; any studio change drops them (a user belongs to one studio). */
export const USER_KEY_PREFIX = '~user|';

/** Cache keys of a studio's answers that show only its catalog start with this: an import drops them, a booking does not. */
export function catalogKeyPrefix(studioId: string): string {
  return `~catalog|${studioId}|`;
}

/**
 * The key an answer is cached under; undefined while its studio is unknown (nothing is cached then).
 * Studio keys carry the studio's change counter, so a changed studio simply stops matching its old
 * entries; catalog keys carry its catalog version instead, which bookings do not move; both, for
 * windowed answers without `from`, today's date in the studio's zone.
 */
export function cacheKeyOf(stamps: StudioStamps, now: () => number): (route: Route) => string | undefined {
  return ({ endpoint, request, ownKey }) => {
    if (endpoint.scope === 'user') return `${USER_KEY_PREFIX}${request.params.userId}`;
    // Named by a global id (a class's): kept with the users' answers, which any studio's change drops.
    if (endpoint.scope === 'any-studio') return `${USER_KEY_PREFIX}${ownKey}`;
    if (endpoint.scope === 'fixed') return `~fixed|${endpoint.operationId}`;
    const studioId = request.params.studioId as string;
    const stamp = stamps.get(studioId);
    if (!stamp) return undefined;
    const key = endpoint.scope === 'catalog' ? `${catalogKeyPrefix(studioId)}${stamp.catalogVersion}|${ownKey}` : `${studioId}|${stamp.version}|${ownKey}`;
    return endpoint.windowed && !request.from ? `${key}|${todayIn(stamp.timezone, now())}` : key;
  };
}
