import { importStudioDocument, parseStudioDocumentText } from '../../server/src/domain/studio-document/import-studio';
import { StudioDocumentError } from '../../server/src/domain/studio-document/problems';
import { refusalOf, statementBatches } from '../../server/src/data/statement-batches';
import { databaseTargets } from '../support/databases';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Limits and robustness of imports (issue 20): a large document imports on both stores in
 * statements every database takes, a byte-order mark is no problem, and past the documented limits
 * (document size, classes per week, text per field) the import says which limit and where.
 */

const NOW = Date.parse('2026-03-25T12:00:00Z');

function studio(id: string) {
  return { id, name: 'Limits Studio', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid' };
}

/** `count` one-off classes on Monday 2026-03-23, one a minute from 09:00. */
function classesOnMonday(count: number, prefix: string) {
  return Array.from({ length: count }, (_, index) => {
    const minutes = 9 * 60 + index;
    const time = (value: number) => `${String(Math.floor(value / 60) % 24).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
    return { id: `${prefix}-${index}`, name: 'Drop-in', danceType: 'Salsa', level: 'Open', date: '2026-03-23', startTime: time(minutes), endTime: time(minutes + 30) };
  });
}

async function problemsOf(work: () => Promise<unknown> | unknown): Promise<string[]> {
  try {
    await work();
  } catch (error) {
    if (error instanceof StudioDocumentError) return error.problems.map((problem) => `${problem.path}: ${problem.message}`);
    throw error;
  }
  throw new Error('the document was accepted');
}

describe.each(databaseTargets())('studio document limits on $name', (target) => {
  let api: TestServer;

  beforeAll(async () => {
    api = await startTestServer(target, { now: () => NOW });
  });
  afterAll(() => api.stop());

  it('When a 50 MB document of long texts is imported, then every row is written, in statements under the database packet limit', async () => {
    // 880 people with bios of 60,000 characters (three languages): 500 rows to a statement would be 30 MB, over MariaDB's 16 MB.
    const bio = { en: 'b'.repeat(20_000), es: 'c'.repeat(20_000), fr: 'd'.repeat(20_000) };
    const people = Array.from({ length: 880 }, (_, index) => ({ id: `big-${index}`, name: `Dancer ${index}`, bio, roles: ['INSTRUCTOR'] }));
    const text = JSON.stringify({ studio: studio('big-studio'), danceTypes: [{ name: 'Salsa' }], people, classes: classesOnMonday(10, 'big') });
    expect(Buffer.byteLength(text)).toBeGreaterThan(50 * 1024 * 1024);
    const summary = await api.importDocument(parseStudioDocumentText(text), NOW);
    expect(summary.counts).toMatchObject({ people: 880, occurrences: 10 });
    await api.server.stamps.refresh();
    const last = await request(api.url, '/api/public/user/big-879/profile');
    expect(Object.values(JSON.parse((last.body as { bio: string }).bio)).join('')).toHaveLength(60_000);
    const team = await request(api.url, '/api/public/studio/big-studio/instructors');
    expect((team.body as unknown[]).length).toBe(880);
  });

  it('When a document starts with a UTF-8 byte-order mark, then it imports', async () => {
    const text = `\uFEFF${JSON.stringify({ studio: studio('bom-studio'), danceTypes: [{ name: 'Salsa' }], classes: classesOnMonday(1, 'bom') })}`;
    expect((await api.importDocument(parseStudioDocumentText(text), NOW)).studioId).toBe('bom-studio');
  });

  it('When a week holds more classes than a listing may, then the import names the week and the limit, and at the limit a listing holds them all', async () => {
    const over = { studio: studio('busy-studio'), danceTypes: [{ name: 'Salsa' }], classes: classesOnMonday(1001, 'busy') };
    expect(await problemsOf(() => api.importDocument(over, NOW))).toEqual(['classes: 1001 classes start in the 7 days from 2026-03-23; a week lists at most 1000 (README, "Limits")']);
    await api.importDocument({ ...over, classes: classesOnMonday(1000, 'busy') }, NOW);
    await api.server.stamps.refresh();
    const week = await request(api.url, '/api/public/studio/busy-studio/classes?from=2026-03-23');
    expect((week.body as unknown[]).length).toBe(1000);
  });
});

describe('studio document limits (no database)', () => {
  const noStore = { replaceCatalog: async () => ({ created: true, version: 1, bookings: { cancelled: 0, waitlistPlacesEnded: 0, moved: 0, promoted: 0, privateLessonsWithoutOffer: 0, privateLessonsDuringClasses: 0 } }) };

  it('When a document is larger than 64 MB, then it is refused before it is read, saying its size and the limit', async () => {
    const text = `{"padding":"${'x'.repeat(65 * 1024 * 1024)}"}`;
    expect(await problemsOf(() => parseStudioDocumentText(text))).toEqual(['(document): 65.0 MB; a studio document is at most 64.0 MB (README, "Limits")']);
  });

  it('When a text has more than 20 locales or more than a database text column holds, then the problem names its path', async () => {
    const manyLocales = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`l${String.fromCharCode(97 + index)}`, 'hola']));
    const document = {
      studio: { ...studio('text-studio'), description: manyLocales },
      danceTypes: [{ name: 'Salsa', description: { en: 'é'.repeat(20_000), es: 'ñ'.repeat(20_000) } }],
    };
    expect(await problemsOf(() => importStudioDocument(noStore, document, NOW))).toEqual([
      'studio.description: at most 20 locales',
      'danceTypes[0].description: at most 65,535 bytes of text in all (as stored, UTF-8 JSON)',
    ]);
  });

  it("When a price has more decimals than its currency, then the import names it: yen have none, euros two, Kuwaiti dinars three", async () => {
    const priced = (currency: string, price: number) => ({
      studio: { ...studio('priced-studio'), defaultCurrency: currency },
      danceTypes: [{ name: 'Salsa' }],
      classes: [{ ...classesOnMonday(1, 'priced')[0], price }],
      packages: [{ id: 'ten', name: 'Ten classes', price, currency }],
    });
    expect(await problemsOf(() => importStudioDocument(noStore, priced('JPY', 2500.5), NOW))).toEqual([
      'classes[0].price: expected a whole amount: JPY has no decimals',
      'packages[0].price: expected a whole amount: JPY has no decimals',
    ]);
    expect(await problemsOf(() => importStudioDocument(noStore, priced('EUR', 12.345), NOW))).toEqual(['classes[0].price: expected at most 2 decimal places (EUR)', 'packages[0].price: expected at most 2 decimal places (EUR)']);
    expect(await problemsOf(() => importStudioDocument(noStore, priced('EUR', 12.3456), NOW))).toEqual(['classes[0].price: expected at most 3 decimal places', 'packages[0].price: expected at most 3 decimal places']);
    for (const [currency, price] of [['JPY', 2500], ['EUR', 12.5], ['KWD', 3.125]] as const) {
      await expect(importStudioDocument(noStore, priced(currency, price), NOW)).resolves.toMatchObject({ studioId: 'priced-studio' });
    }
  });

  it('When one day holds more listing text than one stored day takes, then the import says which day', async () => {
    const description = { en: 'd'.repeat(20_000), es: 'e'.repeat(20_000), fr: 'f'.repeat(20_000) };
    const document = { studio: studio('wordy-studio'), danceTypes: [{ name: 'Salsa' }], classes: classesOnMonday(150, 'wordy').map((entry) => ({ ...entry, description })) };
    expect(await problemsOf(() => importStudioDocument(noStore, document, NOW))).toEqual(['classes: the classes of 2026-03-23 hold about 9.0 MB of text; a day lists at most 8 MB (README, "Limits")']);
  });

  it('When rows are batched, then no statement holds more than about 4 MB, and a row larger than that goes alone', () => {
    const rows = [...Array.from({ length: 10 }, () => ({ text: 'a'.repeat(500_000) })), { text: 'b'.repeat(5_000_000) }, { text: 'c' }];
    expect([...statementBatches(rows, 500)].map((batch) => batch.length)).toEqual([2, 2, 2, 2, 2, 1, 1]);
  });

  it('When the database refuses a statement over its packet limit, then the error says so and what to do, not that a connection closed', () => {
    const refused = refusalOf({ code: 'ER_NET_PACKET_TOO_LARGE', errno: 1153, message: 'Got a packet bigger than max_allowed_packet bytes' }, '500 rows of people (about 30.0 MB in one statement)');
    expect(refused?.message).toBe(
      'The database refused 500 rows of people (about 30.0 MB in one statement): the statement is larger than its max_allowed_packet. Nothing was imported. Raise max_allowed_packet (for example SET GLOBAL max_allowed_packet = 67108864) and import again.',
    );
    expect(refusalOf(new Error("Can't add new command when connection is in closed state"), 'the studio "x"')?.message).toContain('The database closed the connection while the studio "x" was written');
    expect(refusalOf({ code: 'ER_DUP_ENTRY' }, 'x')).toBeNull();
  });
});
