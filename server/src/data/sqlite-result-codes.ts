/**
 * SQLite's result codes by name (https://sqlite.org/rescode.html), as better-sqlite3 names them in
 * its errors' `code`: `SQLITE_CONSTRAINT_UNIQUE` for 2067. node:sqlite gives the number only
 * (`errcode`); the code that tells a duplicate key or a busy database from a bug reads the name.
 */

/** Primary result codes: the low byte of every result code. */
const PRIMARY = [
  'OK', 'ERROR', 'INTERNAL', 'PERM', 'ABORT', 'BUSY', 'LOCKED', 'NOMEM', 'READONLY', 'INTERRUPT',
  'IOERR', 'CORRUPT', 'NOTFOUND', 'FULL', 'CANTOPEN', 'PROTOCOL', 'EMPTY', 'SCHEMA', 'TOOBIG', 'CONSTRAINT',
  'MISMATCH', 'MISUSE', 'NOLFS', 'AUTH', 'FORMAT', 'RANGE', 'NOTADB', 'NOTICE', 'WARNING',
] as const;

/** Extended result codes of each primary one: the entry at index n - 1 is the code `primary | (n << 8)`. */
const EXTENDED: Partial<Record<(typeof PRIMARY)[number], readonly (string | null)[]>> = {
  OK: ['LOAD_PERMANENTLY', 'SYMLINK'],
  ERROR: ['MISSING_COLLSEQ', 'RETRY', 'SNAPSHOT', 'RESERVESIZE', 'KEY', 'UNABLE'],
  ABORT: [null, 'ROLLBACK'],
  BUSY: ['RECOVERY', 'SNAPSHOT', 'TIMEOUT'],
  LOCKED: ['SHAREDCACHE', 'VTAB'],
  READONLY: ['RECOVERY', 'CANTLOCK', 'ROLLBACK', 'DBMOVED', 'CANTINIT', 'DIRECTORY'],
  IOERR: [
    'READ', 'SHORT_READ', 'WRITE', 'FSYNC', 'DIR_FSYNC', 'TRUNCATE', 'FSTAT', 'UNLOCK', 'RDLOCK', 'DELETE',
    'BLOCKED', 'NOMEM', 'ACCESS', 'CHECKRESERVEDLOCK', 'LOCK', 'CLOSE', 'DIR_CLOSE', 'SHMOPEN', 'SHMSIZE', 'SHMLOCK',
    'SHMMAP', 'SEEK', 'DELETE_NOENT', 'MMAP', 'GETTEMPPATH', 'CONVPATH', 'VNODE', 'AUTH', 'BEGIN_ATOMIC', 'COMMIT_ATOMIC',
    'ROLLBACK_ATOMIC', 'DATA', 'CORRUPTFS', 'IN_PAGE', 'BADKEY', 'CODEC',
  ],
  CORRUPT: ['VTAB', 'SEQUENCE', 'INDEX'],
  CANTOPEN: ['NOTEMPDIR', 'ISDIR', 'FULLPATH', 'CONVPATH', 'DIRTYWAL', 'SYMLINK'],
  CONSTRAINT: ['CHECK', 'COMMITHOOK', 'FOREIGNKEY', 'FUNCTION', 'NOTNULL', 'PRIMARYKEY', 'TRIGGER', 'UNIQUE', 'VTAB', 'ROWID', 'PINNED', 'DATATYPE'],
  NOTICE: ['RECOVER_WAL', 'RECOVER_ROLLBACK', 'RBU'],
  WARNING: ['AUTOINDEX'],
  AUTH: ['USER'],
};

/**
 * The name of a result code: `SQLITE_CONSTRAINT_PRIMARYKEY` for 1555, `SQLITE_BUSY` for 5. An
 * extended code this table does not know (a newer SQLite's) is named by its primary code, so that
 * the checks by family (`SQLITE_BUSY…`, `SQLITE_IOERR…`) still hold; an unknown primary code is
 * named as better-sqlite3 names it.
 */
export function sqliteResultCodeName(code: number): string {
  const primary = PRIMARY[code & 0xff];
  if (primary === undefined) return `UNKNOWN_SQLITE_ERROR_${code}`;
  const suffix = code > 0xff ? EXTENDED[primary]?.[(code >> 8) - 1] : undefined;
  return suffix ? `SQLITE_${primary}_${suffix}` : `SQLITE_${primary}`;
}
