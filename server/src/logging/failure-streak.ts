import type { Logger } from 'pino';

/** How often a failure that goes on is said again. */
const REMIND_EVERY_MS = 60_000;

/**
 * The log of a task that runs again and again (a poll every second, a worker's pass): one warning
 * when it starts failing, one a minute while it goes on (with how many times so far), one line when
 * it works again. Not one warning, with its stack, for every attempt: in a database outage that was
 * three a second, and the first line, the one that says what happened, was lost among them.
 */
export function failureStreak(logger: Logger, words: { failing: string; recovered: string }, fields: Record<string, unknown> = {}, now: () => number = Date.now) {
  let failures = 0;
  let saidAt = 0;
  return {
    failed(error: unknown): void {
      failures += 1;
      const at = now();
      if (failures > 1 && at - saidAt < REMIND_EVERY_MS) return;
      saidAt = at;
      logger.warn({ err: error, ...fields, ...(failures > 1 ? { failuresSoFar: failures } : {}) }, words.failing);
    },
    succeeded(): void {
      if (failures === 0) return;
      logger.info({ ...fields, failures }, words.recovered);
      failures = 0;
    },
  };
}
