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
 * A route (url-routes.ts: one per distinct URL, shared by its requests) keeps the key last made for
 * it, reused while the counter and the day are the same (always, for keys of no studio), so a cache
 * hit builds no string: a new one is joined, then flattened and hashed again for the cache's lookup,
 * about 4k of a small hit's 105k instructions (counted with callgrind: bench/README.md).
 */
export function cacheKeyOf(stamps: StudioStamps, now: () => number): (route: Route) => string | undefined {
  return (route) => {
    const { endpoint, request } = route;
    if (endpoint.scope === 'user' || endpoint.scope === 'any-studio' || endpoint.scope === 'fixed') return keyOf(route, 0, '');
    const stamp = stamps.get(request.params.studioId as string);
    if (!stamp) return undefined;
    const counter = endpoint.scope === 'catalog' ? stamp.catalogVersion : stamp.version;
    return keyOf(route, counter, endpoint.windowed && !request.from ? todayIn(stamp.timezone, now()) : '');
  };

  function keyOf(route: Route, counter: number, day: string): string {
    const last = route.keyMade;
    if (last !== undefined && last.counter === counter && last.day === day) return last.key;
    const key = keyFrom(route, counter, day);
    route.keyMade = { counter, day, key };
    return key;
  }
}

function keyFrom({ endpoint, request, ownKey }: Route, counter: number, day: string): string {
  switch (endpoint.scope) {
    case 'user':
      return `${USER_KEY_PREFIX}${request.params.userId}`;
    case 'any-studio':
      // Named by a global id (a class's): kept with the users' answers, which any studio's change drops.
      return `${USER_KEY_PREFIX}${ownKey}`;
    case 'fixed':
      return `~fixed|${endpoint.operationId}`;
    default: {
      const studioId = request.params.studioId as string;
      const key = `${endpoint.scope === 'catalog' ? catalogKeyPrefix(studioId) : `${studioId}|`}${counter}|${ownKey}`;
      return day === '' ? key : `${key}|${day}`;
    }
  }
}
