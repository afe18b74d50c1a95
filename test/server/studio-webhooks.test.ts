import { Webhook } from 'standardwebhooks';
import type { ResolvedAddress } from '../../server/src/domain/studio-api/webhook-address';
import { Browser, accessTokenOf } from '../support/booking-form';
import { casaDelSon, lucia, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { createStudioKey, startWebhookReceiver, studioCall, type ReceivedCall, type WebhookReceiver } from '../support/studio-api';
import { expectToMatchStudioSchema, studioOperationsUnchecked } from '../support/openapi';
import { testNow, zoneDay } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A studio's webhooks (studio-api.md), received as a studio's system receives them: a receiver in
 * this process verifies every call with the `standardwebhooks` package. Calls are outbox rows; the
 * server delivers nothing by itself (OUTBOX_WORKER=off), the test runs the worker's passes on a
 * clock it moves (the retries' 30 s and 2 min pass in no time). Host names are resolved by the
 * test's own resolver (no DNS offline): a name can be pointed at any address, and re-pointed.
 */

const ZONE = 'Europe/Madrid';
const STUDIO = 'hook-studio';
const DAY = zoneDay(ZONE, 7);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

function studioDocument() {
  return casaDelSon({
    id: STUDIO,
    studio: { locales: ['en', 'es'] },
    classes: ['hook-events', 'hook-retry', 'hook-rebind', 'hook-delete', 'hook-import', 'hook-move'].map((id) => salsaClass(id, { date: DAY, capacity: 1 })),
  });
}

/** The studio's document with one class changed, as the studio's system would push it. */
function withClass(id: string, changes: Record<string, unknown>) {
  const document = studioDocument();
  const entry = (document.classes as Record<string, unknown>[]).find((candidate) => candidate.id === id)!;
  Object.assign(entry, changes);
  return document;
}

/** What the receiver got, each call verified as a receiver must: the signature over id, timestamp and body, with the secret. */
function verified(calls: ReceivedCall[], secret: string) {
  const webhook = new Webhook(secret);
  return calls.map((call) => {
    const body = webhook.verify(call.body, call.headers) as any;
    expectToMatchStudioSchema('WebhookCall', body);
    return { id: call.headers['webhook-id'], timestamp: call.headers['webhook-timestamp'], body };
  });
}

describe.each(databaseTargets())('webhooks on $name', (target: DatabaseTarget) => {
  let app: TestServer;
  let receiver: WebhookReceiver;
  let clock = testNow();
  let key: string;
  const dns = new Map<string, ResolvedAddress[]>();

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestServer(target, {
      documents: [studioDocument()],
      now: () => clock,
      env: { OUTBOX_WORKER: 'off', BOOKING_RATE_LIMIT: '0' },
      resolveHost: async (hostname) => {
        const addresses = dns.get(hostname);
        if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return addresses;
      },
    });
    key = (await createStudioKey(app, STUDIO, clock)).key;
  });
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });
  afterEach(async () => {
    receiver.calls.length = 0;
    // Each test registers its own webhooks: none outlives it, even when it fails.
    await app.server.store.db.deleteFrom('webhooks').where('studio_id', '=', STUDIO).execute();
  });

  const book = async (classId: string, name: string) => {
    const posted = await new Browser(app.url, { 'Accept-Language': 'en' }).fillIn(`/book/${classId}`, { ...lucia(), firstName: name, email: `${classId}-${name.toLowerCase()}@example.com` });
    expect(posted.status).toBe(303);
    const token = accessTokenOf(posted.location);
    return (await app.server.store.db.selectFrom('bookings').select('reference').where('access_token', '=', token).executeTakeFirstOrThrow()).reference!;
  };
  const register = async (url: string, events: string[]) => {
    const created = await studioCall(app, 'POST', `/api/studio/${STUDIO}/webhooks`, { key, json: { url, events } });
    expect(created.status).toBe(201);
    return created.body as { id: string; secret: string; url: string; events: string[]; createdAt: string };
  };
  const remove = async (id: string) => expect((await studioCall(app, 'DELETE', `/api/studio/${STUDIO}/webhooks/${id}`, { key })).status).toBe(204);
  const deliveries = async (id: string) => (await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks/${id}/deliveries`, { key })).body.deliveries;

  it('When the studio registers a webhook, then its secret is shown once, and every booking change it takes is posted to it, signed', async () => {
    const all = await register(receiver.url, ['booking.confirmed', 'booking.cancelled', 'waitlist.joined', 'waitlist.promoted', 'waitlist.left']);
    clock += SECOND;
    const cancelsOnly = await register(receiver.url.replace('/hooks/', '/cancels/'), ['booking.cancelled']);
    expect(all.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(all.events).toEqual(['booking.confirmed', 'booking.cancelled', 'waitlist.joined', 'waitlist.promoted', 'waitlist.left']);
    const listed = await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks`, { key });
    expect(listed.body.webhooks).toEqual([
      { id: all.id, url: receiver.url, events: all.events, createdAt: new Date(clock - SECOND).toISOString() },
      { id: cancelsOnly.id, url: cancelsOnly.url, events: ['booking.cancelled'], createdAt: new Date(clock).toISOString() },
    ]);

    const ana = await book('hook-events', 'Ana');
    const ben = await book('hook-events', 'Ben');
    const cris = await book('hook-events', 'Cris');
    expect((await studioCall(app, 'POST', `/api/studio/${STUDIO}/bookings/${ana}/cancel`, { key })).status).toBe(200);
    expect((await studioCall(app, 'POST', `/api/studio/${STUDIO}/bookings/${cris}/cancel`, { key })).status).toBe(200);
    await app.server.delivery.deliverDue();

    const received = receiver.calls.map((call) => ({ path: call.path, type: JSON.parse(call.body).type, reference: JSON.parse(call.body).data.booking.reference }));
    expect(received.filter((call) => call.path === '/hooks/studio-data').map(({ type, reference }) => `${type} ${reference}`).sort()).toEqual(
      [`booking.confirmed ${ana}`, `waitlist.joined ${ben}`, `waitlist.joined ${cris}`, `booking.cancelled ${ana}`, `waitlist.promoted ${ben}`, `waitlist.left ${cris}`].sort(),
    );
    expect(received.filter((call) => call.path === '/cancels/studio-data').map(({ type, reference }) => `${type} ${reference}`)).toEqual([`booking.cancelled ${ana}`]);
    expect(() => verified(receiver.calls.filter((call) => call.path === '/cancels/studio-data'), all.secret)).toThrow('No matching signature found');
    expect(verified(receiver.calls.filter((call) => call.path === '/cancels/studio-data'), cancelsOnly.secret)).toHaveLength(1);

    const promoted = verified(receiver.calls.filter((call) => call.path === '/hooks/studio-data'), all.secret).find((call) => call.body.type === 'waitlist.promoted')!;
    expect(promoted.body).toEqual({ type: 'waitlist.promoted', timestamp: new Date(clock).toISOString(), data: { booking: expect.objectContaining({ reference: ben, status: 'confirmed', classId: 'hook-events', waitlistPosition: null }) } });
    const left = verified(receiver.calls.filter((call) => call.path === '/hooks/studio-data'), all.secret).find((call) => call.body.type === 'waitlist.left')!;
    expect(left.body.data.booking).toEqual(expect.objectContaining({ reference: cris, status: 'cancelled', cancelledBy: 'studio' }));
    expect(receiver.calls.every((call) => call.headers['content-type'] === 'application/json' && call.headers['user-agent'] === 'StudioData-Webhooks/1')).toBe(true);
    const history = await deliveries(all.id);
    expect(history).toHaveLength(6);
    expect(history.every((delivery: { status: string; attempts: number; responseStatus: number }) => delivery.status === 'delivered' && delivery.attempts === 1 && delivery.responseStatus === 200)).toBe(true);
    await remove(all.id);
    await remove(cancelsOnly.id);
  });

  it("When the studio's own pushes raise a class's capacity and then cancel it, then the webhook hears of each booking's change: promoted, cancelled, left", async () => {
    const hook = await register(receiver.url, ['booking.confirmed', 'booking.cancelled', 'waitlist.joined', 'waitlist.promoted', 'waitlist.left']);
    const ana = await book('hook-import', 'Ana');
    const ben = await book('hook-import', 'Ben');
    const cris = await book('hook-import', 'Cris');
    const push = async (document: unknown) => expect((await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, json: document })).status).toBe(200);
    await push(withClass('hook-import', { capacity: 2 }));
    await push(withClass('hook-import', { capacity: 2, cancelled: true }));
    await app.server.delivery.deliverDue();

    const calls = verified(receiver.calls, hook.secret).map(({ body }) => [body.type, body.data.booking.reference, body.data.booking.status, body.data.booking.cancelledBy]);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['booking.confirmed', ana, 'confirmed', null],
        ['waitlist.joined', ben, 'waiting', null],
        ['waitlist.joined', cris, 'waiting', null],
        ['waitlist.promoted', ben, 'confirmed', null],
        ['booking.cancelled', ana, 'cancelled', 'class_cancelled'],
        ['booking.cancelled', ben, 'cancelled', 'class_cancelled'],
        ['waitlist.left', cris, 'cancelled', 'class_cancelled'],
      ]),
    );
    expect(calls).toHaveLength(7);
    await push(studioDocument());
    await remove(hook.id);
  });

  it("When the studio's push moves a class to another time that day, then the webhook hears booking.rescheduled with the booking's new start and end", async () => {
    const hook = await register(receiver.url, ['booking.rescheduled']);
    const eva = await book('hook-move', 'Eva');
    const push = async (document: unknown) => expect((await studioCall(app, 'PUT', `/api/studio/${STUDIO}/document`, { key, json: document })).status).toBe(200);
    await push(withClass('hook-move', { startTime: '18:15', endTime: '19:15' }));
    await app.server.delivery.deliverDue();
    const calls = verified(receiver.calls, hook.secret).map(({ body }) => body);
    expect(calls).toEqual([{ type: 'booking.rescheduled', timestamp: new Date(clock).toISOString(), data: { booking: expect.objectContaining({ reference: eva, status: 'confirmed', classId: 'hook-move' }) } }]);
    // 18:15 in Madrid, whichever offset the day has.
    const booking = calls[0].data.booking as { start: string; end: string };
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(booking.start))).toBe('18:15');
    expect(Date.parse(booking.end) - Date.parse(booking.start)).toBe(60 * MINUTE);
    await push(studioDocument());
    await remove(hook.id);
  });

  it('When the receiver answers 500 twice, then the call is tried again on the backoff schedule with the same webhook-id, and the third try is delivered', async () => {
    const hook = await register(receiver.url, ['booking.confirmed']);
    receiver.answerWith(500, 500);
    const started = clock;
    const reference = await book('hook-retry', 'Dora');

    await app.server.delivery.deliverDue();
    expect(receiver.calls).toHaveLength(1);
    let [delivery] = await deliveries(hook.id);
    expect(delivery).toEqual(
      expect.objectContaining({ event: 'booking.confirmed', status: 'pending', attempts: 1, responseStatus: 500, lastError: 'the receiver answered 500', nextAttemptAt: new Date(started + 30 * SECOND).toISOString() }),
    );
    // Not before its time.
    clock += 29 * SECOND;
    await app.server.delivery.deliverDue();
    expect(receiver.calls).toHaveLength(1);
    clock += SECOND;
    await app.server.delivery.deliverDue();
    expect(receiver.calls).toHaveLength(2);
    clock += 2 * MINUTE;
    await app.server.delivery.deliverDue();
    expect(receiver.calls).toHaveLength(3);

    const calls = verified(receiver.calls, hook.secret);
    expect(new Set(calls.map((call) => call.id))).toEqual(new Set([delivery.id]));
    expect(calls.map((call) => Number(call.timestamp) - Math.floor(started / 1000))).toEqual([0, 30, 150]);
    // The body is the booking as it was when it was booked, the same on every try.
    expect(new Set(receiver.calls.map((call) => call.body)).size).toBe(1);
    expect(calls[0]!.body.data.booking.reference).toBe(reference);
    [delivery] = await deliveries(hook.id);
    expect(delivery).toEqual(expect.objectContaining({ status: 'delivered', attempts: 3, responseStatus: 200, nextAttemptAt: null, attemptedAt: new Date(clock).toISOString() }));

    // "Retry now" sends it again, with the same id.
    const retried = await studioCall(app, 'POST', `/api/studio/${STUDIO}/webhooks/${hook.id}/deliveries/${delivery.id}/retry`, { key });
    expect([retried.status, retried.body.delivery.status, retried.body.delivery.attempts]).toEqual([202, 'pending', 0]);
    await app.server.delivery.deliverDue();
    expect(receiver.calls.map((call) => call.headers['webhook-id'])).toEqual([delivery.id, delivery.id, delivery.id, delivery.id]);
    const unknown = await studioCall(app, 'POST', `/api/studio/${STUDIO}/webhooks/${hook.id}/deliveries/00000000-0000-0000-0000-000000000000/retry`, { key });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'delivery_not_found']);
    clock = started;
    await remove(hook.id);
  });

  it('When a webhook URL is not https, or resolves to a private, loopback or link-local address through any name, then it is refused (422) with every problem', async () => {
    dns.set('hooks.casadelson.example', [{ address: '127.0.0.1', family: 4 }]);
    dns.set('split.casadelson.example', [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]);
    dns.set('v6.casadelson.example', [{ address: '::ffff:192.168.1.10', family: 6 }]);
    const cases: [string, string][] = [
      ['http://hooks.public.example/in', 'must be https (http only to localhost or 127.0.0.1, for development)'],
      ['https://hooks.casadelson.example/in', 'hooks.casadelson.example resolves to 127.0.0.1, a loopback address: webhooks go to public addresses only'],
      ['https://split.casadelson.example/in', 'split.casadelson.example resolves to 10.1.2.3, a private address: webhooks go to public addresses only'],
      ['https://v6.casadelson.example/in', 'v6.casadelson.example resolves to ::ffff:192.168.1.10, a private address: webhooks go to public addresses only'],
      ['https://169.254.169.254/latest/meta-data', '169.254.169.254 resolves to 169.254.169.254, a link-local address: webhooks go to public addresses only'],
      ['https://[::1]:8443/in', '::1 resolves to ::1, a loopback address: webhooks go to public addresses only'],
      ['https://nowhere.casadelson.example/in', 'nowhere.casadelson.example does not resolve (check the name, or try again once its DNS is set up)'],
      ['https://user:secret@hooks.public.example/in', 'must not hold a user name or password: authenticate by the signature'],
    ];
    for (const [url, message] of cases) {
      const answer = await studioCall(app, 'POST', `/api/studio/${STUDIO}/webhooks`, { key, json: { url, events: ['booking.confirmed'] } });
      expect([url, answer.status, answer.body.code, answer.body.errors]).toEqual([url, 422, 'invalid_webhook', [{ path: 'url', message }]]);
    }
    const both = await studioCall(app, 'POST', `/api/studio/${STUDIO}/webhooks`, { key, json: { url: 'ftp://x', events: ['booking.moved'], secret: 'mine' } });
    expect(both.body.errors.map((error: { path: string }) => error.path)).toEqual(['secret', 'url', 'events[0]']);
    expect((await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks`, { key })).body.webhooks).toEqual([]);
  });

  it('When a saved name is re-pointed at a private address before a call, then the call is refused at connection time and never reaches it', async () => {
    dns.set('rebind.casadelson.example', [{ address: '93.184.216.34', family: 4 }]);
    const hook = await register(`https://rebind.casadelson.example:${new URL(receiver.url).port}/hooks/studio-data`, ['booking.confirmed']);
    dns.set('rebind.casadelson.example', [{ address: '127.0.0.1', family: 4 }]);
    await book('hook-rebind', 'Eli');
    await app.server.delivery.deliverDue();
    expect(receiver.calls).toEqual([]);
    const [delivery] = await deliveries(hook.id);
    expect(delivery).toEqual(
      expect.objectContaining({
        status: 'pending',
        attempts: 1,
        responseStatus: null,
        lastError: 'rebind.casadelson.example resolves to 127.0.0.1, a loopback address: webhooks go to public addresses only',
      }),
    );
    await remove(hook.id);
  });

  it('When a webhook is deleted, then its calls still owed are dropped, and it is gone', async () => {
    const hook = await register(receiver.url, ['booking.confirmed']);
    await book('hook-delete', 'Fran');
    await remove(hook.id);
    await app.server.delivery.deliverDue();
    expect(receiver.calls).toEqual([]);
    const rows = await app.server.store.db.selectFrom('outbox').select(['status', 'last_error']).where('webhook_id', '=', hook.id).execute();
    expect(rows).toEqual([{ status: 'dropped', last_error: 'the webhook was deleted' }]);
    const gone = await studioCall(app, 'GET', `/api/studio/${STUDIO}/webhooks/${hook.id}/deliveries`, { key });
    expect([gone.status, gone.body.code]).toEqual([404, 'webhook_not_found']);
    expect((await studioCall(app, 'DELETE', `/api/studio/${STUDIO}/webhooks/${hook.id}`, { key })).body.code).toBe('webhook_not_found');
  });
});

// Last in this file, so it sees what every test above checked.
describe('the webhooks suite and its contract', () => {
  it('When the suite has run, then every webhook operation of the document has had a successful answer checked against it', () => {
    expect(studioOperationsUnchecked(['Webhooks'])).toEqual([]);
  });
});
