import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { replaceCatalog } from '../../server/src/data/catalog-writer';
import { isDuplicateKey } from '../../server/src/data/sql-errors';
import { StudioDocumentError } from '../../server/src/domain/studio-document/problems';
import { toCatalog } from '../../server/src/domain/studio-document/to-catalog';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { MAX_LOCALES, MAX_ROLES } from '../../server/src/domain/studio-document/schema';
import { validateStudioDocument } from '../../server/src/domain/studio-document/validate';
import { databaseTargets } from '../support/databases';
import { madridStudio, newYorkStudio } from '../support/fixture-studios';
import { insertConfirmedClassBooking } from '../support/bookings';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingsReport } from '../../server/src/cli/bookings-report';

const run = promisify(execFile);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function problemsOf(document: unknown) {
  const result = validateStudioDocument(document);
  if (result.ok) throw new Error('expected the document to be rejected');
  return result.problems;
}

describe('studio document validation', () => {
  it('When the document is valid, then it is accepted', () => {
    expect(validateStudioDocument(madridStudio()).ok).toBe(true);
  });

  it('When many things are wrong, then every problem is reported with its path', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.studio.timezone = 'Mars/Olympus';
    document.classes[0].weekly.startTime = '7pm';
    document.classes[2].date = '2026-02-30';
    document.classes[3].danceType = 'Tango';
    document.classes[4].instructorId = 'nobody';
    document.people[1].id = 'has space';
    document.packages[0].price = -1;
    document.privateLessons.questions[0].type = 'CHECKBOX';
    const problems = problemsOf(document).map((problem) => problem.path);
    expect(problems).toEqual(
      expect.arrayContaining([
        'studio.timezone',
        'classes[0].weekly.startTime',
        'classes[2].date',
        // References are checked in the same pass, on the entries that are well-formed themselves.
        'classes[3].danceType',
        'classes[4].instructorId',
        'people[1].id',
        'packages[0].price',
        'privateLessons.questions[0].type',
      ]),
    );
  });

  it("When a field is missing, of another kind, out of range or blank, then its problem says so in plain words, not the validator's", () => {
    const document = clone(madridStudio()) as Record<string, any>;
    delete document.studio.id;
    document.studio.name = '   ';
    document.studio.yearEstablished = 20;
    document.classes[0].capacity = -1;
    document.classes[1].price = 'twelve';
    document.classes[2].cancelled = 'yes';
    expect(problemsOf(document)).toEqual(
      expect.arrayContaining([
        { path: 'studio.id', message: 'is required' },
        { path: 'studio.name', message: 'must not be empty' },
        { path: 'studio.yearEstablished', message: 'expected at least 1000' },
        { path: 'classes[0].capacity', message: 'expected at least 0' },
        { path: 'classes[1].price', message: 'expected a number' },
        { path: 'classes[2].cancelled', message: 'expected true or false' },
      ]),
    );
    expect(problemsOf(document).filter((problem) => /Invalid input|Too small|received/.test(problem.message))).toEqual([]);
  });

  it('When a list of locales or roles is longer than allowed, then the problem is reported with its path', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.studio.locales = Array.from({ length: MAX_LOCALES + 1 }, (_, index) => `es-${String(index).padStart(2, '0')}`);
    document.people[0].roles = Array.from({ length: MAX_ROLES + 1 }, () => 'INSTRUCTOR');
    expect(problemsOf(document).map((problem) => problem.path).sort()).toEqual(['people[0].roles', 'studio.locales']);
  });

  it('When an entry has a mistake of its own, then references to it are not reported as pointing nowhere', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.danceTypes[0].image = 'not a url';
    document.people[0].yearsOfExperience = -3;
    const problems = problemsOf(document);
    expect(problems.map((problem) => problem.path).sort()).toEqual(['danceTypes[0].image', 'people[0].yearsOfExperience']);
  });

  it('When references point nowhere, then each is reported with its path', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.classes[3].danceType = 'Tango';
    document.classes[4].instructorId = 'nobody';
    document.packages[2].danceTypes = ['Ballet'];
    document.privateLessons.instructors[0].personId = 'ghost';
    const problems = problemsOf(document);
    expect(problems.map((problem) => problem.path)).toEqual(
      expect.arrayContaining(['classes[3].danceType', 'classes[4].instructorId', 'packages[2].danceTypes[0]', 'privateLessons.instructors[0].personId']),
    );
    expect(problems.find((problem) => problem.path === 'classes[3].danceType')?.message).toMatch(/Tango.*known: Salsa/);
  });

  it('When a series would produce an id that a single class already has, then the clash is reported', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.classes[2].id = 'salsa-mon-20260309';
    expect(problemsOf(document)).toEqual([expect.objectContaining({ path: 'classes[2].id', message: expect.stringContaining('salsa-mon-20260309') })]);
  });

  it('When two weekly series have the same id, then it is said once, not once for each of their dates', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    const series = document.classes.filter((entry: { weekly?: unknown }) => entry.weekly);
    series[1].id = series[0].id;
    const path = `classes[${document.classes.indexOf(series[1])}].id`;
    expect(problemsOf(document).filter((problem) => problem.path === path)).toEqual([{ path, message: `duplicate class id "${series[0].id}" (also classes[${document.classes.indexOf(series[0])}].id)` }]);
  });

  it('When an exception date is not on the series weekday, then it is reported', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.classes[0].weekly.except = ['2026-04-07'];
    expect(problemsOf(document)[0]).toEqual({ path: 'classes[0].weekly.except[0]', message: '2026-04-07 is a tuesday, not a monday' });
  });

  it('When a class has both a date and a weekly series, or neither, then it is reported', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.classes[0].date = '2026-03-02';
    delete document.classes[2].date;
    const paths = problemsOf(document).map((problem) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(['classes[0].weekly', 'classes[2].date']));
  });

  it('When a website or image is not an http(s) address, then it is refused (it would become a link on the pages)', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.studio.website = 'javascript:alert(document.cookie)';
    document.people[0].image = 'data:image/svg+xml,<svg onload=alert(1)>';
    expect(problemsOf(document).map((problem) => problem.path)).toEqual(['studio.website', 'people[0].image']);
  });

  it('When a field is unknown, then it is reported instead of silently dropped', () => {
    const document = clone(madridStudio()) as Record<string, any>;
    document.classes[0].teacher = 'Ana';
    expect(problemsOf(document).map((problem) => problem.path)).toContain('classes[0]');
  });

  it('When a weekly series is expanded, then occurrence ids are {id}-{YYYYMMDD} of the local date and exceptions are skipped', () => {
    const result = validateStudioDocument(madridStudio());
    if (!result.ok) throw new Error('fixture invalid');
    const ids = toCatalog(result.document).occurrences.filter((occurrence) => occurrence.entryId === 'salsa-mon').map((occurrence) => occurrence.id);
    expect(ids[0]).toBe('salsa-mon-20260302');
    expect(ids).toContain('salsa-mon-20260330');
    expect(ids).not.toContain('salsa-mon-20260406');
    expect(ids[ids.length - 1]).toBe('salsa-mon-20261130');
  });
});

describe.each(databaseTargets())('import on $name', (target) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(target, { documents: [madridStudio('import-studio', 'imp')] });
  });
  afterAll(() => api.stop());

  const classNames = async () => {
    await api.server.stamps.refresh();
    const response = await request(api.url, '/api/public/studio/import-studio/classes?from=2026-03-23');
    return (response.body as { id: string; name: string; spotsLeft: number | null }[]);
  };

  it('When a write fails half-way, then the studio keeps its whole previous catalog', async () => {
    const before = await classNames();
    const result = validateStudioDocument(madridStudio('import-studio', 'imp'));
    if (!result.ok) throw new Error('fixture invalid');
    const catalog = toCatalog(result.document);
    catalog.occurrences = catalog.occurrences.map((occurrence) => ({ ...occurrence, name: 'Renamed' }));
    // A duplicate key, past validation, fails inside the transaction after the old rows are deleted.
    catalog.occurrences.push({ ...(catalog.occurrences[0] as (typeof catalog.occurrences)[number]) });
    // (Checked as "it failed" rather than with rejects.toThrow, which only counts errors of the test's own realm.)
    const failure = await replaceCatalog(api.server.store.db, api.server.store.dialect, catalog, Date.now(), listingRenderer).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDuplicateKey(failure)).toBe(true);
    expect(await classNames()).toEqual(before);
  });

  it('When every value is as long as the document allows, then the studio is imported and served', async () => {
    const document = clone(madridStudio('longest-values', 'lng')) as Record<string, any>;
    // Class ids are global: this studio's must not be the fixture studio's.
    for (const entry of document.classes) entry.id = `lng-${entry.id}`;
    const longLocale = (index: number) => `abc-abcdefgh-abcdefgh-abcdefgh-${String(index).padStart(4, '0')}`;
    document.studio.name = 'N'.repeat(200);
    document.studio.address = 'A'.repeat(500);
    document.studio.locales = Array.from({ length: MAX_LOCALES }, (_, index) => longLocale(index));
    document.studio.description = Object.fromEntries(document.studio.locales.map((code: string) => [code, 'd'.repeat(2000)]));
    document.people[0].lastname = 'L'.repeat(100);
    document.people[0].occupation = 'O'.repeat(200);
    document.people[0].roles = Array.from({ length: MAX_ROLES }, (_, index) => `INSTRUCTOR${'_'.repeat(20)}${String.fromCharCode(65 + index)}`);
    document.people[0].roles[0] = 'INSTRUCTOR';
    document.classes[0].name = 'C'.repeat(200);
    document.classes[0].level = 'V'.repeat(100);
    document.classes[0].room = 'R'.repeat(100);
    expect(validateStudioDocument(document).ok).toBe(true);

    const summary = await api.importDocument(document);
    expect(summary.studioId).toBe('longest-values');
    await api.server.stamps.refresh();
    const profile = await request(api.url, '/api/public/studio/longest-values/profile');
    expect(profile.status).toBe(200);
    expect((profile.body as { name: string }).name).toHaveLength(200);
  });

  it('When a studio is imported again, then its bookings are kept and still count against capacity', async () => {
    await insertConfirmedClassBooking(api.server.store.db, { id: `booking-${target.name}`, studioId: 'import-studio', classId: 'salsa-mon-20260323' });
    const summary = await api.importDocument(madridStudio('import-studio', 'imp'));
    expect(summary.created).toBe(false);
    const bookings = await api.server.store.db.selectFrom('bookings').select('id').where('studio_id', '=', 'import-studio').execute();
    expect(bookings).toHaveLength(1);
    const monday = (await classNames()).find((entry) => entry.id === 'salsa-mon-20260323');
    expect(monday?.spotsLeft).toBe(19);
  });

  it('When a class is removed from the document, then the re-import removes it from the listings', async () => {
    const document = madridStudio('import-studio', 'imp');
    document.classes = document.classes.filter((entry) => entry.id !== 'wcs-sat-b');
    await api.importDocument(document);
    expect((await classNames()).map((entry) => entry.id)).not.toContain('wcs-sat-b');
    await api.importDocument(madridStudio('import-studio', 'imp'));
  });

  it('When several new studios are imported at the same moment, then every import succeeds', async () => {
    const documents = Array.from({ length: 6 }, (_, index) => {
      const document = newYorkStudio(`parallel-${index}`, `par${index}`);
      document.classes = document.classes.map((entry) => ({ ...entry, id: `${entry.id}-p${index}` }));
      return document;
    });
    const summaries = await Promise.all(documents.map((document) => api.importDocument(document)));
    expect(summaries.map((summary) => summary.created)).toEqual([true, true, true, true, true, true]);
  });

  it('When a document uses person or class ids of another studio, then nothing is written and each clash is reported', async () => {
    const intruder = madridStudio('intruder-studio', 'imp');
    const failure = await api.importDocument(intruder).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StudioDocumentError);
    const paths = (failure as StudioDocumentError).problems.map((problem) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(['people[0].id', 'classes[0].id', 'classes[6].id']));
    const studios = await api.server.store.db.selectFrom('studios').select('id').where('id', '=', 'intruder-studio').execute();
    expect(studios).toHaveLength(0);
  });
});

describe('the import command', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-import-'));
  const databaseUrl = `sqlite:${path.join(dir, 'cli.sqlite')}`;
  const tsx = path.resolve('node_modules/.bin/tsx');
  const importCommand = (file: string) => run(tsx, ['server/src/cli/import.ts', file], { env: { ...process.env, DATABASE_URL: databaseUrl } });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('When the document is valid, then it is imported and summarized', async () => {
    const file = path.join(dir, 'good.json');
    const document = madridStudio('cli-studio', 'cli') as Record<string, any>;
    // One package and one question: each count is said in its number ("1 package", not "1 packages").
    fs.writeFileSync(file, JSON.stringify({ ...document, packages: document.packages.slice(0, 1), privateLessons: { ...document.privateLessons, questions: document.privateLessons.questions.slice(0, 1) } }));
    const { stdout } = await importCommand(file);
    expect(stdout).toMatch(/Created studio "cli-studio" \(version 1\): 4 dance types, 4 people, \d+ class and event occurrences, 1 package, 3 private lesson instructors, 1 question\.\n/);
  });

  it('When the document has problems, then it exits 1, lists each with its path and writes nothing', async () => {
    const document = madridStudio('cli-studio', 'cli') as Record<string, any>;
    document.studio.name = 'Changed name';
    document.classes[1].weekly.endTime = '25:00';
    document.packages[0].currency = 'euro';
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const failure = await importCommand(file).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('nothing was imported');
    expect(failure?.stderr).toContain('classes[1].weekly.endTime: expected HH:MM (24-hour)');
    expect(failure?.stderr).toContain('packages[0].currency');
    const again = await importCommand(path.join(dir, 'good.json'));
    expect(again.stdout).toContain('Replaced studio "cli-studio" (version 2)');
    expect(again.stdout).toContain('Bookings: none changed.');
  });

  it('When an import changes bookings, then the command says how many of each, and which private lessons it leaves with no offer or during a class of their instructor', () => {
    expect(bookingsReport({ cancelled: 3, waitlistPlacesEnded: 1, moved: 2, promoted: 1, privateLessonsWithoutOffer: 2, privateLessonsDuringClasses: 1 })).toEqual([
      "Bookings: 3 seats cancelled and 1 waitlist place ended (classes or events to come that the document cancels or no longer lists); 2 bookings moved to their classes' new times; 1 student given a seat from a waitlist. Each student was emailed.",
      "2 private lessons to come are with an instructor this document no longer offers private lessons with: they stay booked. Cancel those that are not happening (the studio API's POST bookings/{reference}/cancel, or the Bookings screen in WordPress), so the students are told.",
      "1 private lesson to come is at the same time as a class or event its instructor now teaches or hosts: it stays booked. Move the class, or cancel the lesson (the studio API's POST bookings/{reference}/cancel, or the Bookings screen in WordPress) so the student is told.",
    ]);
    expect(bookingsReport({ cancelled: 0, waitlistPlacesEnded: 0, moved: 1, promoted: 0, privateLessonsWithoutOffer: 0, privateLessonsDuringClasses: 0 })).toEqual(["Bookings: 1 booking moved to its class's new time. Each student was emailed."]);
  });

  it('When the file is not JSON, then it says so and exits 1', async () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, '{"studio": ');
    const failure = await importCommand(file).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('(document): not valid JSON');
  });
});
