import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Webhook } from 'standardwebhooks';
import { addressProblem, hostOf, resolvedAddressesProblem, webhookUrlProblem, type ResolveHost, type WebhookAddressPolicy } from '../domain/studio-api/webhook-address';
import type { WebhookRecord } from '../domain/studio-api/ports';
import type { ClaimedMessage } from '../data/outbox-store';

/**
 * Posts one webhook call (Standard Webhooks, standardwebhooks.com): the body fixed when the change
 * was made, signed with the webhook's secret (`webhook-id` the call's id, the same on every try;
 * `webhook-timestamp` this try's time; `webhook-signature` `v1,` + HMAC-SHA256). A 2xx answer
 * within 10 s is delivered; anything else (another status, a redirect, a refused or slow
 * connection) throws, and the worker tries again on the outbox's schedule.
 *
 * The address is checked where the connection is made: the name is resolved, every address it
 * resolves to must be public (or loopback for the development exception), and the socket connects
 * to one of exactly those addresses (a `lookup` of our own), so a name re-pointed at a private
 * address after it was saved (DNS rebinding) is refused, not called.
 */

export interface WebhookSenderDeps {
  webhooks: { findForDelivery(webhookId: string): Promise<WebhookRecord | null> };
  outbox: { recordResponse(message: ClaimedMessage, responseStatus: number | null, nowMs: number): Promise<void> };
  resolveHost: ResolveHost;
  addresses: WebhookAddressPolicy;
  now: () => number;
  /** the whole call, connecting included (10 s) */
  timeoutMs?: number;
}

export type WebhookOutcome = 'delivered' | 'webhook_deleted';

const TIMEOUT_MS = 10_000;
/** What of an answer is read: enough to finish the exchange, never a receiver's whole page. */
const ANSWER_BYTES_READ = 64 * 1024;
const USER_AGENT = 'StudioData-Webhooks/1';

export class WebhookCallError extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null,
  ) {
    super(message);
    this.name = 'WebhookCallError';
  }
}

export function createWebhookSender(deps: WebhookSenderDeps) {
  const timeoutMs = deps.timeoutMs ?? TIMEOUT_MS;

  /** A `lookup` that hands the socket only addresses it has checked. */
  function checkedLookup(hostname: string): LookupFunction {
    return (name, options, callback) => {
      deps.resolveHost(name).then(
        (addresses) => {
          const problem = resolvedAddressesProblem(hostname, addresses, deps.addresses);
          if (problem) return callback(Object.assign(new Error(problem), { code: 'EADDRNOTALLOWED' }), '', 0);
          const family = (options as { family?: number | string }).family;
          const wanted = family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;
          const usable = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
          if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }), '', 0);
          if ((options as { all?: boolean }).all) return (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, usable);
          callback(null, usable[0]!.address, usable[0]!.family);
        },
        (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
      );
    };
  }

  function post(target: URL, headers: Record<string, string>, body: string): Promise<number> {
    const host = hostOf(target);
    // An IP literal is never looked up: check it here (the form check at saving did too, but rules may have changed since).
    if (ipaddr.isValid(host)) {
      const problem = addressProblem(host, host, deps.addresses);
      if (problem) return Promise.reject(new WebhookCallError(problem, null));
    }
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'User-Agent': USER_AGENT },
          lookup: checkedLookup(host),
          agent: false,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > ANSWER_BYTES_READ) response.destroy();
          });
          response.on('close', () => resolve(response.statusCode ?? 0));
          response.on('error', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        reject(new WebhookCallError(error.name === 'AbortError' || error.code === 'ABORT_ERR' ? `no answer within ${timeoutMs / 1000} s` : error.message, null)),
      );
      request.end(body);
    });
  }

  return {
    /** Delivers the call, or throws WebhookCallError (the worker retries it). */
    async deliver(message: ClaimedMessage): Promise<WebhookOutcome> {
      const webhook = message.webhookId === null ? null : await deps.webhooks.findForDelivery(message.webhookId);
      if (!webhook || message.webhookBody === null) return 'webhook_deleted';
      const target = new URL(webhook.url);
      const formProblem = webhookUrlProblem(webhook.url, deps.addresses);
      let status: number | null = null;
      try {
        if (formProblem) throw new WebhookCallError(formProblem, null);
        const sentAt = new Date(deps.now());
        const signature = new Webhook(webhook.secret).sign(message.id, sentAt, message.webhookBody);
        status = await post(
          target,
          { 'webhook-id': message.id, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature },
          message.webhookBody,
        );
      } catch (error) {
        await deps.outbox.recordResponse(message, null, deps.now());
        throw error instanceof WebhookCallError ? error : new WebhookCallError((error as Error).message, null);
      }
      await deps.outbox.recordResponse(message, status, deps.now());
      if (status < 200 || status > 299) throw new WebhookCallError(`the receiver answered ${status}`, status);
      return 'delivered';
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
