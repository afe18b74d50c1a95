/**
 * Rows written in batches, each INSERT small enough for any database: at most `maxRows` rows (the
 * placeholder limits: MySQL 65,535, SQLite 32,766) and about STATEMENT_BYTES of values, well under
 * MariaDB's default max_allowed_packet (16 MB; MySQL 8's is 64 MB). A statement over the server's
 * packet limit is refused and its connection closed, after which every statement, the rollback too,
 * fails with "Can't add new command when connection is in closed state", which names nothing:
 * `refusalOf` says what happened instead.
 */

export const STATEMENT_BYTES = 4 * 1024 * 1024;

/** A row's size in a statement, over-estimated: text as up to 3 bytes a character, bytes as hex (2 a byte), numbers as 20. */
export function rowBytes(row: object): number {
  let bytes = 16;
  for (const value of Object.values(row)) {
    if (typeof value === 'string') bytes += value.length * 3 + 2;
    else if (value instanceof Uint8Array) bytes += value.length * 2 + 3;
    else bytes += 20;
  }
  return bytes;
}

/** The rows in consecutive batches of at most `maxRows` rows and about `maxBytes` (a larger row goes alone). */
export function* statementBatches<Row extends object>(rows: readonly Row[], maxRows: number, maxBytes = STATEMENT_BYTES): Generator<Row[]> {
  let batch: Row[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = rowBytes(row);
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > maxBytes)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

/** The database refused what an import wrote; the message names the cause and what to do. */
export class DatabaseRefusedError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'DatabaseRefusedError';
  }
}

/**
 * A database's refusal of a write, as a DatabaseRefusedError naming the cause, or null for any other
 * failure. `what` names what was being written ("the occurrences", with the statement's size).
 */
export function refusalOf(error: unknown, what: string): DatabaseRefusedError | null {
  if (error instanceof DatabaseRefusedError) return error;
  const { code, errno, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; errno?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (code === 'ER_NET_PACKET_TOO_LARGE' || errno === 1153 || /max_allowed_packet/i.test(text)) {
    return new DatabaseRefusedError(
      `The database refused ${what}: the statement is larger than its max_allowed_packet. Nothing was imported. Raise max_allowed_packet (for example SET GLOBAL max_allowed_packet = 67108864) and import again.`,
      { cause: error },
    );
  }
  if (code === 'ER_DATA_TOO_LONG' || errno === 1406 || code === 'ER_TOO_BIG_ROWSIZE' || errno === 1118) {
    return new DatabaseRefusedError(`The database refused ${what}: ${text || 'a value is longer than its column'}. Nothing was imported.`, { cause: error });
  }
  if (code === 'PROTOCOL_CONNECTION_LOST' || code === 'ECONNRESET' || /connection is in closed state/i.test(text)) {
    return new DatabaseRefusedError(
      `The database closed the connection while ${what} was written (a statement over its max_allowed_packet closes it, and so does a server restart). Nothing was imported.`,
      { cause: error },
    );
  }
  return null;
}
