/**
 * Whether a class or event can be booked now, and if not, why (the page shows the reason instead
 * of the form). Cancelled wins over past, past over full; a class that has started is past; a null
 * capacity has no limit.
 */
export type ClassBookability = 'open' | 'past' | 'cancelled' | 'full';

export interface BookabilityFacts {
  cancelled: boolean;
  startsAt: number;
  capacity: number | null;
  confirmedBookings: number;
}

export function classBookability(occurrence: BookabilityFacts, nowMs: number): ClassBookability {
  if (occurrence.cancelled) return 'cancelled';
  if (occurrence.startsAt <= nowMs) return 'past';
  if (occurrence.capacity !== null && occurrence.confirmedBookings >= occurrence.capacity) return 'full';
  return 'open';
}
