import type { StudioPolicies } from '../catalog';

/**
 * When a full class takes names on its waitlist (booking-lifecycle.md): the studio keeps waitlists,
 * and the class is full and still ahead of the studio's cutoff. The same rule for the booking page,
 * the booking's transaction and the public API's `waitlistOpen`.
 */

export type WaitlistPolicy = Pick<StudioPolicies, 'waitlist' | 'cancellationCutoffMinutes'>;

export interface SeatFacts {
  capacity: number | null;
  confirmedBookings: number;
  startsAt: number;
}

const MINUTE_MS = 60_000;

/** When the waitlist of a class starting then closes: at the studio's cutoff, when cancelling online ends too. */
export function waitlistClosesAt(startsAt: number, policy: WaitlistPolicy): number {
  return startsAt - policy.cancellationCutoffMinutes * MINUTE_MS;
}

/** The contract's `waitlistOpen`: null without a capacity; else whether the class is full and its waitlist takes names now. */
export function isWaitlistOpen(facts: SeatFacts, policy: WaitlistPolicy, nowMs: number): boolean | null {
  if (facts.capacity === null) return null;
  return facts.confirmedBookings >= facts.capacity && policy.waitlist && nowMs < waitlistClosesAt(facts.startsAt, policy);
}

/** The first instant at which one of these classes' open waitlists closes by time alone: until then a listing of them holds. */
export function firstWaitlistClosing(entries: readonly SeatFacts[], policy: WaitlistPolicy, nowMs: number): number | null {
  let first: number | null = null;
  for (const entry of entries) {
    if (isWaitlistOpen(entry, policy, nowMs) !== true) continue;
    const closes = waitlistClosesAt(entry.startsAt, policy);
    if (first === null || closes < first) first = closes;
  }
  return first;
}
