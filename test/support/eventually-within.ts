import { performance } from 'node:perf_hooks';

/**
 * Runs `assertion` until it passes, every 100 ms, and throws its last error once `timeoutMs` have
 * gone by. The time is measured on the monotonic clock: a wall clock set back or forward (faketime,
 * an NTP step) neither ends the wait early nor makes it endless.
 */
export async function eventuallyWithin(assertion: () => Promise<unknown>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
