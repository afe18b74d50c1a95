import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from 'proxy-addr';

/**
 * Which proxies in front of the server are trusted to say the client's address (TRUST_PROXY), as
 * Express's `trust proxy` takes it: none (false), all (true), the nearest `n` hops, or addresses,
 * subnets and names (`loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = boolean | number | readonly string[];

/**
 * The client's address as Express's `req.ip` gives it with the same `trust proxy` setting: the
 * socket's address when no proxy is trusted, else the first untrusted address along X-Forwarded-For.
 */
export function clientAddressOf(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  if (trustProxy === false || trustProxy === 0) return socketAddresses();
  const trust: (address: string, hop: number) => boolean =
    trustProxy === true ? () => true : typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : proxyAddr.compile([...trustProxy]);
  return (req) => proxyAddr(req, trust);
}

/**
 * The address of each request's connection, read from its socket once per connection and kept
 * beside it (a keep-alive connection carries many requests). `socket.remoteAddress` is a getter
 * that reads the socket's `_handle` through another getter, whose load of a symbol-keyed property
 * sees every kind of socket in the process (the database's, the HTTP server's): it is megamorphic
 * in the server, two lookups of about 215 instructions on every request (counted with callgrind on
 * a cache hit: bench/README.md), where a WeakMap lookup by the socket costs a
 * fraction of that. Held weakly: a closed connection's socket is collected with its entry.
 */
function socketAddresses(): (req: IncomingMessage) => string {
  const addresses = new WeakMap<Socket, string>();
  return (req) => {
    const { socket } = req;
    let address = addresses.get(socket);
    if (address === undefined) {
      address = socket.remoteAddress;
      // A socket already closed has no address: not kept, so a later read is not held to ''.
      if (address === undefined) return '';
      addresses.set(socket, address);
    }
    return address;
  };
}
