import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ConflictError, GoneError, InvalidInputError, NotFoundError, StoreUnavailableError, UnprocessableError } from '../../domain/errors';
import { sendProblem } from '../problem';

/** Seconds a client should wait before retrying while the database is away. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function sendNotFound(res: ServerResponse): void {
  sendProblem(res, 404, 'not_found', 'No such endpoint. The endpoints are listed in /api/public/openapi.json.');
}

export const apiNotFound: RequestHandler = (_req, res) => sendNotFound(res);

/**
 * Turns every error into a problem (API) answer. Known errors keep their status and code; anything
 * else is a bug: logged in full, answered 500 with no detail from inside the server.
 */
export const apiErrors: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendErrorProblem(error, res, () => req.log);
};

/** The problem answer of an error, for Express and for the public API's handler; `log` gives the request's logger. */
export function sendErrorProblem(error: unknown, res: ServerResponse, log: () => Logger | undefined): void {
  if (error instanceof InvalidInputError && error.problems.length > 0) return sendProblem(res, error.status, error.code, error.message, { errors: error.problems });
  if (error instanceof NotFoundError || error instanceof InvalidInputError || error instanceof ConflictError || error instanceof GoneError) {
    return sendProblem(res, error.status, error.code, error.message);
  }
  if (error instanceof UnprocessableError) return sendProblem(res, error.status, error.code, error.message, { errors: error.problems });
  if (error instanceof StoreUnavailableError) {
    log()?.warn({ err: error.cause ?? error }, 'database unavailable');
    res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return sendProblem(res, 503, 'unavailable', 'The studio data is temporarily unavailable. Please retry shortly.');
  }
  // A path Express could not decode (malformed %-escapes) names nothing that exists.
  if (isClientPathError(error)) return sendProblem(res, 404, 'not_found', 'No such endpoint: the path is not validly encoded.');
  log()?.error({ err: error }, 'unhandled error');
  sendProblem(res, 500, 'internal_error', 'Something went wrong on our side. It has been logged.');
}

function isClientPathError(error: unknown): boolean {
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  return error instanceof URIError || status === 400;
}
