import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * The client's address as Express's `req.ip` gives it with the `trust proxy` setting `trustProxy`
 * (TRUST_PROXY: comma-separated addresses, subnets or names such as `loopback`): the socket's
 * address when no proxy is trusted, else the first untrusted address along X-Forwarded-For.
 */
export function clientAddressOf(trustProxy: string | false): (req: IncomingMessage) => string {
  if (trustProxy === false) return (req) => req.socket.remoteAddress ?? '';
  const trust = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (req) => proxyAddr(req, trust);
}
