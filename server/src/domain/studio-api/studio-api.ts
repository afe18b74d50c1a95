import { randomBytes } from 'node:crypto';
import { ConflictError, NotFoundError, UnprocessableError, clipForDetail, type BodyProblem } from '../errors';
import { isOccurrenceId } from '../ids';
import { StudioDocumentError } from '../studio-document/problems';
import type { ImportSummary } from '../studio-document/import-studio';
import { parseBookingQuery, writeCursor, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type BookingQuery } from './booking-query';
import { typedReference } from './booking-search';
import { toStudioBooking, type StudioBooking } from './booking-view';
import type { CancelByStudio, DeliveryRecord, RosterClass, StudioBookingReader, WebhookRecord, WebhookStore } from './ports';
import { hostOf, resolvedAddressesProblem, webhookUrlProblem, type ResolveHost, type WebhookAddressPolicy } from './webhook-address';
import { WEBHOOK_EVENTS, isWebhookEventType, type WebhookEventType } from './webhook-events';
import ipaddr from 'ipaddr.js';

/**
 * The use-cases of the studio API (studio-api.md), for a studio already authenticated by its key:
 * pushing its document (the import's use-case, unchanged), its bookings (a page, an export, one,
 * a class's roster), cancelling one, and its webhooks. The HTTP side turns the errors into problems.
 */

export interface StudioApiDeps {
  bookings: StudioBookingReader;
  cancelBooking: CancelByStudio;
  /** the import's use-case (importStudioDocument), for this studio only */
  importDocument: (document: unknown, studioId: string) => Promise<ImportSummary>;
  webhooks: WebhookStore;
  resolveHost: ResolveHost;
  webhookAddresses: WebhookAddressPolicy;
  now: () => number;
}

/** A studio's webhooks: enough for several systems, few enough that one booking never owes hundreds of calls. */
export const MAX_WEBHOOKS_PER_STUDIO = 10;
const RECENT_DELIVERIES = 100;
const REFERENCE_PATTERN = /^[A-Z0-9-]{1,32}$/;
const WEBHOOK_ID_PATTERN = /^wh_[A-Za-z0-9_-]{1,28}$/;
const DELIVERY_ID_PATTERN = /^[0-9a-f-]{36}$/;

export interface BookingPage {
  bookings: StudioBooking[];
  /** the cursor of the next page; null on the last */
  next: string | null;
}

export interface Roster {
  class: { id: string; title: string; kind: 'class' | 'event'; start: string; end: string; room: string | null; capacity: number | null; cancelled: boolean; instructorId: string | null };
  booked: StudioBooking[];
  waiting: StudioBooking[];
}

export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
}

export interface DeliveryView {
  id: string;
  event: string;
  status: DeliveryRecord['status'];
  attempts: number;
  responseStatus: number | null;
  attemptedAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  lastError: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createStudioApi(deps: StudioApiDeps) {
  const { bookings, webhooks } = deps;

  /** The query, its dates read in the studio's zone (UTC for a studio not imported yet), and that zone. */
  async function readQuery(studioId: string, raw: Record<string, unknown>): Promise<{ query: BookingQuery; zone: string }> {
    const zone = (await bookings.studioZone(studioId)) ?? 'UTC';
    return { query: parseBookingQuery(raw, zone), zone };
  }

  /** A reference as the student quoted it: in lowercase, read out with spaces, with other dashes, it is still theirs. */
  async function requireBooking(studioId: string, quoted: string) {
    const reference = typedReference(quoted) ?? quoted.trim().toUpperCase();
    const found = REFERENCE_PATTERN.test(reference) ? await bookings.findByReference(studioId, reference) : null;
    if (!found) throw new NotFoundError('booking_not_found', `The studio has no booking with the reference "${clipForDetail(quoted)}".`);
    return found;
  }

  async function requireWebhook(studioId: string, webhookId: string): Promise<WebhookRecord> {
    const found = WEBHOOK_ID_PATTERN.test(webhookId) ? await webhooks.find(studioId, webhookId) : null;
    if (!found) throw new NotFoundError('webhook_not_found', `The studio has no webhook with the id "${clipForDetail(webhookId)}".`);
    return found;
  }

  /** The URL's form, then the addresses its host resolves to now (checked again at every call). */
  async function webhookUrlProblems(url: unknown): Promise<string | null> {
    const formProblem = webhookUrlProblem(url, deps.webhookAddresses);
    if (formProblem !== null) return formProblem;
    const host = hostOf(new URL(url as string));
    if (ipaddr.isValid(host)) return null;
    let addresses;
    try {
      addresses = await deps.resolveHost(host);
    } catch {
      return `${host} does not resolve (check the name, or try again once its DNS is set up)`;
    }
    return resolvedAddressesProblem(host, addresses, deps.webhookAddresses);
  }

  return {
    /** Replaces the studio's catalog with the document, as `npm run import` does: every problem listed (422), nothing written unless there is none. */
    async pushDocument(studioId: string, document: unknown): Promise<ImportSummary> {
      try {
        return await deps.importDocument(document, studioId);
      } catch (error) {
        if (error instanceof StudioDocumentError) {
          throw new UnprocessableError('invalid_document', `The studio document has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}; nothing was imported.`, error.problems);
        }
        throw error;
      }
    },

    /** The JSON body of a document that could not be read as JSON: a problem of the document too. */
    unreadableDocument(reason: string): UnprocessableError {
      return new UnprocessableError('invalid_document', 'The studio document is not valid JSON; nothing was imported.', [{ path: '(document)', message: `not valid JSON: ${reason}` }]);
    },

    async bookingPage(studioId: string, raw: Record<string, unknown>): Promise<BookingPage> {
      const { query } = await readQuery(studioId, raw);
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      // One more than asked: whether there is a next page, without a second query.
      const rows = await bookings.page(studioId, { ...query, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { bookings: page.map(toStudioBooking), next: rows.length > limit && last ? writeCursor({ updatedAt: last.updatedAt, id: last.booking.id }) : null };
    },

    /**
     * Every booking the query selects, page after page from the database (memory stays flat however
     * many there are): the CSV export. With a `limit`, that many only. Parameters are checked before
     * the first row is read, so a bad query is answered as a problem, not as a broken download. With
     * the studio's zone, in which a spreadsheet's reader expects the times.
     */
    async bookingExport(studioId: string, raw: Record<string, unknown>): Promise<{ zone: string; pages: AsyncIterable<StudioBooking[]> }> {
      const { query, zone } = await readQuery(studioId, raw);
      const pages = (async function* () {
        let after = query.after;
        let left = query.limit ?? Number.POSITIVE_INFINITY;
        while (left > 0) {
          const size = Math.min(MAX_PAGE_SIZE, left);
          const rows = await bookings.page(studioId, { ...query, after, limit: size });
          if (rows.length > 0) yield rows.map(toStudioBooking);
          if (rows.length < size) return;
          left -= rows.length;
          const last = rows.at(-1)!;
          after = { updatedAt: last.updatedAt, id: last.booking.id };
        }
      })();
      return { zone, pages };
    },

    async booking(studioId: string, reference: string): Promise<StudioBooking> {
      return toStudioBooking(await requireBooking(studioId, reference));
    },

    /**
     * The studio cancels a booking (or a place on the waitlist): the seat goes to the waitlist, the
     * student is emailed, the webhooks told, all in the booking's one transaction. Cancelling again
     * changes nothing. A class or lesson that has started is not cancelled (409).
     */
    async cancel(studioId: string, reference: string): Promise<{ booking: StudioBooking; changed: boolean }> {
      const found = await requireBooking(studioId, reference);
      const outcome = await deps.cancelBooking(found.booking.id, (booking) => booking.startsAt > deps.now());
      if (outcome === 'not_found') throw new NotFoundError('booking_not_found', `The studio has no booking with the reference "${clipForDetail(reference)}".`);
      if (outcome === 'refused') throw new ConflictError('booking_started', `${found.booking.title} has started (or is over): the booking is no longer cancelled online.`);
      return { booking: toStudioBooking(await requireBooking(studioId, found.booking.reference)), changed: outcome === 'cancelled' };
    },

    async roster(studioId: string, classId: string): Promise<Roster> {
      const found = isOccurrenceId(classId) ? await bookings.roster(studioId, classId) : null;
      if (!found) throw new NotFoundError('class_not_found', `The studio has no class or event with the id "${clipForDetail(classId)}".`);
      return { class: rosterClass(found.occurrence), booked: found.booked.map(toStudioBooking), waiting: found.waiting.map(toStudioBooking) };
    },

    async listWebhooks(studioId: string): Promise<WebhookView[]> {
      return (await webhooks.list(studioId)).map(webhookView);
    },

    /** Registers a webhook; the answer holds its signing secret, which is never shown again. */
    async createWebhook(studioId: string, body: unknown): Promise<WebhookView & { secret: string }> {
      const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
      const problems: BodyProblem[] = [];
      if (typeof body !== 'object' || body === null || Array.isArray(body)) problems.push({ path: '(body)', message: 'expected a JSON object { "url", "events" }' });
      for (const name of Object.keys(input)) if (name !== 'url' && name !== 'events') problems.push({ path: name.slice(0, 40), message: 'not a member of a webhook (url, events)' });
      const urlProblem = await webhookUrlProblems(input.url);
      if (urlProblem !== null) problems.push({ path: 'url', message: urlProblem });
      const events = input.events;
      if (!Array.isArray(events) || events.length === 0) {
        problems.push({ path: 'events', message: `expected a non-empty list of: ${WEBHOOK_EVENTS.join(', ')}` });
      } else {
        events.forEach((event, index) => {
          if (!isWebhookEventType(event)) problems.push({ path: `events[${index}]`, message: `expected one of ${WEBHOOK_EVENTS.join(', ')}` });
        });
      }
      if ((await webhooks.count(studioId)) >= MAX_WEBHOOKS_PER_STUDIO) problems.push({ path: '(body)', message: `a studio has at most ${MAX_WEBHOOKS_PER_STUDIO} webhooks: delete one first` });
      if (problems.length > 0) throw new UnprocessableError('invalid_webhook', `The webhook has ${problems.length} problem${problems.length === 1 ? '' : 's'}; it was not saved.`, problems);

      const record: WebhookRecord = {
        id: `wh_${randomBytes(12).toString('base64url')}`,
        studioId,
        url: input.url as string,
        events: WEBHOOK_EVENTS.filter((event) => (events as unknown[]).includes(event)),
        secret: `whsec_${randomBytes(24).toString('base64')}`,
        createdAt: deps.now(),
      };
      await webhooks.create(record);
      return { ...webhookView(record), secret: record.secret };
    },

    async deleteWebhook(studioId: string, webhookId: string): Promise<void> {
      if (!WEBHOOK_ID_PATTERN.test(webhookId) || !(await webhooks.remove(studioId, webhookId))) {
        throw new NotFoundError('webhook_not_found', `The studio has no webhook with the id "${clipForDetail(webhookId)}".`);
      }
    },

    async deliveries(studioId: string, webhookId: string): Promise<DeliveryView[]> {
      const webhook = await requireWebhook(studioId, webhookId);
      return (await webhooks.deliveries(webhook.id, RECENT_DELIVERIES)).map(deliveryView);
    },

    async retryDelivery(studioId: string, webhookId: string, deliveryId: string): Promise<DeliveryView> {
      const webhook = await requireWebhook(studioId, webhookId);
      const delivery = DELIVERY_ID_PATTERN.test(deliveryId) ? await webhooks.retryNow(webhook.id, deliveryId, deps.now()) : null;
      if (!delivery) throw new NotFoundError('delivery_not_found', `The webhook has no delivery with the id "${clipForDetail(deliveryId)}".`);
      return deliveryView(delivery);
    },
  };
}

export type StudioApi = ReturnType<typeof createStudioApi>;

function rosterClass(occurrence: RosterClass): Roster['class'] {
  return {
    id: occurrence.id,
    title: occurrence.name,
    kind: occurrence.isEvent ? 'event' : 'class',
    start: new Date(occurrence.startsAt).toISOString(),
    end: new Date(occurrence.endsAt).toISOString(),
    room: occurrence.room,
    capacity: occurrence.capacity,
    cancelled: occurrence.cancelled,
    instructorId: occurrence.instructorId,
  };
}

function webhookView(webhook: WebhookRecord): WebhookView {
  return { id: webhook.id, url: webhook.url, events: webhook.events, createdAt: new Date(webhook.createdAt).toISOString() };
}

function deliveryView(delivery: DeliveryRecord): DeliveryView {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    responseStatus: delivery.responseStatus,
    attemptedAt: iso(delivery.attemptedAt),
    nextAttemptAt: iso(delivery.nextAttemptAt),
    createdAt: new Date(delivery.createdAt).toISOString(),
    lastError: delivery.lastError,
  };
}
