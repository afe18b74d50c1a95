import { ConfigError, loadConfig } from './config';
import { startServer } from './server';
import { readDemoDocument } from './demo/demo-studio';
import { createPublicCatalogReader } from './data/public-catalog-reader';
import { listingBody, listingRenderer } from './http/serializers/occurrences';
import { createPublicCatalog } from './domain/public-api/public-catalog';
import type { Listing } from './domain/public-api/reader';

/** `npm start`: validate the configuration, start the server, drain and exit on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const server = await startServer(config);
  const { logger } = server;
  logger.info({ url: server.url, database: config.database.dialect }, 'Studio Data is listening');

  server.ready
    .then(async () => {
      if (config.demoStudio !== 'auto') return;
      const demo = readDemoDocument().studio as { id: string; locales?: string[] };
      const demoId = demo.id;
      const base = `${config.publicBaseUrl}/api/public`;
      const catalog = createPublicCatalog(createPublicCatalogReader(server.store.db, listingRenderer));
      // Read back as the API lists them: a week of classes may come as joined days.
      const listed = async (listing: Promise<Listing>) => JSON.parse(listingBody(await listing).toString('utf8')) as { id: string; date: string }[];
      const nextClass = (await listed(catalog.classes(demoId, undefined))).find((entry) => Date.parse(entry.date) > Date.now());
      const [nextEvent] = await listed(catalog.events(demoId, undefined));
      const [teacher] = await catalog.privateLessonInstructors(demoId);
      const locale = demo.locales?.[0] ?? 'en';
      process.stdout.write(
        [
          '',
          `Studio Data is running at ${server.url} (${config.database.dialect}). Try:`,
          `  ${base}/studio/${demoId}/profile`,
          `  ${base}/studio/${demoId}/classes`,
          `  ${base}/studio/${demoId}/classes/Salsa`,
          `  ${base}/studio/${demoId}/events`,
          `  ${base}/studio/${demoId}/instructors`,
          `  ${base}/studio/${demoId}/packages`,
          `  ${base}/studio/${demoId}/private-lesson-instructors`,
          `  ${base}/studio/${demoId}/private-lesson-questions`,
          `  ${base}/openapi.json`,
          '',
          'Hosted booking pages of the demo studio:',
          ...(nextClass ? [`  ${config.checkoutBaseUrl}/book/${nextClass.id}`] : []),
          ...(nextEvent ? [`  ${config.checkoutBaseUrl}/book/${nextEvent.id}`] : []),
          ...(teacher ? [`  ${config.checkoutBaseUrl}/${locale}/book/private-lesson/${teacher.person.id}`] : []),
          '',
        ].join('\n') + '\n',
      );
    })
    .catch(() => logger.flush(() => process.exit(1)));

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

void main();
