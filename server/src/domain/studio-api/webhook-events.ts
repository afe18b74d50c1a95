import type { BookingChange } from '../notifications/owed-messages';
import type { StudioBooking } from './booking-view';

/**
 * What a studio's webhooks are told (studio-api.md): one event per change of a booking. A promotion
 * from the waitlist is `waitlist.promoted` (its booking now confirmed), not also `booking.confirmed`;
 * a place on the waitlist that ends, whoever ends it, is `waitlist.left`. A booking or place whose
 * class an import moved to another time is `booking.rescheduled` (an event beyond studio-api.md's
 * list, added as its own: the studio's systems keep the booking's time).
 */
export const WEBHOOK_EVENTS = ['booking.confirmed', 'booking.cancelled', 'waitlist.joined', 'waitlist.promoted', 'waitlist.left', 'booking.rescheduled'] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

export function webhookEventOf(change: BookingChange): WebhookEventType {
  switch (change.change) {
    case 'confirmed':
      return 'booking.confirmed';
    case 'promoted':
      return 'waitlist.promoted';
    case 'waiting':
      return 'waitlist.joined';
    case 'cancelled':
      return change.booking.status === 'waiting' ? 'waitlist.left' : 'booking.cancelled';
    case 'rescheduled':
      return 'booking.rescheduled';
  }
}

/** The body of a webhook call (Standard Webhooks): `type`, `timestamp` (when it happened) and `data.booking` as it was then. */
export interface WebhookBody {
  type: WebhookEventType;
  timestamp: string;
  data: { booking: StudioBooking };
}

export function webhookBody(type: WebhookEventType, atMs: number, booking: StudioBooking): WebhookBody {
  return { type, timestamp: new Date(atMs).toISOString(), data: { booking } };
}
