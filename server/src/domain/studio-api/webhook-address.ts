import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be posted (studio-api.md): `https` addresses whose host resolves only to public
 * addresses. `localhost` and `127.0.0.1` are the one exception, for a studio developing its receiver
 * on its own machine (`http` allowed, and the loopback address): a server whose own address is not
 * local refuses them too (`allowLocalhost`). Never a private, loopback, link-local or otherwise
 * special address: the server must not be made to call into its own network. The checks run when a
 * webhook is saved and again on the address each call really connects to (a name can be pointed
 * elsewhere after it was saved).
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (`dns.lookup` with `all: true`; injected in tests). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface WebhookAddressPolicy {
  /** `localhost` and `127.0.0.1` accepted (over http too), for development */
  allowLocalhost: boolean;
}

const DEVELOPMENT_HOSTS = new Set(['localhost', '127.0.0.1']);
const MAX_URL_LENGTH = 2048;

/** The URL's host as a name to resolve or an IP literal, without IPv6 brackets, lower-cased. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

export function isDevelopmentHost(hostname: string): boolean {
  return DEVELOPMENT_HOSTS.has(hostname.toLowerCase());
}

/** What is wrong with the URL's form (scheme, credentials, a literal address), or null. Names are resolved separately. */
export function webhookUrlProblem(text: unknown, policy: WebhookAddressPolicy): string | null {
  if (typeof text !== 'string' || text.length === 0) return 'expected the URL to post to, e.g. https://example.com/hooks/studio-data';
  if (text.length > MAX_URL_LENGTH) return `at most ${MAX_URL_LENGTH} characters`;
  if (!URL.canParse(text)) return 'not a valid absolute URL';
  const url = new URL(text);
  const host = hostOf(url);
  const development = isDevelopmentHost(host);
  if (development && !policy.allowLocalhost) return 'localhost is for development servers: this server posts only to public https addresses';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && development)) return 'must be https (http only to localhost or 127.0.0.1, for development)';
  if (url.username !== '' || url.password !== '') return 'must not hold a user name or password: authenticate by the signature';
  if (url.hash !== '') return 'must not have a #fragment';
  if (ipaddr.isValid(host)) return addressProblem(host, host, policy);
  return null;
}

/** Why the server will not connect to this address for this host, or null when it may. */
export function addressProblem(hostname: string, address: string, policy: WebhookAddressPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${hostname} resolved to something that is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (isDevelopmentHost(hostname) && policy.allowLocalhost) return range === 'loopback' ? null : `${hostname} must resolve to the loopback address`;
  return range === 'unicast' ? null : `${hostname} resolves to ${address}, a ${describeRange(range)} address: webhooks go to public addresses only`;
}

/** Every address a name resolves to must be allowed (a name with one private address is refused, whichever is tried first). */
export function resolvedAddressesProblem(hostname: string, addresses: ResolvedAddress[], policy: WebhookAddressPolicy): string | null {
  if (addresses.length === 0) return `${hostname} does not resolve to any address`;
  for (const { address } of addresses) {
    const problem = addressProblem(hostname, address, policy);
    if (problem) return problem;
  }
  return null;
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    private: 'private',
    loopback: 'loopback',
    linkLocal: 'link-local',
    uniqueLocal: 'private (unique local)',
    unspecified: 'unspecified',
    carrierGradeNat: 'shared (carrier-grade NAT)',
    multicast: 'multicast',
    broadcast: 'broadcast',
    reserved: 'reserved',
  };
  return names[range] ?? `special-purpose (${range})`;
}
