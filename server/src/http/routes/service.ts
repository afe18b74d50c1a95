import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { withDeadline } from '../../domain/deadline';
import type { RequestLog } from '../middleware/request-logger';
import { sendProblem } from '../problem';

export interface ServiceCheckOptions {
  /** answers whether the database is reachable now (rejects otherwise) */
  checkDatabase: () => Promise<void>;
  storeTimeoutMs: number;
  /** true once shutdown has begun */
  isStopping?: () => boolean;
  logger: Logger;
  requestLog: RequestLog;
}

/** The checks' paths as Express routed them: any case, an optional trailing slash, any query. */
const CHECKS = new Map<string, 'live' | 'ready'>([
  ['/healthz', 'live'],
  ['/healthz/', 'live'],
  ['/readyz', 'ready'],
  ['/readyz/', 'ready'],
]);

const RETRY_AFTER_SECONDS = '5';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the schema is migrated, as
 * checkDatabase fails before, and the database answers now; not once shutdown has begun, so a
 * balancer's health check takes the instance out at once), for GET and HEAD; answers false, having
 * done nothing, for any other request (the index of what this server offers, `/`, is the front
 * door's: front-door/).
 *
 * Plain Node beside the API's handler, not an Express route: a load balancer asks every half second
 * (deploy/haproxy.cfg), and each request Express handles gives its request and response Express's
 * prototypes and properties. Node's own code (writeHead, end, the parser's callbacks) then reads
 * objects of many shapes and V8 stops specializing it: measured on 2026-11-29, thirty checks through
 * Express left every later cache hit of the API 7-12% slower (bench/README.md).
 */
export function serviceChecks(options: ServiceCheckOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const logOf = (id: string) => options.logger.child({ reqId: id });

  const answer = (res: ServerResponse, head: string[], status: string) => {
    const body = `{"status":"${status}"}`;
    head.push('Cache-Control', 'no-store', 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(body)));
    res.writeHead(200, head);
    res.end(body);
  };
  const unavailable = (res: ServerResponse, head: string[], detail: string) => {
    for (let i = 0; i < head.length; i += 2) res.setHeader(head[i] as string, head[i + 1] as string);
    res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    sendProblem(res, 503, 'unavailable', detail);
  };

  const ready = (res: ServerResponse, head: string[], id: string) => {
    if (options.isStopping?.()) return unavailable(res, head, 'The server is shutting down.');
    withDeadline(options.checkDatabase(), options.storeTimeoutMs).then(
      () => answer(res, head, 'ready'),
      (error: unknown) => {
        logOf(id).warn({ err: error }, 'readiness check failed');
        unavailable(res, head, 'The database cannot be reached.');
      },
    );
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const check = CHECKS.get((query === -1 ? url : url.slice(0, query)).toLowerCase());
    if (check === undefined) return false;
    const line = options.requestLog.open(req);
    const head = ['X-Request-Id', line.id, 'X-Content-Type-Options', 'nosniff'];
    try {
      if (check === 'live') answer(res, head, 'ok');
      else ready(res, head, line.id);
    } finally {
      options.requestLog.follow(line, res);
    }
    return true;
  };
}
