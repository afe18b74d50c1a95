import { LRUCache } from 'lru-cache';
import type { PublicCatalogReader, StudioProfileView } from '../domain/public-api/reader';

/** Studios kept in memory at most (a studio with its dance types is a few KB). */
const STUDIOS_REMEMBERED = 2000;
/** Ids found to name no studio, kept at most: apart from the studios, so that asking for many unknown ids evicts no known studio. */
const UNKNOWN_IDS_REMEMBERED = 1000;

/**
 * The public API's reader, with each studio (profile and dance types) kept in memory for as long as
 * its catalog version stays the same (only imports change a studio's profile and dance types, not bookings). Every endpoint starts by reading the studio (its time zone and
 * dance types decide the answer), and a round trip to the database costs about as much as the small
 * listings themselves (bench/last-results.md).
 *
 * `currentVersion` is the studio's catalog version as the server last saw it (the same poll that
 * keys the response cache), so a re-imported studio is read again within one poll, as cached
 * answers are. A studio read while its counter was N is at least as new as N: it is kept under N.
 *
 * An id that names no studio is remembered too, for as long as the poll sees no studio of that id: a
 * site or app left asking for a studio that is gone (or not imported yet) is answered its 404
 * without a query each time, and a studio imported meanwhile is found within one poll, as a
 * re-imported one is.
 */
export function rememberStudios(reader: PublicCatalogReader, currentVersion: (studioId: string) => number | undefined): PublicCatalogReader {
  const remembered = new LRUCache<string, { version: number; studio: StudioProfileView }>({ max: STUDIOS_REMEMBERED });
  const unknown = new LRUCache<string, true>({ max: UNKNOWN_IDS_REMEMBERED });
  return {
    ...reader,
    async findStudio(studioId) {
      const version = currentVersion(studioId);
      if (version === undefined) {
        if (unknown.has(studioId)) return null;
      } else {
        const known = remembered.get(studioId);
        if (known && known.version === version) return known.studio;
      }
      const studio = await reader.findStudio(studioId);
      if (version === undefined) {
        // Not seen by the poll: no studio yet, or one imported since, which the next poll will see.
        if (!studio) unknown.set(studioId, true);
      } else if (studio) {
        remembered.set(studioId, { version, studio });
      }
      return studio;
    },
  };
}
