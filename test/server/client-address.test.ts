import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientAddressOf } from '../../server/src/http/api/client-address';

/** A request as the handler sees it, on a socket whose address reads are counted (undefined: the socket has closed). */
function requestOn(socket: { address: string | undefined; reads: number }, headers: Record<string, string> = {}): IncomingMessage {
  const fakeSocket = {
    get remoteAddress() {
      socket.reads += 1;
      return socket.address;
    },
  };
  return { socket: fakeSocket, headers, connection: fakeSocket } as unknown as IncomingMessage;
}

describe('the client address the public API rate limit counts by', () => {
  it('When one keep-alive connection sends many requests, then each is counted by its address, read from the socket once', () => {
    const addressOf = clientAddressOf(false);
    const first = { address: '203.0.113.7', reads: 0 };
    const second = { address: '198.51.100.4', reads: 0 };
    const firstRequests = [requestOn(first), requestOn(first), requestOn(first)];
    // The same socket object for every request of a connection, as Node gives them.
    const shared = firstRequests[0]!.socket;
    for (const request of firstRequests) Object.assign(request, { socket: shared });
    expect(firstRequests.map(addressOf)).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.7']);
    expect(addressOf(requestOn(second))).toBe('198.51.100.4');
    expect([first.reads, second.reads]).toEqual([1, 1]);
  });

  it('When a connection has closed before its request is counted, then it counts as no address, and is read again if asked again', () => {
    const addressOf = clientAddressOf(false);
    const closed = { address: undefined as string | undefined, reads: 0 };
    const request = requestOn(closed);
    expect(addressOf(request)).toBe('');
    closed.address = '203.0.113.9';
    expect(addressOf(request)).toBe('203.0.113.9');
  });

  it('When a trusted proxy forwards a request, then the client is the first untrusted address of X-Forwarded-For, not the proxy', () => {
    const addressOf = clientAddressOf('loopback');
    const proxy = { address: '127.0.0.1', reads: 0 };
    expect(addressOf(requestOn(proxy, { 'x-forwarded-for': '203.0.113.20, 127.0.0.1' }))).toBe('203.0.113.20');
    const untrusted = { address: '192.0.2.1', reads: 0 };
    expect(addressOf(requestOn(untrusted, { 'x-forwarded-for': '203.0.113.20' }))).toBe('192.0.2.1');
  });

  it('When real requests come over one keep-alive connection, then every one of them is counted by the address the connection comes from', async () => {
    const addressOf = clientAddressOf(false);
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(addressOf(req));
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { port } = server.address() as AddressInfo;
      for (let request = 0; request < 3; request += 1) {
        await new Promise<void>((resolve, reject) =>
          http.get({ host: '127.0.0.1', port, agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
        );
      }
      expect(seen).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
