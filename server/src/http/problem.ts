import { STATUS_CODES, type ServerResponse } from 'node:http';

export type ProblemCode =
  | 'invalid_from'
  | 'invalid_duration'
  | 'instructor_not_found'
  | 'class_cancelled'
  | 'studio_not_found'
  | 'user_not_found'
  | 'dance_type_not_found'
  | 'not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'internal_error'
  | 'unavailable'
  // the studio API's own (contract/studio-problem-codes.json)
  | 'invalid_parameter'
  | 'key_in_query'
  | 'unauthorized'
  | 'booking_not_found'
  // also the public API's (a class or event by id)
  | 'class_not_found'
  | 'webhook_not_found'
  | 'delivery_not_found'
  | 'booking_started'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid_document'
  | 'invalid_webhook';

/**
 * Sends an RFC 9457 problem. `type` is "about:blank" (the status says what happened; `code` says
 * which of the documented errors it is), so `title` is the status's standard phrase.
 */
export function sendProblem(res: ServerResponse, status: number, code: ProblemCode, detail: string, extension: { errors?: { path: string; message: string }[] } = {}): void {
  const body = JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, code, ...extension });
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
