import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Studio keys (studio-api.md): `sdk_` and 32 random bytes in base64url, shown once when made. Only
 * the key's SHA-256 is kept, so a copy of the database holds no usable key; a presented key is
 * hashed and its stored hash found, then the two hashes are compared in constant time.
 */

export const STUDIO_KEY_PREFIX = 'sdk_';
const STUDIO_KEY_PATTERN = /^sdk_[A-Za-z0-9_-]{43}$/;
/** How much of a key is kept readable, to tell keys apart in a list: the prefix and four characters. */
const HINT_LENGTH = STUDIO_KEY_PREFIX.length + 4;

export interface NewStudioKey {
  /** `key_` and 12 random characters: names the key in lists and in `revoke` */
  id: string;
  /** the key itself: shown once, never stored */
  key: string;
  hash: string;
  hint: string;
}

export function newStudioKey(): NewStudioKey {
  const key = `${STUDIO_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { id: `key_${randomBytes(9).toString('base64url')}`, key, hash: hashStudioKey(key), hint: key.slice(0, HINT_LENGTH) };
}

/** Hex SHA-256 of the key as sent. */
export function hashStudioKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether the text has a studio key's shape (anything else is refused without a database read). */
export function isStudioKeyShaped(text: string): boolean {
  return STUDIO_KEY_PATTERN.test(text);
}

/** Whether a text holds something shaped like a studio key (a query string, a log line). */
export function containsStudioKey(text: string): boolean {
  return text.includes(STUDIO_KEY_PREFIX) && /sdk_[A-Za-z0-9_-]{20,}/.test(text);
}

/** Constant-time equality of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
