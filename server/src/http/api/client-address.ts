import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from 'proxy-addr';

/**
 * The client's address as Express's `req.ip` gives it with the `trust proxy` setting `trustProxy`
 * (TRUST_PROXY: comma-separated addresses, subnets or names such as `loopback`): the socket's
 * address when no proxy is trusted, else the first untrusted address along X-Forwarded-For.
 */
export function clientAddressOf(trustProxy: string | false): (req: IncomingMessage) => string {
  if (trustProxy === false) return socketAddresses();
  const trust = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
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
