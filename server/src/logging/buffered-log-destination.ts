import fs from 'node:fs';

/** How many bytes of lines are gathered before they are written: a write per few hundred request lines. */
export const LOG_BUFFER_BYTES = 64 * 1024;
/** How long the process sleeps before writing again to a destination that is full (a pipe whose reader is behind), as pino's own destination does. */
const BUSY_RETRY_MS = 100;

/** Writes some of `bytes` from `offset` on, synchronously; answers how many were written. */
export type WriteSome = (bytes: Buffer, offset: number, length: number) => number;

/**
 * A pino destination for a server's log lines: the lines are encoded into one buffer, allocated once
 * and reused, and written out in a single synchronous write when it is full, at least every
 * `flushEveryMs` (so a quiet server's lines are read then, not at its exit), on `flush` (pino's
 * `logger.flush`, at shutdown) and when the process exits. Nothing is lost but on a hard kill.
 *
 * Why not pino's own batching (`pino.destination({ minLength })`, sonic-boom): it gathers the lines in
 * a growing string that it measures again on every line and then copies to write, and the lines
 * waiting in it live through the young-generation collections. Measured in interleaved rounds on the
 * API's cached answers, that cost about 2 µs of CPU per answer of about 21 more than this does; a
 * 64 KB buffer did as well as 256 KB and better than 4 KB. Here a line costs one copy into the
 * buffer and dies young.
 */
export class BufferedLogDestination {
  private buffer: Buffer | null = null;
  private used = 0;
  /** whether a line came since the last periodic flush: a buffer idle for a whole period is given back */
  private active = false;
  private broken = false;

  constructor(
    private readonly writeSome: WriteSome,
    private readonly size = LOG_BUFFER_BYTES,
    flushEveryMs = 1000,
  ) {
    setInterval(() => this.flushPeriodically(), flushEveryMs).unref();
    flushAtExit.add(this);
  }

  /** What pino calls with each line (JSON and a newline). */
  write(line: string): boolean {
    this.active = true;
    // A UTF-16 code unit never takes more than 3 bytes in UTF-8.
    const longest = line.length * 3;
    if (longest > this.size) {
      this.flushSync();
      this.writeAll(Buffer.from(line));
      return true;
    }
    if (this.buffer === null) this.buffer = Buffer.allocUnsafe(this.size);
    else if (this.used + longest > this.size) this.flushSync();
    this.used += this.buffer.write(line, this.used);
    return true;
  }

  /** pino's `logger.flush(callback)`: writes what is gathered, then calls back. */
  flush(callback?: (error?: Error) => void): void {
    try {
      this.flushSync();
    } catch (error) {
      callback?.(error as Error);
      return;
    }
    callback?.();
  }

  flushSync(): void {
    if (this.used === 0 || this.buffer === null) return;
    const gathered = this.buffer.subarray(0, this.used);
    this.used = 0;
    this.writeAll(gathered);
  }

  private flushPeriodically(): void {
    this.flushSync();
    if (!this.active) this.buffer = null;
    this.active = false;
  }

  /**
   * Writes every byte, synchronously (the buffer is reused at once): a destination that is full for
   * now (EAGAIN) is waited for; one that is gone (EPIPE: nobody reads standard output any more) takes
   * no more lines, and the server goes on. Any other failure is thrown, as pino's destination does.
   */
  private writeAll(bytes: Buffer): void {
    let offset = 0;
    while (!this.broken && offset < bytes.length) {
      try {
        offset += this.writeSome(bytes, offset, bytes.length - offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN' || code === 'EBUSY') sleep(BUSY_RETRY_MS);
        else if (code === 'EPIPE') this.broken = true;
        else throw error;
      }
    }
  }
}

/** A destination writing to a file descriptor (1: standard output). */
export function bufferedFileDestination(fd: number, flushEveryMs: number): BufferedLogDestination {
  return new BufferedLogDestination((bytes, offset, length) => fs.writeSync(fd, bytes, offset, length), LOG_BUFFER_BYTES, flushEveryMs);
}

/** Every destination made in this process: what each has gathered is written when the process exits, even on an uncaught error. */
const flushAtExit = new Set<BufferedLogDestination>();
process.once('exit', () => {
  for (const destination of flushAtExit) {
    try {
      destination.flushSync();
    } catch {
      // Exiting anyway: a destination that fails now cannot be reported anywhere.
    }
  }
});

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
