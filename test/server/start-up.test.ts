import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openStore, type Store } from '../../server/src/data/database';
import { parseDatabaseUrl } from '../../server/src/data/database-url';
import { readStudioStamps, studioAddresses } from '../../server/src/data/studio-changes';
import { createListingReads } from '../../server/src/data/listing-reads';
import { createPublicCatalogReader } from '../../server/src/data/public-catalog-reader';
import { demoStudioId, readDemoDocument, rollDemoDocument } from '../../server/src/demo/demo-studio';
import { createPublicCatalog } from '../../server/src/domain/public-api/public-catalog';
import { importStudioDocument } from '../../server/src/domain/studio-document/import-studio';
import { listingAnswer } from '../../server/src/http/listing/listing-answer';
import { endpointMatcher } from '../../server/src/http/api/endpoint-paths';
import { ENDPOINTS } from '../../server/src/http/api/endpoint-table';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { catalogStoreFor, keepDemoStudioCurrent, prepareDatabase, removeLoadedDemoStudio } from '../../server/src/server';
import { insertConfirmedClassBooking } from '../support/bookings';
import { welcomeText } from '../../server/src/welcome';
import { madridStudio } from '../support/fixture-studios';
import { request } from '../support/http';
import { runMainProcess } from '../support/main-process';
import { dateInZone, testNow } from '../support/test-clock';
import { HARD_INSTANTS } from '../clock/hard-instants';

/**
 * What `npm start` does with the database it finds: an empty one gets the demo studio with a current
 * schedule; one holding the studio owner's own imports is left as it is, and served.
 */

const DAY_MS = 86_400_000;
const silent = pino({ level: 'silent' });
const DEMO_ID = demoStudioId();
/** The public address the demo's images are named on in these tests. */
const BASE_URL = 'http://localhost:3000';

/** Runs `use` on a fresh in-memory database of the current schema, closed afterwards. */
async function withFreshStore(use: (store: Store) => Promise<void>): Promise<void> {
  const store = openStore(parseDatabaseUrl('sqlite::memory:'));
  try {
    await prepareDatabase(store);
    await use(store);
  } finally {
    await store.close();
  }
}

/** The demo's classes in the week starting today (the API's default window), as the API lists them. */
async function demoClassesThisWeek(store: Store, nowMs: number): Promise<{ id: string; date: string }[]> {
  const catalog = createPublicCatalog(createPublicCatalogReader(store.db), () => nowMs);
  const answer = await listingAnswer(createListingReads(store.db, listingRenderer), await catalog.classes(DEMO_ID, undefined));
  return JSON.parse(answer.body.toString('utf8')) as { id: string; date: string }[];
}

/** A new empty folder for each test of the describe block (read it with the returned function), removed after the test. */
function freshFolderPerTest(): () => string {
  let directory = '';
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-start-'));
  });
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));
  return () => directory;
}

describe('npm start on a database that holds the studio owner\'s own studio', () => {
  const folder = freshFolderPerTest();

  test('When a studio was imported and the demo never loaded, then the server keeps running, serves that studio and prints its URLs', async () => {
    const databaseUrl = `sqlite:${path.join(folder(), 'studio-data.sqlite')}`;
    const store = openStore(parseDatabaseUrl(databaseUrl));
    await prepareDatabase(store);
    await importStudioDocument(catalogStoreFor(store), madridStudio('owners-studio', 'own'), Date.now());
    await store.close();

    // DEMO_STUDIO is left at its default (auto), as a newcomer following the README would.
    const exitCode = await runMainProcess({ DATABASE_URL: databaseUrl }, { unset: ['DEMO_STUDIO'] }, async (main) => {
      const { port, baseUrl } = main;
      const deadline = Date.now() + 15_000;
      while (!main.output().includes('Try ') && main.exitCode() === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const output = main.output();

      expect(main.exitCode()).toBeUndefined();
      // PUBLIC_BASE_URL defaults to http://localhost:$PORT.
      expect(output).toContain(`http://localhost:${port}/api/public/studio/owners-studio/profile`);
      expect(output).toContain(`http://localhost:${port}/api/public/studio/owners-studio/classes/Salsa`);
      expect((await request(baseUrl, '/api/public/studio/owners-studio/profile')).status).toBe(200);
      // The owner's database is theirs: no demo studio is added to it.
      expect((await request(baseUrl, `/api/public/studio/${DEMO_ID}/profile`)).status).toBe(404);

    });
    expect(exitCode).toBe(0);
  }, 60_000);
});

describe('npm start on an empty database', () => {
  const folder = freshFolderPerTest();

  test("When a newcomer starts the demo, then every image its API names (logo, dance types, team), and the terms and privacy notice its booking forms link, are served by the server itself", async () => {
    const exitCode = await runMainProcess({ DATABASE_URL: `sqlite:${path.join(folder(), 'demo.sqlite')}` }, { unset: ['DEMO_STUDIO', 'PUBLIC_BASE_URL'] }, async (main) => {
      const { port, baseUrl } = main;
      const profile = (await request(baseUrl, `/api/public/studio/${DEMO_ID}/profile`)).body as { logo: string; studioTypes: { image: string }[] };
      const team = (await request(baseUrl, `/api/public/studio/${DEMO_ID}/instructors`)).body as { image: string }[];
      const images = [profile.logo, ...profile.studioTypes.map((type) => type.image), ...team.map((person) => person.image)];
      expect(images.length).toBeGreaterThanOrEqual(10);
      for (const image of images) {
        // Named on PUBLIC_BASE_URL (by default http://localhost:$PORT), which is this server.
        expect(image).toMatch(new RegExp(`^http://localhost:${port}/demo-assets/`));
        const answer = await request(baseUrl, new URL(image).pathname);
        expect({ image, status: answer.status, type: answer.headers['content-type'] }).toEqual({ image, status: 200, type: expect.stringMatching(/^image\//) });
        expect(answer.headers['cache-control']).toMatch(/max-age=\d+/);
      }
      const missing = await request(baseUrl, '/demo-assets/no-such-image.svg');
      expect(missing.status).toBe(404);
      // The booking pages may show them (CSP img-src), wherever PUBLIC_BASE_URL points.
      const page = await request(baseUrl, '/en/book/private-lesson/carlos-mendez');
      expect(String(page.headers['content-security-policy'])).toMatch(new RegExp(`img-src [^;]*http://localhost:${port}`));
      // Its booking forms link its terms and privacy notice: a page of its own, served here too, that runs nothing.
      const links = [...page.text.matchAll(/<a href="([^"]+)" target="_blank"/g)].map((match) => match[1] as string);
      expect(links).toEqual([`http://localhost:${port}/demo-assets/policies.html#terms`, `http://localhost:${port}/demo-assets/policies.html#privacy`]);
      for (const link of links) {
        const answer = await request(baseUrl, new URL(link).pathname);
        expect({ link, status: answer.status, type: answer.headers['content-type'] }).toEqual({ link, status: 200, type: 'text/html; charset=utf-8' });
        expect(answer.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
        expect(answer.text).toContain('Salsa City is the demo studio of Studio Data');
      }
    });
    expect(exitCode).toBe(0);
  }, 60_000);
});

describe('the welcome text', () => {
  test('When the database has no studio, then it says how to import one', async () => {
    await withFreshStore(async (store) => {
      const text = await welcomeText({ db: store.db, dialect: 'sqlite', serverUrl: 'http://127.0.0.1:3000', publicBaseUrl: 'http://api.test', checkoutBaseUrl: 'http://book.test', preferredStudioId: DEMO_ID });
      expect(text).toContain('npm run import -- FILE.json');
      expect(text).not.toContain('/api/public/studio/');
    });
  });

  test('When the demo is there beside other studios, then the demo comes first with its booking pages and the others are named', async () => {
    await withFreshStore(async (store) => {
      const nowMs = testNow();
      await keepDemoStudioCurrent(store, nowMs, silent, BASE_URL);
      await importStudioDocument(catalogStoreFor(store), madridStudio('another-studio', 'oth'), nowMs);
      const text = await welcomeText({ db: store.db, dialect: 'sqlite', serverUrl: 'http://127.0.0.1:3000', publicBaseUrl: 'http://api.test', checkoutBaseUrl: 'http://book.test', preferredStudioId: DEMO_ID, now: () => nowMs });
      expect(text).toContain(`http://api.test/api/public/studio/${DEMO_ID}/classes`);
      expect(text).toMatch(new RegExp(`http://book\\.test/book/[A-Za-z0-9_-]+`));
      expect(text).toMatch(/http:\/\/book\.test\/es\/book\/private-lesson\/[a-z-]+/);
      expect(text).toContain('Other studios in this database: another-studio.');
    });
  });

  test('When the demo is there, then the welcome names one URL of every endpoint of the API, filled in with the demo\'s ids', async () => {
    await withFreshStore(async (store) => {
      const nowMs = testNow();
      await keepDemoStudioCurrent(store, nowMs, silent, BASE_URL);
      const text = await welcomeText({ db: store.db, dialect: 'sqlite', serverUrl: 'http://127.0.0.1:3000', publicBaseUrl: 'http://api.test', checkoutBaseUrl: 'http://book.test', preferredStudioId: DEMO_ID, now: () => nowMs });
      const urls = text.split('\n').filter((line) => line.startsWith('  http://api.test/')).map((line) => line.trim());
      const studio = `http://api.test/api/public/studio/${DEMO_ID}`;
      expect(urls).toEqual([
        `${studio}/profile`,
        `${studio}/instructors`,
        'http://api.test/api/public/user/carlos-mendez/profile',
        `${studio}/classes`,
        `${studio}/classes/Salsa`,
        `${studio}/events`,
        // The week's next class: a weekly class's session (`…-YYYYMMDD`) or a one-off's own id (the demo's intensive on 29 November 2026).
        expect.stringMatching(/^http:\/\/api\.test\/api\/public\/class\/[a-z0-9-]+$/),
        `${studio}/calendar.ics`,
        `${studio}/packages`,
        `${studio}/private-lesson-instructors`,
        `${studio}/private-lesson-instructors/carlos-mendez/slots`,
        `${studio}/private-lesson-questions`,
        'http://api.test/api/public/openapi.json',
      ]);
      // A new endpoint whose path has a parameter the welcome cannot fill in yet shows up here: give welcome.ts a value for it.
      const match = endpointMatcher(ENDPOINTS);
      const named = urls.map((url) => match(new URL(url).pathname)).map((found) => (typeof found === 'string' ? found : found.endpoint.operationId));
      expect(named).toEqual(ENDPOINTS.map((endpoint) => endpoint.operationId));
    });
  });
});

/** The demo's version once loaded on 2026-11-24, and again once the keep-current check runs `days` later. */
async function demoVersionsWhenCheckedAfter(days: number): Promise<{ before?: number; after?: number }> {
  let versions: { before?: number; after?: number } = {};
  await withFreshStore(async (store) => {
    const loadedAt = Date.parse('2026-11-24T09:00:00Z');
    await keepDemoStudioCurrent(store, loadedAt, silent, BASE_URL);
    const [before] = await readStudioStamps(store.db);
    await keepDemoStudioCurrent(store, loadedAt + days * DAY_MS, silent, BASE_URL);
    const [after] = await readStudioStamps(store.db);
    versions = { before: before?.version, after: after?.version };
  });
  return versions;
}

describe('keeping the demo studio current', () => {
  test('When the database is empty, then the demo is loaded with at least 40 classes in the week starting today', async () => {
    await withFreshStore(async (store) => {
      const nowMs = Date.parse('2027-05-12T09:00:00Z');
      await keepDemoStudioCurrent(store, nowMs, silent, BASE_URL);
      expect((await demoClassesThisWeek(store, nowMs)).length).toBeGreaterThanOrEqual(40);
    });
  });

  test.each(HARD_INSTANTS.map((instant) => [instant.when, Date.parse(`${instant.utc.replace(' ', 'T')}Z`)] as const))(
    'When the demo is loaded at %s, then the week starting that day in Madrid lists at least 40 classes, from that day on',
    async (_what, nowMs) => {
      await withFreshStore(async (store) => {
        await keepDemoStudioCurrent(store, nowMs, silent, BASE_URL);
        const classes = await demoClassesThisWeek(store, nowMs);
        expect(classes.length).toBeGreaterThanOrEqual(40);
        const days = classes.map((entry) => dateInZone('Europe/Madrid', Date.parse(entry.date)));
        expect(days[0]! >= dateInZone('Europe/Madrid', nowMs)).toBe(true);
        expect(new Set(days).size).toBe(7);
      });
    },
  );

  test('When a server has run for a year, then the check rolls the demo forward and this week has classes again', async () => {
    await withFreshStore(async (store) => {
      const loadedAt = Date.parse('2026-11-24T09:00:00Z');
      await keepDemoStudioCurrent(store, loadedAt, silent, BASE_URL);
      const later = loadedAt + 365 * DAY_MS;
      const before = await demoClassesThisWeek(store, later);
      await keepDemoStudioCurrent(store, later, silent, BASE_URL);
      const after = await demoClassesThisWeek(store, later);
      expect(before.length).toBeLessThan(40);
      expect(after.length).toBeGreaterThanOrEqual(40);
    });
  });

  test('When the demo\'s schedule ends within eight weeks, then the check rolls it before it runs out', async () => {
    const { before, after } = await demoVersionsWhenCheckedAfter(330);
    expect(after).toBeGreaterThan(before ?? Infinity);
  });

  test('When the demo still has weeks ahead, then the check leaves it as it is', async () => {
    const { before, after } = await demoVersionsWhenCheckedAfter(30);
    expect(after).toBe(before);
  });

  test("When someone has pushed the demo's document themselves, changed, then a restart leaves their push as it is while it has weeks ahead", async () => {
    await withFreshStore(async (store) => {
      const loadedAt = Date.parse('2026-11-24T09:00:00Z');
      await keepDemoStudioCurrent(store, loadedAt, silent, BASE_URL);
      // As the README's walk-through pushes it: the file as it is (its images on the placeholder host), here with the studio renamed.
      const pushed = rollDemoDocument(readDemoDocument(), loadedAt);
      (pushed.studio as { name: string }).name = 'Salsa City Pushed';
      await importStudioDocument(catalogStoreFor(store), pushed, loadedAt);
      const [before] = await readStudioStamps(store.db);
      await keepDemoStudioCurrent(store, loadedAt + DAY_MS, silent, BASE_URL);
      const [after] = await readStudioStamps(store.db);
      expect(after?.version).toBe(before?.version);
      expect((await createPublicCatalog(createPublicCatalogReader(store.db), () => loadedAt).profile(DEMO_ID)).name).toBe('Salsa City Pushed');
    });
  });

  test("When the demo is loaded, then its images are named on the server's public address", async () => {
    await withFreshStore(async (store) => {
      await keepDemoStudioCurrent(store, testNow(), silent, 'https://studio.example.org');
      const profile = await createPublicCatalog(createPublicCatalogReader(store.db), () => testNow()).profile(DEMO_ID);
      expect(profile.logo).toBe('https://studio.example.org/demo-assets/logo.svg');
      expect(profile.danceTypes.map((type) => type.image)).toEqual(expect.arrayContaining(['https://studio.example.org/demo-assets/dance-types/salsa.svg']));
    });
  });

  test("When the demo is loaded, then its booking forms' terms and privacy notice are the demo's own pages, on the server's public address", async () => {
    await withFreshStore(async (store) => {
      await keepDemoStudioCurrent(store, testNow(), silent, 'https://studio.example.org');
      expect(await studioAddresses(store.db, DEMO_ID)).toEqual({
        logo: 'https://studio.example.org/demo-assets/logo.svg',
        termsUrl: 'https://studio.example.org/demo-assets/policies.html#terms',
        privacyUrl: 'https://studio.example.org/demo-assets/policies.html#privacy',
      });
    });
  });

  test('When a demo loaded without its terms and privacy notice (by an older version) still has weeks ahead, then it is loaded again with them', async () => {
    await withFreshStore(async (store) => {
      const loadedAt = Date.parse('2026-11-24T09:00:00Z');
      await keepDemoStudioCurrent(store, loadedAt, silent, BASE_URL);
      await store.db.updateTable('studios').set({ terms_url: null, privacy_url: null }).where('id', '=', DEMO_ID).execute();
      const [before] = await readStudioStamps(store.db);
      await keepDemoStudioCurrent(store, loadedAt + DAY_MS, silent, BASE_URL);
      const [after] = await readStudioStamps(store.db);
      expect(after?.version).toBeGreaterThan(before?.version ?? Infinity);
      expect(await studioAddresses(store.db, DEMO_ID)).toMatchObject({ termsUrl: `${BASE_URL}/demo-assets/policies.html#terms`, privacyUrl: `${BASE_URL}/demo-assets/policies.html#privacy` });
    });
  });

  test('When the server starts on another public address than the demo was loaded with, then the demo is loaded again with its images there', async () => {
    await withFreshStore(async (store) => {
      const loadedAt = Date.parse('2026-11-24T09:00:00Z');
      await keepDemoStudioCurrent(store, loadedAt, silent, BASE_URL);
      const [before] = await readStudioStamps(store.db);
      await keepDemoStudioCurrent(store, loadedAt + DAY_MS, silent, BASE_URL);
      const [same] = await readStudioStamps(store.db);
      expect(same?.version).toBe(before?.version);
      await keepDemoStudioCurrent(store, loadedAt + DAY_MS, silent, 'http://localhost:4000');
      const profile = await createPublicCatalog(createPublicCatalogReader(store.db), () => loadedAt).profile(DEMO_ID);
      expect(profile.logo).toBe('http://localhost:4000/demo-assets/logo.svg');
    });
  });

  test('When the database holds another studio only, then the demo is not added', async () => {
    await withFreshStore(async (store) => {
      await importStudioDocument(catalogStoreFor(store), madridStudio('owners-studio', 'own'), Date.now());
      await keepDemoStudioCurrent(store, Date.now(), silent, BASE_URL);
      expect((await readStudioStamps(store.db)).map((stamp) => stamp.id)).toEqual(['owners-studio']);
    });
  });
});

describe('a production database the demo was loaded into', () => {
  test('When the server starts with DEMO_STUDIO=off, then the demo loaded by an earlier start is gone, with its try-out bookings, and the owner\'s studio stays', async () => {
    await withFreshStore(async (store) => {
      const nowMs = testNow();
      // The first start (DEMO_STUDIO=auto, the default) loaded the demo; someone tried a booking on it; then the owner imported their studio.
      await keepDemoStudioCurrent(store, nowMs, silent, BASE_URL);
      const [tried] = await demoClassesThisWeek(store, nowMs);
      await insertConfirmedClassBooking(store.db, { id: 'tried-the-demo', studioId: DEMO_ID, classId: tried!.id });
      await importStudioDocument(catalogStoreFor(store), madridStudio('owners-studio', 'own'), nowMs);

      await removeLoadedDemoStudio(store, silent);
      expect((await readStudioStamps(store.db)).map((stamp) => stamp.id)).toEqual(['owners-studio']);
      expect(await store.db.selectFrom('bookings').select('id').where('studio_id', '=', DEMO_ID).execute()).toEqual([]);
      expect(await store.db.selectFrom('occurrences').select('id').where('studio_id', '=', DEMO_ID).execute()).toEqual([]);
      // Again: nothing left to remove, nothing else touched.
      await removeLoadedDemoStudio(store, silent);
      expect((await readStudioStamps(store.db)).map((stamp) => stamp.id)).toEqual(['owners-studio']);
    });
  });

  test('When a studio was pushed under the demo\'s id as someone\'s own (its images not on a server\'s demo address), then DEMO_STUDIO=off leaves it', async () => {
    await withFreshStore(async (store) => {
      const nowMs = testNow();
      await importStudioDocument(catalogStoreFor(store), rollDemoDocument(readDemoDocument(), nowMs), nowMs);
      await removeLoadedDemoStudio(store, silent);
      expect((await readStudioStamps(store.db)).map((stamp) => stamp.id)).toEqual([DEMO_ID]);
    });
  });
});
