// First: before anything else is loaded (runtime/next-tick-shape.ts says why).
import '../runtime/next-tick-shape';
import { exitForStartFailure, loadConfigOrExit } from '../config';
import { openStore } from '../data/database';
import { isUnreachableError } from '../data/unavailable';
import { createOutboxDelivery } from '../delivery/outbox-delivery';
import { createLogger, prepareDatabase } from '../server';

/**
 * `npm run worker`: delivers the outbox and nothing else, for deployments that run it apart from the
 * servers (set OUTBOX_WORKER=off on them) or beside them (they share the work). Reads the same
 * configuration as the server; SIGTERM or SIGINT finish the delivery in progress, then exit.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // Each line at once: what the worker did (and gave up on) is on standard output while it runs.
  const logger = createLogger(config.logLevel, { eachLineAtOnce: true });
  for (const warning of config.warnings) logger.warn(warning);
  const store = openStore(config.database);
  for (;;) {
    try {
      await prepareDatabase(store);
      break;
    } catch (error) {
      if (!isUnreachableError(error)) throw error;
      logger.warn({ err: error }, 'database unreachable at start; retrying in 2 s');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  const { worker, transport } = createOutboxDelivery(store, config, logger, Date.now);
  worker.start();
  logger.info({ to: transport.destination }, 'delivering booking emails');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'finishing the delivery in progress, then exiting');
    worker
      .stop()
      .then(async () => {
        transport.close();
        await store.close();
      })
      .then(
        () => logger.flush(() => process.exit(0)),
        (error: unknown) => {
          logger.error({ err: error }, 'error while stopping the worker');
          logger.flush(() => process.exit(1));
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => exitForStartFailure(error, 'The outbox worker'));
