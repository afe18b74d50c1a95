import type { Logger } from 'pino';
import type { OutboxStore } from '../data/outbox-store';

/**
 * The outbox's retention: a message finished (sent, given up after 72 hours, or no longer owed)
 * longer ago than OUTBOX_RETENTION_DAYS is removed, so the table holds what is owed and the recent
 * record (the studio API's deliveries list, the operator's look at what failed), not every email
 * ever sent. A message still owed is never removed, however old. Runs beside the delivery worker, in
 * every process that delivers: at start, then every hour; processes that do it at once remove
 * different rows or none.
 */

export interface OutboxRetention {
  /** a first pass now, then one an hour (idempotent) */
  start(): void;
  /** stops the hourly passes and waits for one in progress */
  stop(): Promise<void>;
  /** removes every message finished before the retention: answers how many */
  removeExpired(): Promise<number>;
}

const DAY_MS = 24 * 60 * 60_000;
/** Removed a batch at a time: each delete is short, and deliveries go on between them. */
const BATCH_SIZE = 500;
const PASS_INTERVAL_MS = 60 * 60_000;

export function createOutboxRetention(deps: {
  outbox: Pick<OutboxStore, 'removeFinished'>;
  /** 0: keep every message */
  retentionDays: number;
  now: () => number;
  logger: Logger;
}): OutboxRetention {
  const { outbox, retentionDays, now, logger } = deps;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** the pass in progress, if any: an hour's pass that finds one still going leaves it be */
  let pass: Promise<void> | null = null;

  async function removeExpired(): Promise<number> {
    if (retentionDays === 0) return 0;
    const finishedBefore = now() - retentionDays * DAY_MS;
    let removed = 0;
    // A stop ends the pass between batches: what is left goes at the next one.
    while (!stopped) {
      const batch = await outbox.removeFinished(finishedBefore, BATCH_SIZE);
      removed += batch;
      if (batch < BATCH_SIZE) break;
    }
    if (removed > 0) logger.info({ removed, finishedBefore: new Date(finishedBefore).toISOString(), retentionDays }, 'removed finished messages from the outbox');
    return removed;
  }

  /** A pass that fails (the database is away) is tried again at the next hour: nothing is owed by it. */
  const runPass = () => {
    pass ??= removeExpired()
      .then(
        () => undefined,
        (error: unknown) => logger.warn({ err: error }, 'could not remove finished messages from the outbox; trying again in an hour'),
      )
      .finally(() => {
        pass = null;
      });
  };

  return {
    start() {
      if (timer || retentionDays === 0) return;
      stopped = false;
      runPass();
      timer = setInterval(runPass, PASS_INTERVAL_MS).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await pass;
    },
    removeExpired,
  };
}
