import { isWaitlistOpen, type WaitlistPolicy } from './waitlist';

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

/** What one booking of a class gets: a seat, a place on its waitlist, or the reason it gets neither. */
export type ClassAdmission = 'seat' | 'waitlist' | Exclude<ClassBookability, 'open'>;

/**
 * The rule as the store applies it inside its transaction, with the class's seats counted under the
 * lock and the studio's policies as they are then. Passed in, so the rule lives here only.
 */
export type AdmissionRule = (occurrence: BookabilityFacts, policy: WaitlistPolicy) => ClassAdmission;

/**
 * An open class gives a seat. A full one gives a place on its waitlist to a student who asked to
 * wait, while the waitlist takes names (waitlist.ts); otherwise the answer is why not.
 */
export function classAdmission(nowMs: number, { joinWaitlist }: { joinWaitlist: boolean }): AdmissionRule {
  return (occurrence, policy) => {
    const bookability = classBookability(occurrence, nowMs);
    if (bookability === 'open') return 'seat';
    if (bookability === 'full' && joinWaitlist && isWaitlistOpen(occurrence, policy, nowMs) === true) return 'waitlist';
    return bookability;
  };
}
