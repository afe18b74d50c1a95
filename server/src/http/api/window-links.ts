import type { AdjacentWindows } from '../../domain/time/windows';

/**
 * The `Link` header of a listing (RFC 8288): the same listing's previous and next 7-day windows,
 * so that no client does week arithmetic in the studio's zone. Absolute URLs on PUBLIC_BASE_URL,
 * the path as the endpoint names it (parameters encoded), `from` in the studio's wall-clock time,
 * and the other query parameters the listing was asked with.
 */
export function windowLinks(
  publicBaseUrl: string,
  pathTemplate: string,
  params: Readonly<Record<string, string>>,
  adjacent: AdjacentWindows | null,
  keep: Readonly<Record<string, string | undefined>> = {},
): [name: string, value: string][] {
  if (!adjacent) return [];
  const path = pathTemplate.replace(/\{(\w+)\}/g, (_placeholder, name: string) => encodeURIComponent(params[name] ?? ''));
  const kept = Object.entries(keep)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `&${name}=${queryText(value)}`)
    .join('');
  const link = (from: string, rel: string) => `<${publicBaseUrl}${path}?from=${queryText(from)}${kept}>; rel="${rel}"`;
  return [['Link', `${link(adjacent.previous, 'prev')}, ${link(adjacent.next, 'next')}`]];
}

/** A query value, percent-encoded, its colons left readable (they need no encoding in a query). */
function queryText(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}
