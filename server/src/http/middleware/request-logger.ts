import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Express, Request } from 'express';
import pino, { type Logger } from 'pino';
import { loggedUrl } from './logged-url';
import { newRequestId } from './request-ids';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const INFO = 30;

declare module 'http' {
  interface IncomingMessage {
    /** this request's id, also in its `X-Request-Id` answer header */
    id?: string;
    /** a logger whose lines carry this request's id */
    log?: Logger;
  }
}

/**
 * Starts logging a request: one structured JSON line (`request completed`, with the request id,
 * method, URL, status and duration), written when the response finishes. Answers the request's id:
 * the caller's `X-Request-Id` when it is a sane token, a new UUID otherwise; the caller echoes it in
 * the response (app.ts). The request gets it as `req.id`, for `req.log` (provideRequestLog).
 */
export type RequestLogStart = (req: IncomingMessage, res: ServerResponse) => string;

/** A request's line, opened and not written yet (RequestLog.open). */
export interface OpenedLine {
  /** the request's id, as for RequestLogStart */
  readonly id: string;
}

/** The server's request log: every request's line, and the count of the cache hits beyond the per-second budget. */
export interface RequestLog {
  /** Starts a request's line, written when its response finishes (open, then follow). */
  start: RequestLogStart;
  /**
   * Starts a request's line as start does but does not wait for the response to finish: the caller
   * holds the line, then says the request was a cache hit sent at once (cacheHitSent) or waits for
   * it (follow). The API's handler does, so that a cache hit, sent and done before the handler
   * returns, adds no `finish` listener for Node to copy and call (about 400 instructions a hit, by
   * callgrind's call graph: bench/README.md), and its request and response get no
   * property of ours: Node's own code then reads the same shapes of them as in any node:http server.
   */
  open(req: IncomingMessage): OpenedLine;
  /**
   * Says that an opened request was answered from the API's cache with `statusCode`: when its line
   * is not waited for (follow) it is written now, the hit being sent; otherwise when the response
   * finishes. Within the budget of cache hits logged each second it gets its line as any request;
   * past it, it is counted instead, and the count is logged once, when that second ends.
   */
  cacheHitSent(line: OpenedLine, statusCode: number): void;
  /** Writes an opened request's line when its response finishes, unless it is written already (cacheHitSent). */
  follow(line: OpenedLine, res: ServerResponse): void;
  /** Logs the cache hits counted and not yet told of (at shutdown: the timer that would do it is not waited for). */
  flush(): void;
}

export interface RequestLogOptions {
  /**
   * Cache hits logged one by one in a second (LOG_CACHE_HITS_PER_SECOND); those past it are counted
   * into one `cache hits counted` line. Infinity: every hit has its line.
   */
  cacheHitLinesPerSecond?: number;
  /** a monotonic clock in ms (performance.now), for the durations and the budget's seconds */
  clock?: () => number;
}

/** What a request's line needs when its response finishes (held by its `finish` listener when it is waited for). */
interface PendingLine extends OpenedLine {
  method: string | undefined;
  /** as asked: its secrets (studio keys, booking tokens, search words) are redacted when the line is written */
  url: string;
  /** when the response began to be waited for (follow): a cache hit sent at once has no duration to count */
  started: number;
  /** answered from the API's cache (cacheHitSent): its line counts against the per-second budget */
  cacheHit: boolean;
  /** what is left to do: wait for the response to finish (follow), or nothing (the line is written) */
  state: 'open' | 'followed' | 'written';
}

const SECOND_MS = 1000;

/**
 * The budget of cache-hit lines: `linesPerSecond` of them each second, the rest counted by status and
 * told in one line when the second ends (by a timer, so a burst's count is not held until the next
 * request). A cache hit is the same bytes sent again: past a few a second, its own line tells an
 * operator nothing a count does not, and writing one cost more than the rest of the hit's own work
 * (bench/last-results.md). Every other request keeps its line.
 * A second starts with the first hit after the last one ended and is ended by its timer, so a hit
 * reads no clock: the clock is read once a second, for the count's line.
 */
function cacheHitBudget(linesPerSecond: number, clock: () => number, tell: (count: number, statusCodes: Record<string, number>, since: number) => void) {
  let second: NodeJS.Timeout | undefined;
  let linesLeft = linesPerSecond;
  let counted = 0;
  let countedSince = 0;
  // Cache hits are 200 or 304: counted in variables of their own, not by a keyed store per hit.
  let ok = 0;
  let notModified = 0;
  let others: Record<string, number> = {};
  const flush = () => {
    if (counted === 0) return;
    const [count, statusCodes] = [counted, { ...(ok > 0 && { 200: ok }), ...(notModified > 0 && { 304: notModified }), ...others }];
    counted = ok = notModified = 0;
    others = {};
    tell(count, statusCodes, countedSince);
  };
  const endSecond = () => {
    second = undefined;
    linesLeft = linesPerSecond;
    flush();
  };
  return {
    flush,
    /** True when this hit may have its own line; false when it was counted instead. */
    admit(statusCode: number): boolean {
      if (second === undefined) second = setTimeout(endSecond, SECOND_MS).unref();
      if (linesLeft > 0) {
        linesLeft -= 1;
        return true;
      }
      if (counted === 0) countedSince = clock();
      counted += 1;
      if (statusCode === 200) ok += 1;
      else if (statusCode === 304) notModified += 1;
      else others[statusCode] = (others[statusCode] ?? 0) + 1;
      return false;
    },
  };
}

/**
 * Runs on every request, so the `request completed` line is written straight to the logger's
 * destination, as pino would write it (its level, time and bindings, then the fields: a test holds
 * the two equal), for a third of what `logger.info(fields, msg)` costs a cached answer; a response
 * that waits for its end gets one `finish` listener, and a cache hit sent at once waits for nothing.
 * Errors (5xx) go through pino itself.
 */
export function requestLogger(logger: Logger, options: RequestLogOptions = {}): RequestLog {
  const { cacheHitLinesPerSecond = Infinity, clock = () => performance.now() } = options;
  const destination = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym] as { write(line: string): void };
  const time = (logger as unknown as Record<symbol, () => string>)[pino.symbols.timeSym] as () => string;
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] as string;
  const hitBudget =
    cacheHitLinesPerSecond === Infinity
      ? undefined
      : cacheHitBudget(cacheHitLinesPerSecond, clock, (count, statusCodes, since) =>
          logger.info({ cacheHits: { count, statusCodes, seconds: Math.round(clock() - since) / SECOND_MS }, linesPerSecond: cacheHitLinesPerSecond }, 'cache hits counted'),
        );
  function writeLine(line: PendingLine, statusCode: number): void {
    const { id, method } = line;
    // A cache hit sent at once took the handler's few microseconds: no clock is read for it.
    const responseTime = line.state === 'followed' ? Math.round(clock() - line.started) : 0;
    line.state = 'written';
    // The URL's secrets are redacted when a line is written, not for the cache hits only counted.
    if (statusCode >= 500) {
      logger.error({ req: { id, method, url: loggedUrl(line.url) }, res: { statusCode }, responseTime }, 'request errored');
    } else if (logger.levelVal <= INFO && (!line.cacheHit || hitBudget === undefined || hitBudget.admit(statusCode))) {
      destination.write(
        // The id (a sane token or a UUID) and the method (an HTTP token) need no escaping; the URL may.
        `{"level":${INFO}${time()}${bindings},"req":{"id":"${id}","method":"${method}","url":${JSON.stringify(loggedUrl(line.url))}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
      );
    }
  }
  const open = (req: IncomingMessage): PendingLine => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : newRequestId();
    // Express rewrites req.url while inside a mounted router; the log names the URL as asked.
    // A studio key sent in the URL (refused by the studio API) is not written into the logs either (writeLine).
    return { id, method: req.method, url: req.url ?? '', started: 0, cacheHit: false, state: 'open' };
  };
  const follow = (opened: OpenedLine, res: ServerResponse): void => {
    const line = opened as PendingLine;
    if (line.state !== 'open') return;
    line.state = 'followed';
    // Its duration is counted from here: what ran since the line was opened was the handler's own
    // synchronous work, well under the millisecond the duration is written in.
    line.started = clock();
    // A closure per request, not the line kept on the response for one shared listener: a property
    // of ours on some responses gives Node's writeHead and end one more shape of response to read,
    // and the cache hits, which keep none, paid for it (bench/README.md).
    res.on('finish', () => {
      if (line.state === 'followed') writeLine(line, res.statusCode);
    });
  };
  return {
    open,
    follow,
    start(req, res) {
      const line = open(req);
      req.id = line.id;
      follow(line, res);
      return line.id;
    },
    cacheHitSent(opened, statusCode) {
      const line = opened as PendingLine;
      line.cacheHit = true;
      // Sent and done (res.end ran): its duration is the handler's, as the finish would tell within a tick.
      if (line.state === 'open') writeLine(line, statusCode);
    },
    flush() {
      hitBudget?.flush();
    },
  };
}

/** `req.log`, a child logger carrying the request id, made only when something logs through it (errors, mostly). */
export function provideRequestLog(app: Express, logger: Logger): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      const child = logger.child({ reqId: this.id });
      Object.defineProperty(this, 'log', { value: child });
      return child;
    },
  });
}
