import { StoreUnavailableError } from '../domain/errors';

/** Error codes meaning "the database cannot be reached now", as opposed to a bug in a query. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
  'ER_LOCK_WAIT_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

export function isUnreachableError(error: unknown): boolean {
  return isUnreachableAt(error, 0);
}

function isUnreachableAt(error: unknown, depth: number): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, fatal, message, cause } = error as { code?: unknown; fatal?: unknown; message?: unknown; cause?: unknown };
  if (fatal === true) return true;
  // An error that says what failed (a migration) keeps why as its cause.
  if (cause !== undefined && depth < 4 && isUnreachableAt(cause, depth + 1)) return true;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_IOERR'))) return true;
  // mysql2's pool reports a closed pool and a connect timeout with these messages only.
  return typeof message === 'string' && /Pool is closed|connect ETIMEDOUT|Connection lost/.test(message);
}

/**
 * Wraps every method of a data-layer object so that "cannot reach the database" becomes the
 * domain's StoreUnavailableError (a 503), while real bugs stay errors (a 500).
 */
export function mapUnreachable<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(object, args);
        } catch (error) {
          if (isUnreachableError(error)) throw new StoreUnavailableError(error);
          throw error;
        }
      };
    },
  });
}
