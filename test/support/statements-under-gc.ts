import pino from 'pino';
import { openStore } from '../../server/src/data/database';
import { parseDatabaseUrl } from '../../server/src/data/database-url';
import { createListingReads } from '../../server/src/data/listing-reads';
import { createPublicCatalogReader } from '../../server/src/data/public-catalog-reader';
import { sqliteDriver } from '../../server/src/data/sqlite-database';
import { demoStudioId, readDemoDocument } from '../../server/src/demo/demo-studio';
import { createPublicCatalog } from '../../server/src/domain/public-api/public-catalog';
import { importStudioDocument } from '../../server/src/domain/studio-document/import-studio';
import { listingAnswer } from '../../server/src/http/listing/listing-answer';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { catalogStoreFor, keepDemoStudioCurrent, prepareDatabase } from '../../server/src/server';

/**
 * Run as its own process: `node --expose-gc --import tsx test/support/statements-under-gc.ts FILE`.
 * Does what broke on Node 24.19+ with better-sqlite3 12 (issue 15) on a SQLite file: the start's
 * demo load, an import, hundreds of queries whose statements the garbage collector finalizes, and
 * closing. Prints what it saw (the classes of the week from NOW) as one JSON line; an abort shows as
 * the process's signal.
 */

const QUERIES = 300;
/** A Wednesday within the demo document's own dates: the week listed is the same whenever this runs. */
const NOW = Date.parse('2026-11-25T09:00:00Z');

async function main(file: string): Promise<void> {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  if (!collectGarbage) throw new Error('run with --expose-gc');
  const store = openStore(parseDatabaseUrl(`sqlite:${file}`));
  await prepareDatabase(store);
  await keepDemoStudioCurrent(store, NOW, pino({ level: 'silent' }), 'http://localhost:3000');
  await importStudioDocument(catalogStoreFor(store), readDemoDocument(), NOW);
  const catalog = createPublicCatalog(createPublicCatalogReader(store.db), () => NOW);
  const listings = createListingReads(store.db, listingRenderer);
  const studioId = demoStudioId();
  let classes = 0;
  for (let query = 0; query < QUERIES; query++) {
    classes = (JSON.parse((await listingAnswer(listings, await catalog.classes(studioId, undefined))).body.toString('utf8')) as unknown[]).length;
    await catalog.profile(studioId);
    if (query % 100 === 99) collectGarbage();
  }
  await store.close();
  collectGarbage();
  const betterSqlite3Loaded = Object.keys(require.cache).some((module) => module.includes('/node_modules/better-sqlite3/'));
  process.stdout.write(`${JSON.stringify({ driver: sqliteDriver(), classes, betterSqlite3Loaded })}\n`);
}

main(process.argv[2] ?? '').catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
