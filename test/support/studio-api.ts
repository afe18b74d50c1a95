import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStudioKeyStore } from '../../server/src/data/studio-keys';
import { newStudioKey } from '../../server/src/domain/studio-api/studio-keys';
import { expectToMatchStudioOpenApi } from './openapi';
import type { TestServer } from './test-server';

/**
 * Calling the studio API as a studio's own system does: a key made as `npm run studio-key -- create`
 * makes it, requests with `Authorization: Bearer`, and every answer held to the studio API's OpenAPI
 * document. And a webhook receiver as a studio would run one.
 */

export interface StudioAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/** A new key of the studio, stored as the CLI stores it (hash only); answers the key and its id. */
export async function createStudioKey(app: TestServer, studioId: string, nowMs = Date.now()): Promise<{ key: string; id: string }> {
  const made = newStudioKey();
  await createStudioKeyStore(app.server.store.db).create({ id: made.id, studioId, label: 'test', hash: made.hash, hint: made.hint, createdAt: nowMs });
  return { key: made.key, id: made.id };
}

/** One request to the studio API; the answer must match the OpenAPI document (a CSV answer as its text). */
export async function studioCall(
  app: TestServer,
  method: string,
  path: string,
  options: { key?: string; json?: unknown; body?: string | Buffer; headers?: Record<string, string>; openApi?: boolean } = {},
): Promise<StudioAnswer> {
  const headers: Record<string, string> = { ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}), ...options.headers };
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${app.url}${path}`, { method, headers, body });
  const text = await response.text();
  const isJson = /json/.test(response.headers.get('content-type') ?? '');
  const answer: StudioAnswer = { status: response.status, headers: response.headers, text, body: isJson && text !== '' ? JSON.parse(text) : undefined };
  if (options.openApi !== false) {
    expectToMatchStudioOpenApi({ status: answer.status, headers: Object.fromEntries(response.headers), body: isJson ? answer.body : text, text }, method, path);
  }
  return answer;
}

export interface ReceivedCall {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  calls: ReceivedCall[];
  /** the status of each next answer, in turn; 200 once they run out */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1, keeping every call it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/studio-data`,
    calls,
    answerWith: (...next) => void statuses.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
