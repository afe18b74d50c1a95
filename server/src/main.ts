// First: before anything else is loaded (runtime/next-tick-shape.ts says why).
import './runtime/next-tick-shape';
import { exitForStartFailure, loadConfigOrExit } from './config';
import { startServer } from './server';
import { demoStudioId } from './demo/demo-studio';
import { welcomeText } from './welcome';

/** `npm start`: validate the configuration, start the server, drain and exit on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const server = await startServer(config);
  const { logger } = server;
  logger.info({ url: server.url, database: config.database.dialect }, 'Studio Data is listening');
  for (const warning of config.warnings) logger.warn(warning);

  // A database that cannot be prepared (other than unreachable, which is retried) stops the server.
  // The welcome text is for trying the product out (DEMO_STUDIO=auto, the default), not for
  // deployments, whose start it would slow with queries; failing to write it is only logged.
  server.ready.then(
    async () => {
      if (config.demoStudio !== 'auto') return;
      const context = {
        db: server.store.db,
        dialect: config.database.dialect,
        serverUrl: server.url,
        publicBaseUrl: config.publicBaseUrl,
        checkoutBaseUrl: config.checkoutBaseUrl,
        preferredStudioId: demoStudioId(),
      };
      try {
        process.stdout.write(await welcomeText(context));
      } catch (error) {
        logger.warn({ err: error }, 'could not list the studios to try');
      }
    },
    () => logger.flush(() => process.exit(1)),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining in-flight requests, then exiting');
    logger.flush();
    server.close().then(
      () => logger.flush(() => process.exit(0)),
      (error) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => exitForStartFailure(error));
