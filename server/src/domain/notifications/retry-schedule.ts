/**
 * When a message that could not be delivered is tried again (booking-lifecycle.md): after about
 * 30 s, 2 min, 10 min, 1 h and 6 h, then every 12 h, until 72 hours have passed since it was due;
 * then it is given up (marked failed, and logged).
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

const FIRST_DELAYS_MS = [30 * SECOND_MS, 2 * MINUTE_MS, 10 * MINUTE_MS, HOUR_MS, 6 * HOUR_MS];
const LATER_DELAY_MS = 12 * HOUR_MS;
const GIVE_UP_AFTER_MS = 72 * HOUR_MS;

/** The delay before the next try, after `attempts` failed tries (1 after the first failure). */
export function retryDelayMs(attempts: number): number {
  return FIRST_DELAYS_MS[Math.max(0, attempts - 1)] ?? LATER_DELAY_MS;
}

/** Whether a message due at `dueAt` that failed again at `failedAt` is given up rather than retried. */
export function isGivenUp(dueAt: number, failedAt: number): boolean {
  return failedAt - dueAt >= GIVE_UP_AFTER_MS;
}
