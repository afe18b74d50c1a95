import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClaimedMessage } from '../../server/src/data/outbox-store';
import { createWebhookSender } from '../../server/src/delivery/webhook-delivery';
import { testNow } from '../support/test-clock';

/**
 * One webhook call against receivers that misbehave (studio-api.md: "a 2xx within 10 s is
 * delivered; anything else is retried"): one that never answers, one that redirects. The sender is
 * given a deadline of a fraction of a second instead of its 10 s, so the test does not wait.
 */

const DEADLINE_MS = 300;

describe('a webhook call', () => {
  const servers: http.Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** A receiver on 127.0.0.1 that handles each request as told, and counts them. */
  async function receiver(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      handle(req, res);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  function sender(url: string) {
    const recorded: (number | null)[] = [];
    const send = createWebhookSender({
      webhooks: { findForDelivery: async (id) => ({ id, studioId: 's', url, events: ['booking.confirmed'], secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`, createdAt: 0 }) },
      outbox: { recordResponse: async (_message, status) => void recorded.push(status) },
      resolveHost: async () => [{ address: '127.0.0.1', family: 4 }],
      addresses: { allowLocalhost: true },
      now: testNow,
      timeoutMs: DEADLINE_MS,
    });
    return { send, recorded };
  }

  const message: ClaimedMessage = {
    id: '5f0c3e52-8a3c-4d7e-9a57-0d6b5a2f4e11',
    studioId: 's',
    bookingId: 'b',
    channel: 'webhook',
    webhookId: 'wh_test',
    webhookBody: '{"type":"booking.confirmed"}',
    audience: 'studio',
    event: 'booking.confirmed' as ClaimedMessage['event'],
    payload: null as unknown as ClaimedMessage['payload'],
    dueAt: 0,
    attempts: 1,
    claimToken: 'claim',
  };

  it('When the receiver does not answer within the deadline, then the call is not delivered: it fails with no status, to be tried again', async () => {
    const silent = await receiver(() => undefined);
    const { send, recorded } = sender(`${silent.url}/hooks`);
    await expect(send.deliver(message)).rejects.toMatchObject({ name: 'WebhookCallError', message: 'no answer within 0.3 s', responseStatus: null });
    expect([silent.seen, recorded]).toEqual([['/hooks'], [null]]);
  });

  it('When the receiver answers with a redirect, then it is not followed: the call fails with that status, to be tried again', async () => {
    const elsewhere = await receiver((_req, res) => res.end('ok'));
    const redirecting = await receiver((_req, res) => {
      res.writeHead(307, { Location: `${elsewhere.url}/internal` });
      res.end();
    });
    const { send, recorded } = sender(`${redirecting.url}/hooks`);
    await expect(send.deliver(message)).rejects.toMatchObject({ message: 'the receiver answered 307', responseStatus: 307 });
    expect([redirecting.seen, elsewhere.seen, recorded]).toEqual([['/hooks'], [], [307]]);
  });
});
