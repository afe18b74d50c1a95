/**
 * What a failed write means, for the writers that retry their transaction. Other failures, "the
 * database cannot be reached now" among them, are unavailable.ts's to judge.
 */

function errorFields(error: unknown): { code?: unknown; errno?: unknown } {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown; errno?: unknown }) : {};
}

/** A unique index refused the row: MySQL/MariaDB's ER_DUP_ENTRY (1062), or SQLite's UNIQUE / PRIMARY KEY constraint. */
export function isDuplicateKey(error: unknown): boolean {
  const { code } = errorFields(error);
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * InnoDB broke a deadlock by rolling this whole transaction back (ER_LOCK_DEADLOCK, errno 1213):
 * nothing of it was written, and running it again is safe and usually succeeds.
 *
 * Not a lock wait timeout (ER_LOCK_WAIT_TIMEOUT, 1205): that statement has already waited
 * innodb_lock_wait_timeout, InnoDB rolls back only the statement, and waiting as long again would
 * hang the request; it is reported as unavailable instead. SQLite never picks a victim: every
 * writer takes the write lock with its first statement, and a busy database is unavailable too.
 */
export function isDeadlockVictim(error: unknown): boolean {
  const { code, errno } = errorFields(error);
  return code === 'ER_LOCK_DEADLOCK' || errno === 1213;
}
