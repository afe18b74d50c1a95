/**
 * Errors the use-cases raise, each with the stable code of `decisions.md`. The HTTP layer turns them
 * into problem details; nothing else about them (no stack, no SQL) ever reaches a client.
 */
/** An id or name the client sent, as quoted in a problem's detail: at most 80 characters of it. */
export function clipForDetail(value: string): string {
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

export type NotFoundCode =
  | 'studio_not_found'
  | 'user_not_found'
  | 'dance_type_not_found'
  | 'not_found'
  | 'booking_not_found'
  | 'class_not_found'
  | 'webhook_not_found'
  | 'delivery_not_found'
  | 'instructor_not_found';

export class NotFoundError extends Error {
  readonly status = 404;
  constructor(
    readonly code: NotFoundCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'NotFoundError';
  }
}

export class InvalidInputError extends Error {
  readonly status = 400;
  constructor(
    readonly code: 'invalid_from' | 'invalid_parameter' | 'invalid_duration',
    detail: string,
    /** each parameter that is wrong and why (the studio API lists them in the problem's `errors`) */
    readonly problems: BodyProblem[] = [],
  ) {
    super(detail);
    this.name = 'InvalidInputError';
  }
}

/** What was asked for existed and is no more, on purpose: a class or event the studio cancelled. */
export class GoneError extends Error {
  readonly status = 410;
  constructor(
    readonly code: 'class_cancelled',
    detail: string,
  ) {
    super(detail);
    this.name = 'GoneError';
  }
}

/** The database cannot be reached (or did not answer in time). */
export class StoreUnavailableError extends Error {
  readonly status = 503;
  readonly code = 'unavailable';
  constructor(cause?: unknown) {
    super('The studio data store is unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** What was asked cannot be done in the state the thing is in (the studio API: cancelling a booking whose class has started). */
export class ConflictError extends Error {
  readonly status = 409;
  constructor(
    readonly code: 'booking_started',
    detail: string,
  ) {
    super(detail);
    this.name = 'ConflictError';
  }
}

/** One thing wrong with a request, at a path such as `classes[3].startTime` or `events[0]` (its body) or `limit` (its query). */
export interface BodyProblem {
  path: string;
  message: string;
}

/** A request body with problems (the studio API): each is listed in the problem's `errors`. */
export class UnprocessableError extends Error {
  readonly status = 422;
  constructor(
    readonly code: 'invalid_document' | 'invalid_webhook',
    detail: string,
    readonly problems: BodyProblem[],
  ) {
    super(detail);
    this.name = 'UnprocessableError';
  }
}
