import { addressProblem, webhookUrlProblem } from '../../server/src/domain/studio-api/webhook-address';

/** Where a webhook may be posted (studio-api.md): the rules on the URL and on each address a name resolves to. */

const development = { allowLocalhost: true };
const production = { allowLocalhost: false };

describe('webhook addresses', () => {
  it('When the server is a development one, then localhost and 127.0.0.1 are taken over http too; in production they are refused', () => {
    expect(webhookUrlProblem('http://localhost:4000/hooks', development)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', development)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4000/hooks', production)).toBe('localhost is for development servers: this server posts only to public https addresses');
    expect(webhookUrlProblem('https://127.0.0.1/hooks', production)).toBe('localhost is for development servers: this server posts only to public https addresses');
    expect(webhookUrlProblem('https://hooks.example.com/in', production)).toBeNull();
  });

  it('When a name resolves to any special-purpose address, then the call is refused; public unicast addresses are allowed', () => {
    const refused: [string, string][] = [
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['192.168.0.10', 'private'],
      ['127.0.0.2', 'loopback'],
      ['169.254.169.254', 'link-local'],
      ['100.64.0.1', 'shared (carrier-grade NAT)'],
      ['0.0.0.0', 'unspecified'],
      ['fe80::1', 'link-local'],
      ['fd00::1', 'private (unique local)'],
      ['::1', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
    ];
    for (const [address, kind] of refused) {
      expect(addressProblem('hooks.example.com', address, production)).toBe(`hooks.example.com resolves to ${address}, a ${kind} address: webhooks go to public addresses only`);
    }
    expect(addressProblem('hooks.example.com', '93.184.216.34', production)).toBeNull();
    expect(addressProblem('hooks.example.com', '2606:2800:220:1:248:1893:25c8:1946', production)).toBeNull();
    // The development exception is for the loopback address only.
    expect(addressProblem('localhost', '127.0.0.1', development)).toBeNull();
    expect(addressProblem('localhost', '10.0.0.1', development)).toBe('localhost must resolve to the loopback address');
  });
});
