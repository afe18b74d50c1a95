import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser } from '../support/booking-form';
import { casaDelSon, lucia, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { eventuallyWithin } from '../support/eventually-within';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { createStudioKey, startWebhookReceiver, studioCall, type WebhookReceiver } from '../support/studio-api';
import { testNow, zoneDay } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The outbox's channels are delivered apart (delivery-worker.ts): a studio's webhook receiver that
 * takes its time holds back neither the students' emails nor another receiver's calls. The slow
 * receiver here holds every call it gets until the test lets it answer: what arrives meanwhile
 * arrived past it, whatever the machine's speed.
 */

const STUDIO = 'lanes-studio';
const DAY = zoneDay('Europe/Madrid', 7);
// More bookings than the mail transport's connections: each booking's calls would have held a lane.
const CLASSES = ['lanes-a', 'lanes-b', 'lanes-c', 'lanes-d', 'lanes-e'];

interface HeldReceiver {
  url: string;
  /** the calls it holds unanswered */
  held: number;
  /** answers every call held, and every later one at once */
  release(): void;
  close(): Promise<void>;
}

async function startHeldReceiver(): Promise<HeldReceiver> {
  let released = false;
  const waiting: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (released) res.end('ok');
      else waiting.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/slow`,
    get held() {
      return waiting.filter((res) => !res.writableEnded && !res.destroyed).length;
    },
    release() {
      released = true;
      for (const res of waiting.splice(0)) if (!res.destroyed) res.end('ok');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseTargets())('delivery with a slow webhook receiver on $name', (target: DatabaseTarget) => {
  let app: TestServer;
  let smtp: SmtpSink;
  let slow: HeldReceiver;
  let healthy: WebhookReceiver;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    slow = await startHeldReceiver();
    healthy = await startWebhookReceiver();
    const clock = testNow();
    app = await startTestServer(target, {
      documents: [casaDelSon({ id: STUDIO, studio: { locales: ['en'] }, classes: CLASSES.map((id) => salsaClass(id, { date: DAY })) })],
      now: () => clock,
      env: { SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', BOOKING_RATE_LIMIT: '0' },
    });
    const { key } = await createStudioKey(app, STUDIO, clock);
    for (const url of [slow.url, healthy.url]) {
      expect((await studioCall(app, 'POST', `/api/studio/${STUDIO}/webhooks`, { key, json: { url, events: ['booking.confirmed'] } })).status).toBe(201);
    }
  });
  afterAll(async () => {
    slow?.release();
    await app?.stop();
    await Promise.all([smtp?.close(), slow?.close(), healthy?.close()]);
  });

  it("When a studio's webhook receiver is slow to answer, then students still get their emails and the studio's other receiver its calls meanwhile", async () => {
    for (const id of CLASSES) {
      const posted = await new Browser(app.url, { 'Accept-Language': 'en' }).fillIn(`/book/${id}`, { ...lucia(), email: `${id}@example.com` });
      expect(posted.status).toBe(303);
    }
    for (const id of CLASSES) await smtp.mailTo(`${id}@example.com`, /^Booked:/);
    await eventuallyWithin(async () => expect(healthy.calls).toHaveLength(CLASSES.length), 8_000);
    // Everything above arrived while the slow receiver still held its calls.
    expect(slow.held).toBe(CLASSES.length);
    slow.release();
  });
});
