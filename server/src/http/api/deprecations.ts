/**
 * What the public API has deprecated: the one place to mark an endpoint, or a field of its answers,
 * as going away (README, "Versioning"). Every answer of a listed operation then carries
 * `Deprecation` (RFC 9745: since when), `Sunset` (RFC 8594: after when it may go) and a `Link` with
 * `rel="deprecation"` to the versioning policy; the OpenAPI document marks the same operations and
 * fields `deprecated: true` (test/server/deprecations.test.ts holds the two equal). The headers are
 * made once, when the server starts, and kept with each cached answer: serving one costs nothing more.
 *
 * To deprecate: add an entry here, `"deprecated": true` on the operation (or on the field's property
 * in its schema) in contract/openapi.json, and the change in README's "Versioning".
 */
export interface Deprecation {
  /** the operation (contract/openapi.json) whose answers announce it */
  operationId: string;
  /** a field of the operation's answers (a property of its answer's schema); absent: the operation itself */
  field?: string;
  /** when it was deprecated (YYYY-MM-DD, UTC) */
  since: string;
  /** after when it may be removed (YYYY-MM-DD, UTC): at least six months after `since` */
  sunset: string;
}

/** Nothing is deprecated yet. */
export const DEPRECATIONS: readonly Deprecation[] = [];

/** Where `rel="deprecation"` points: the API reference, which renders the document's versioning policy. */
export function deprecationPolicyUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl}/api-reference`;
}

export type AnswerHeaders = readonly (readonly [name: string, value: string])[];

/**
 * The headers each deprecated operation's answers carry, by operation id. An operation with more than
 * one deprecated field announces the earliest deprecation and the earliest sunset: after that date
 * something of its answers may go.
 */
export function deprecationHeaders(deprecations: readonly Deprecation[], policyUrl: string): ReadonlyMap<string, AnswerHeaders> {
  const byOperation = new Map<string, { since: number; sunset: number }>();
  for (const deprecation of deprecations) {
    const since = utcDate(deprecation.since, deprecation);
    const sunset = utcDate(deprecation.sunset, deprecation);
    if (sunset <= since) throw new Error(`Deprecation of ${describe(deprecation)}: the sunset must come after the deprecation.`);
    const known = byOperation.get(deprecation.operationId);
    byOperation.set(deprecation.operationId, known ? { since: Math.min(known.since, since), sunset: Math.min(known.sunset, sunset) } : { since, sunset });
  }
  const link = `<${policyUrl}>; rel="deprecation"; type="text/html"`;
  return new Map(
    [...byOperation].map(([operationId, { since, sunset }]) => [
      operationId,
      [
        ['Deprecation', `@${since / 1000}`],
        ['Sunset', new Date(sunset).toUTCString()],
        ['Link', link],
      ] as const,
    ]),
  );
}

/**
 * An answer's own headers with the deprecation's added. Link is one header: the deprecation's link
 * joins a listing's window links in the same value (clients that keep one value per header name,
 * as PHP's stream wrapper does, still see both).
 */
export function withDeprecation(headers: AnswerHeaders | undefined, deprecation: AnswerHeaders): AnswerHeaders {
  const merged = [...(headers ?? [])];
  for (const [name, value] of deprecation) {
    const same = merged.findIndex(([existing]) => existing.toLowerCase() === name.toLowerCase());
    if (same >= 0 && name === 'Link') merged[same] = [name, `${merged[same]![1]}, ${value}`];
    else merged.push([name, value]);
  }
  return merged;
}

function utcDate(date: string, deprecation: Deprecation): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) throw new Error(`Deprecation of ${describe(deprecation)}: "${date}" is not a date (YYYY-MM-DD).`);
  return ms;
}

function describe(deprecation: Deprecation): string {
  return deprecation.field === undefined ? deprecation.operationId : `${deprecation.operationId} (${deprecation.field})`;
}
