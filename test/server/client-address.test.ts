import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/src/config';
import { clientAddressOf } from '../../server/src/http/api/client-address';

/** A connection whose socket counts how often its address is read (an address undefined: the socket has closed). */
function connectionFrom(address: string | undefined) {
  const connection = { address, reads: 0, socket: {} };
  connection.socket = {
    get remoteAddress() {
      connection.reads += 1;
      return connection.address;
    },
  };
  return connection;
}

/** A request over `connection` as the handler sees it: Node gives every request of a connection the same socket. */
function requestOver(connection: { socket: object }, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: connection.socket, connection: connection.socket, headers } as unknown as IncomingMessage;
}

describe('the client address the public API rate limit counts by', () => {
  it('When one keep-alive connection sends many requests, then each is counted by its address, read from the socket once', () => {
    const addressOf = clientAddressOf(false);
    const first = connectionFrom('203.0.113.7');
    const second = connectionFrom('198.51.100.4');
    expect([requestOver(first), requestOver(first), requestOver(first)].map(addressOf)).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.7']);
    expect(addressOf(requestOver(second))).toBe('198.51.100.4');
    expect([first.reads, second.reads]).toEqual([1, 1]);
  });

  it('When a connection has closed before its request is counted, then it counts as no address, and is read again if asked again', () => {
    const addressOf = clientAddressOf(false);
    const closed = connectionFrom(undefined);
    expect(addressOf(requestOver(closed))).toBe('');
    closed.address = '203.0.113.9';
    expect(addressOf(requestOver(closed))).toBe('203.0.113.9');
  });

  it('When a trusted proxy forwards a request, then the client is the first untrusted address of X-Forwarded-For, not the proxy', () => {
    const addressOf = clientAddressOf(['loopback']);
    expect(addressOf(requestOver(connectionFrom('127.0.0.1'), { 'x-forwarded-for': '203.0.113.20, 127.0.0.1' }))).toBe('203.0.113.20');
    expect(addressOf(requestOver(connectionFrom('192.0.2.1'), { 'x-forwarded-for': '203.0.113.20' }))).toBe('192.0.2.1');
  });

  it('When TRUST_PROXY is written as Express takes it (true, a number of hops, names and subnets), then each client behind the proxy is counted apart', () => {
    const forwarded = (client: string) => requestOver(connectionFrom('10.0.0.5'), { 'x-forwarded-for': client });
    for (const setting of ['1', 'true', 'loopback, 10.0.0.0/8']) {
      const addressOf = clientAddressOf(loadConfig({ TRUST_PROXY: setting }).trustProxy);
      // '1' was read as the address 0.0.0.1 before: every client then counted as the proxy.
      expect([setting, ...['203.0.113.1', '203.0.113.2'].map((client) => addressOf(forwarded(client)))]).toEqual([setting, '203.0.113.1', '203.0.113.2']);
    }
    // Two proxies in a row, the nearest one hop away: with 1, the second proxy's own address is the client.
    const oneHop = clientAddressOf(loadConfig({ TRUST_PROXY: '1' }).trustProxy);
    expect(oneHop(requestOver(connectionFrom('10.0.0.5'), { 'x-forwarded-for': '203.0.113.1, 10.0.0.6' }))).toBe('10.0.0.6');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('When TRUST_PROXY is not an address, a subnet, a name, a number or true/false, then the server does not start, and the message names the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY.*expected true, false, the number of proxies in front/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
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
