import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { openStore } from '../data/database';
import { StudioDocumentError } from '../domain/studio-document/problems';
import { importStudioDocument, parseStudioDocumentText } from '../domain/studio-document/import-studio';
import { catalogStoreFor, createLogger, prepareDatabase } from '../server';
import { announceStudioChange } from '../shared-state/announce-change';
import { bookingsReport } from './bookings-report';
import { counted } from './counted';

/**
 * `npm run import -- FILE.json`: validates the whole studio document, then replaces that studio's
 * catalog in one transaction (bookings are kept). Exit codes: 0 imported, 1 document has problems,
 * 2 usage, configuration or database error.
 */
async function main(argv: string[]): Promise<number> {
  const file = argv[0];
  if (!file || argv.length > 1 || file === '--help') {
    process.stderr.write('Usage: npm run import -- FILE.json   (reads DATABASE_URL like the server)\n');
    return 2;
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    process.stderr.write(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return 2;
  }
  const config = loadConfig();
  const store = openStore(config.database);
  try {
    await prepareDatabase(store);
    const summary = await importStudioDocument(catalogStoreFor(store), parseStudioDocumentText(text));
    const { counts } = summary;
    process.stdout.write(
      `${summary.created ? 'Created' : 'Replaced'} studio "${summary.studioId}" (version ${summary.version}): ` +
        `${counted(counts.danceTypes, 'dance type', 'dance types')}, ${counted(counts.people, 'person', 'people')}, ${counted(counts.occurrences, 'class and event occurrence', 'class and event occurrences')}, ` +
        `${counted(counts.packages, 'package', 'packages')}, ${counted(counts.privateLessonInstructors, 'private lesson instructor', 'private lesson instructors')}, ${counted(counts.questions, 'question', 'questions')}.\n`,
    );
    if (!summary.created) process.stdout.write(`${bookingsReport(summary.bookings).join('\n')}\n`);
    await announceStudioChange(config, summary.studioId, createLogger('warn', { eachLineAtOnce: true }));
    return 0;
  } catch (error) {
    if (error instanceof StudioDocumentError) {
      process.stderr.write(`${file}: nothing was imported.\n${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : `Import failed: ${(error as Error).message}`}\n`);
    process.exit(2);
  },
);
