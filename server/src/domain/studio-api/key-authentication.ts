import type { StudioKeyStore } from './ports';
import { hashStudioKey, isStudioKeyShaped, sameHash } from './studio-keys';

/**
 * Who is calling the studio API: the studio of a valid, unrevoked key, or nobody. The key's last use
 * is written at most once a minute per key (per process), so a busy integration does not turn every
 * read into a write.
 */

export interface AuthenticatedKey {
  keyId: string;
  studioId: string;
}

export interface KeyAuthenticatorDeps {
  keys: Pick<StudioKeyStore, 'findByHash' | 'touch'>;
  now: () => number;
  /** a failed write of the last use is only worth a log line */
  onTouchError: (error: unknown) => void;
}

const TOUCH_INTERVAL_MS = 60_000;
/** More keys than this in one process's memory of last writes: the memory starts afresh (a few extra writes). */
const TOUCHES_REMEMBERED = 10_000;

export function createKeyAuthenticator({ keys, now, onTouchError }: KeyAuthenticatorDeps) {
  const lastTouched = new Map<string, number>();

  function recordUse(keyId: string): void {
    const at = now();
    const before = lastTouched.get(keyId);
    if (before !== undefined && at - before < TOUCH_INTERVAL_MS) return;
    if (lastTouched.size >= TOUCHES_REMEMBERED) lastTouched.clear();
    lastTouched.set(keyId, at);
    keys.touch(keyId, at).catch(onTouchError);
  }

  return {
    /** The key's studio, or null for a key that is unknown, revoked or not even shaped like one. */
    async authenticate(presented: string): Promise<AuthenticatedKey | null> {
      if (!isStudioKeyShaped(presented)) return null;
      const hash = hashStudioKey(presented);
      const found = await keys.findByHash(hash);
      // The database found the row by its hash; the hashes are compared again in constant time.
      if (!found || !sameHash(found.hash, hash) || found.revokedAt !== null) return null;
      recordUse(found.id);
      return { keyId: found.id, studioId: found.studioId };
    },
  };
}

export type KeyAuthenticator = ReturnType<typeof createKeyAuthenticator>;
