import type { ProblemCode } from './types.js';

/** Codes the client gives failures that carry no problem details from the server. */
export type ClientErrorCode =
  /** the request never got an answer (offline, DNS, CORS, refused connection) */
  | 'network_error'
  /** the answer did not come, whole, within the client's `timeoutMs` (a server that accepts the connection and never answers) */
  | 'timeout'
  /** an error status without problem details (a proxy's HTML page, for one) */
  | 'http_error'
  /** a 2xx answer whose body is not the JSON the contract promises */
  | 'invalid_response';

/** RFC 9457 problem details as the server sends them. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
}

/**
 * Every failure of a request except an abort (which rejects with the `AbortError` of the signal, as
 * `fetch` does). `code` is the server's problem code, or one of the client's own.
 */
export class StudioDataError extends Error {
  override readonly name = 'StudioDataError';
  /** the HTTP status; 0 when no answer came */
  readonly status: number;
  readonly code: ProblemCode | ClientErrorCode;
  readonly title: string;
  readonly detail: string;
  /** the problem details as sent, when the server sent them */
  readonly problem: ProblemDetails | undefined;
  /** the requested URL */
  readonly url: string;
  /** seconds to wait before trying again (`Retry-After` of 429 and 503) */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: ProblemCode | ClientErrorCode;
    title: string;
    detail: string;
    url: string;
    problem?: ProblemDetails;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(`${init.title}: ${init.detail} (${init.code}, ${init.url})`, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.url = init.url;
    this.problem = init.problem;
    this.retryAfter = init.retryAfter;
  }
}

/** The typed error for an error answer, from its problem details when it has them. */
export async function errorFromResponse(response: Response, url: string): Promise<StudioDataError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const problem = await readProblem(response);
  if (problem) return new StudioDataError({ status: response.status, code: problem.code, title: problem.title, detail: problem.detail, url, problem, retryAfter });
  return new StudioDataError({
    status: response.status,
    code: 'http_error',
    title: response.statusText || `HTTP ${response.status}`,
    detail: `The server answered ${response.status} without problem details.`,
    url,
    retryAfter,
  });
}

async function readProblem(response: Response): Promise<ProblemDetails | undefined> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!/^application\/(problem\+)?json/i.test(contentType)) return undefined;
  try {
    const body = (await response.json()) as Partial<ProblemDetails> | null;
    if (!body || typeof body.code !== 'string' || typeof body.title !== 'string') return undefined;
    return { type: body.type ?? 'about:blank', title: body.title, status: body.status ?? response.status, detail: body.detail ?? '', code: body.code };
  } catch {
    return undefined;
  }
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
