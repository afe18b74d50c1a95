import type { BookingRecord } from '../booking/types';
import type { BookingQuery } from './booking-query';
import type { StudioBookingSource } from './booking-view';
import type { WebhookEventType } from './webhook-events';

/** What the studio API reads and writes; implemented by the data layer (data/studio-*.ts), wired in server.ts. */

export interface StudioKeyRecord {
  id: string;
  studioId: string;
  label: string | null;
  /** the key's first characters ("sdk_Ab3x") */
  hint: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface StudioKeyStore {
  create(key: { id: string; studioId: string; label: string | null; hash: string; hint: string; createdAt: number }): Promise<void>;
  /** the studio's keys, oldest first, revoked ones included */
  list(studioId: string): Promise<StudioKeyRecord[]>;
  /** ends the key now; null when there is no such key (a key revoked before keeps its first revocation time) */
  revoke(keyId: string, nowMs: number): Promise<StudioKeyRecord | null>;
  findByHash(hash: string): Promise<(StudioKeyRecord & { hash: string }) | null>;
  /** records a use (the caller writes at most once a minute per key) */
  touch(keyId: string, nowMs: number): Promise<void>;
}

/** A booking in the studio's list: with its last change, which orders the list and its cursor. */
export interface ListedBooking extends StudioBookingSource {
  updatedAt: number;
}

export interface RosterClass {
  id: string;
  name: string;
  isEvent: boolean;
  startsAt: number;
  endsAt: number;
  room: string | null;
  capacity: number | null;
  cancelled: boolean;
  instructorId: string | null;
}

export interface StudioBookingReader {
  /** the studio's time zone (dates in `from`/`to` are read in it); null for a studio not imported yet */
  studioZone(studioId: string): Promise<string | null>;
  /** one page: the bookings matching the filters after the cursor, newest change first, `limit` of them */
  page(studioId: string, query: BookingQuery & { limit: number }): Promise<ListedBooking[]>;
  findByReference(studioId: string, reference: string): Promise<ListedBooking | null>;
  /** the class or event of the studio with its confirmed bookings (in the order they were made) and its waitlist (in order); null when the studio has no such class */
  roster(studioId: string, classId: string): Promise<{ occurrence: RosterClass; booked: StudioBookingSource[]; waiting: StudioBookingSource[] } | null>;
}

export interface WebhookRecord {
  id: string;
  studioId: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  createdAt: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dropped';

export interface DeliveryRecord {
  id: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  /** the last answer's status code; null when none came (refused, timed out, not tried yet) */
  responseStatus: number | null;
  attemptedAt: number | null;
  /** when it is tried next, while pending */
  nextAttemptAt: number | null;
  createdAt: number;
  /** why the last try failed */
  lastError: string | null;
}

export interface WebhookStore {
  list(studioId: string): Promise<WebhookRecord[]>;
  count(studioId: string): Promise<number>;
  create(webhook: WebhookRecord): Promise<void>;
  /** false when the studio has no such webhook; its pending calls are dropped when their turn comes */
  remove(studioId: string, webhookId: string): Promise<boolean>;
  find(studioId: string, webhookId: string): Promise<WebhookRecord | null>;
  /** the webhook's calls, newest first */
  deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]>;
  /** makes the call due now, its retry schedule started afresh (same id, same body); null when the webhook has no such call */
  retryNow(webhookId: string, deliveryId: string, nowMs: number): Promise<DeliveryRecord | null>;
}

/** The studio's cancellation of a booking, through the booking store's one transaction (the seat, the waitlist, the messages). */
export type CancelByStudio = (bookingId: string, mayCancel: (booking: BookingRecord) => boolean) => Promise<'cancelled' | 'already_cancelled' | 'refused' | 'not_found'>;
