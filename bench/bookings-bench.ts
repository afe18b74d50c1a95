import { openStore, type Store } from '../server/src/data/database';
import { parseDatabaseUrl } from '../server/src/data/database-url';
import { importStudioDocument } from '../server/src/domain/studio-document/import-studio';
import { catalogStoreFor, prepareDatabase } from '../server/src/server';
import { checkOwedMessages, checkRush } from './booking-checks';
import { rushClass } from './booking-rush';
import { bookingStudioDocument, type RushedClass } from './booking-studio';
import { bookingsReport, deliveryLine, deliveryTable, rushLine, rushTable, type DeliveryFigure, type RushFigure } from './bookings-report';
import { cpuBetween, sampleCpu } from './cpu';
import { dropDatabase, mariadbUrl, recreateDatabase } from './database-server';
import { measureDelivery, type MailDestination } from './delivery-rate';
import { describeMachine, loadAverageNow } from './machine';
import { assertRunning, productionServerArgs, productionWorkerArgs, startServerOn, stopChild } from './processes';
import { recordResults } from './results-file';

/**
 * The bookings part of `npm run bench` (`-- --only bookings` runs it alone): on a scratch MariaDB
 * database of its own, the production server takes 200 students booking one class at once through
 * the hosted booking page (a class of 10,000 seats, then one of 100 seats whose other 100 students
 * join the waitlist), with its outbox worker off; every answer is checked against the database.
 * Then outbox workers deliver what those bookings owe, to a real SMTP server and to .eml files.
 * Everything runs ROUNDS times on a fresh database, so each figure is measured more than once.
 */

const DATABASE = 'studio_data_bench_bookings';
const DATABASE_URL = mariadbUrl(DATABASE);
const ROUNDS = 2;
const STUDENTS = 200;
/** Students booking a class of their own first, so the measured rushes do not include the server's first, colder requests. */
const WARM_UP_STUDENTS = 20;
const WARM_UP: RushedClass = { id: 'bench-warm-up', name: 'warm-up', capacity: 10_000 };
const RUSHED: RushedClass[] = [
  { id: 'bench-seats', name: '10,000 seats', capacity: 10_000 },
  { id: 'bench-waitlist', name: '100 seats', capacity: 100 },
];
const DELIVERIES: { workers: number; destination: MailDestination }[] = [
  { workers: 1, destination: 'smtp' },
  { workers: 2, destination: 'smtp' },
  { workers: 1, destination: 'eml' },
  { workers: 2, destination: 'eml' },
];
/** Every limit off: 200 students from one address would otherwise be refused as one client. */
const SERVER_ENV = { OUTBOX_WORKER: 'off', BOOKING_RATE_LIMIT: '0', RATE_LIMIT_PER_MINUTE: '0' };

const log = (line: string) => process.stdout.write(`${line}\n`);

export async function runBookingsBench(): Promise<void> {
  const startedAt = new Date();
  const loadAverage = loadAverageNow();
  const rushes: RushFigure[] = [];
  const deliveries: DeliveryFigure[] = [];
  log(`bookings: ${ROUNDS} rounds on a scratch database ${DATABASE} (load average ${loadAverage})`);
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      await recreateDatabase(DATABASE);
      const store = openStore(parseDatabaseUrl(DATABASE_URL));
      try {
        rushes.push(...(await bookingRushes(store, round)));
        deliveries.push(...(await deliveryRuns(store, round)));
      } finally {
        await store.close();
      }
    }
  } finally {
    await dropDatabase(DATABASE);
  }

  const report = bookingsReport({
    startedAt,
    machine: describeMachine(loadAverage),
    method: [
      `${ROUNDS} rounds, each on a fresh MariaDB database \`${DATABASE}\` (dropped at the end) holding one studio (with a notification address) and its classes two weeks ahead.`,
      `Server: the production build (node ${productionServerArgs().join(' ')}) with OUTBOX_WORKER=off (delivery does not compete with the bookings), BOOKING_RATE_LIMIT=0, RATE_LIMIT_PER_MINUTE=0, LOG_LEVEL=info (stdout to /dev/null), DEMO_STUDIO=off.`,
      `Each student is a browser of its own in the bench process (a new connection per request, cookies kept): GET /book/{class}, then POST of the form (its _csrf and idempotencyKey, name, email, terms=yes);`,
      'one refused with 409 because the class filled up meanwhile posts the waitlist form that answer shows (intent=waitlist). All start at once, after a warm-up of 20 students on another class.',
      '"wall s" = from the first GET to the last answer; "bookings/s" = students answered 303 (a seat or a place in line) / wall s; POST latency over every POST.',
      'Checked after each rush (the bench fails otherwise): one booking per student, exactly the capacity confirmed (the seat counter agreeing), the rest waiting in places 1..n without gap or repeat, each answer matching its row; and the outbox holding exactly what the bookings owe.',
      `Delivery: the compiled worker (node ${productionWorkerArgs().join(' ')}, LOG_LEVEL=info, OUTBOX_POLL_MS=50), 1 or 2 at once (sharing the work with FOR UPDATE SKIP LOCKED), the due messages held back until every worker has started, then released;`,
      '"seconds" = from the release to the last message marked sent (reminders, due the day before the class, are not counted); the same messages made pending again before each run.',
      'SMTP: nodemailer (a pool of 3 connections per worker, reused from message to message, as production sends) to an smtp-server in the bench process that counts and drops them (no DNS lookup, but its fixed 100 ms pause before the greeting of each new connection); .eml: files written into a temporary MAIL_DIRECTORY.',
      '"Other load" as in the API part: CPUs busy with processes outside the bench and the database; "database" CPU is all of MariaDB\'s, so it includes the work of anything else using the same server meanwhile (test suites).',
    ].join(' '),
    duration: `${Math.round((Date.now() - startedAt.getTime()) / 1000)} s in all`,
    rushes,
    deliveries,
  });
  recordResults('bookings', report, [rushTable(rushes), deliveryTable(deliveries)]);
}

/** One studio imported into the empty database, the server started, then the warm-up and the rushes, each checked. */
async function bookingRushes(store: Store, round: number): Promise<RushFigure[]> {
  await prepareDatabase(store);
  await importStudioDocument(catalogStoreFor(store), bookingStudioDocument([WARM_UP, ...RUSHED], Date.now()), Date.now());
  const server = await startServerOn(DATABASE_URL, SERVER_ENV);
  const figures: RushFigure[] = [];
  try {
    await checkRush(store.db, WARM_UP, await rushClass(server.url, WARM_UP.id, WARM_UP_STUDENTS, `${round}-warm-up`));
    for (const rushed of RUSHED) {
      const before = sampleCpu(server.child.process.pid);
      const rush = await rushClass(server.url, rushed.id, STUDENTS, `${round}-${rushed.id}`);
      const cpu = cpuBetween(before, sampleCpu(server.child.process.pid));
      assertRunning(server.child);
      const figure = { round, rushed, rush, check: await checkRush(store.db, rushed, rush), cpu };
      log(rushLine(figure));
      figures.push(figure);
    }
  } finally {
    await stopChild(server.child);
  }
  return figures;
}

/** Every delivery set-up in turn, on the messages the round's bookings owe; the outbox is checked before and after. */
async function deliveryRuns(store: Store, round: number): Promise<DeliveryFigure[]> {
  const owed = await checkOwedMessages(store.db, Date.now());
  log(`round ${round}: the outbox holds ${owed.due} messages due now and ${owed.later} reminders for later, as owed`);
  const figures: DeliveryFigure[] = [];
  for (const setUp of DELIVERIES) {
    const figure = { round, run: await measureDelivery(store, DATABASE_URL, setUp) };
    log(deliveryLine(figure));
    figures.push(figure);
  }
  await checkOwedMessages(store.db, Date.now());
  return figures;
}
