import fs from 'node:fs';
import path from 'node:path';
import { studioDocumentSchema, type ClassEntry, type StudioDocument } from '../../server/src/domain/studio-document/schema';
import { validateStudioDocument } from '../../server/src/domain/studio-document/validate';
import { rollDemoDocument } from '../../server/src/demo/demo-studio';

/**
 * The demo studio document (server/demo/demo-studio.json) is what a visitor of the demo sees. These
 * tests read the file itself and check that the demo shows every feature of the product, every week
 * of the year the demo loader keeps current.
 */

const DOCUMENT_PATH = path.join(__dirname, '../../server/demo/demo-studio.json');
const DEMO_PAGES = path.join(__dirname, '../../server/demo/pages');
/** Where the demo names what this server serves (its placeholder host, replaced by PUBLIC_BASE_URL when loaded). */
const DEMO_ASSETS = 'https://studio-data.invalid/demo-assets/';
const raw: unknown = JSON.parse(fs.readFileSync(DOCUMENT_PATH, 'utf8'));
const parsed = studioDocumentSchema.safeParse(raw);
const document = (parsed.success ? parsed.data : raw) as StudioDocument;

/** The demo year: weeks start on Monday, the first on 2026-11-16 and the last on 2027-11-08. */
const FIRST_WEEK = '2026-11-16';
const LAST_WEEK = '2027-11-08';
const LATEST_UNTIL = '2027-11-21';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_MS = 86_400_000;

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const addDays = (date: string, days: number) => new Date(toMs(date) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(toMs(date)).getUTCDay();
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hasBothLocales = (map: Record<string, string> | null | undefined) => Boolean(map?.es?.trim() && map?.en?.trim());

type Occurrence = { entry: ClassEntry; id: string; date: string; startTime: string; endTime: string };

/** Expands a class entry into its occurrences, as the import does: one per matching weekday from..until, minus except. */
function occurrencesOf(entry: ClassEntry): Occurrence[] {
  if (!entry.weekly) {
    return [{ entry, id: entry.id, date: entry.date as string, startTime: entry.startTime as string, endTime: entry.endTime as string }];
  }
  const { dayOfWeek, from, until, startTime, endTime } = entry.weekly;
  const skipped = new Set(entry.weekly.except ?? []);
  const result: Occurrence[] = [];
  for (let date = addDays(from, (WEEKDAYS.indexOf(dayOfWeek) - weekdayOf(from) + 7) % 7); date <= until; date = addDays(date, 7)) {
    if (!skipped.has(date)) result.push({ entry, id: `${entry.id}-${date.replaceAll('-', '')}`, date, startTime, endTime });
  }
  return result;
}

const classes = document.classes ?? [];
const danceTypes = document.danceTypes ?? [];
const people = document.people ?? [];
const packages = document.packages ?? [];
const offers = document.privateLessons?.instructors ?? [];
const questions = document.privateLessons?.questions ?? [];
const allOccurrences = classes.flatMap(occurrencesOf);
const visibleTypes = new Set(danceTypes.filter((type) => type.isVisibleOnWeb ?? true).map((type) => type.name));
const hiddenTypes = new Set(danceTypes.filter((type) => type.isVisibleOnWeb === false).map((type) => type.name));
const isInstructor = (person: (typeof people)[number]) => (person.roles ?? []).includes('INSTRUCTOR');
const events = classes.filter((entry) => entry.danceType === null);
const groupClasses = classes.filter((entry) => entry.danceType !== null);
const startOf = (entry: ClassEntry) => entry.weekly?.startTime ?? (entry.startTime as string);
const endOf = (entry: ClassEntry) => entry.weekly?.endTime ?? (entry.endTime as string);
const isActive = (item: { active?: boolean }) => item.active ?? true;

describe('demo studio document (server/demo/demo-studio.json)', () => {
  it('is accepted by the import format (studio document schema)', () => {
    const issues = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues).toEqual([]);
  });

  it('passes every check of the import, references and unique ids included', () => {
    const result = validateStudioDocument(raw);
    const problems = result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.message}`);
    expect(problems).toEqual([]);
  });

  it('is formatted as JSON with 2-space indentation', () => {
    expect(fs.readFileSync(DOCUMENT_PATH, 'utf8')).toBe(`${JSON.stringify(raw, null, 2)}\n`);
  });
});

describe('the demo studio profile', () => {
  it('is Salsa City, a Madrid studio with prices in euros, in Spanish first and English', () => {
    const { studio } = document;
    expect(studio.id).toBe('salsa-city');
    expect(studio.timezone).toBe('Europe/Madrid');
    expect(studio.defaultCurrency).toBe('EUR');
    expect(studio.country).toBe('ES');
    expect(studio.locales).toEqual(['es', 'en']);
    expect(studio.address).toMatch(/Madrid/);
  });

  it('fills every profile field the website shows', () => {
    const { studio } = document;
    for (const field of ['address', 'unit', 'businessHours', 'phone', 'whatsappPhone'] as const) {
      expect({ field, value: studio[field]?.trim() || null }).toEqual({ field, value: expect.any(String) });
    }
    expect(hasBothLocales(studio.description)).toBe(true);
    expect(studio.logo).toMatch(/^https:\/\//);
    expect(studio.website).toMatch(/^https:\/\//);
    expect(studio.yearEstablished).toEqual(expect.any(Number));
    expect(studio.whatsappEnabled).toBe(true);
  });

  it('links its terms and privacy notice from the booking forms: a page the demo ships, in English and Spanish, that says it is a demo', () => {
    const { policies } = document.studio;
    expect({ terms: policies?.termsUrl, privacy: policies?.privacyUrl }).toEqual({ terms: `${DEMO_ASSETS}policies.html#terms`, privacy: `${DEMO_ASSETS}policies.html#privacy` });
    const html = fs.readFileSync(path.join(DEMO_PAGES, 'policies.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    // Each link lands on its section, and the Spanish ones are linked from the top.
    for (const id of ['terms', 'privacy', 'condiciones', 'privacidad']) expect(html).toContain(`<section id="${id}"`);
    expect(html).toContain('<a href="#condiciones">condiciones de reserva</a> y <a href="#privacidad">aviso de privacidad</a>');
    expect(html).toContain('Salsa City is the demo studio of Studio Data: it does not exist');
    expect(html).toContain('Salsa City es la escuela de demostración de Studio Data: no existe');
    // The demo assets' policy runs no script.
    expect(html).not.toMatch(/<script|\son\w+=/i);
  });
});

describe('the demo dance types', () => {
  it('shows six or more dance types, each described in Spanish and English with an image', () => {
    expect(visibleTypes.size).toBeGreaterThanOrEqual(6);
    for (const type of danceTypes) {
      expect({ name: type.name, described: hasBothLocales(type.description), image: type.image }).toEqual({
        name: type.name,
        described: true,
        image: expect.stringMatching(/^https:\/\//),
      });
    }
  });

  it('one dance type is hidden from the web', () => {
    expect(hiddenTypes.size).toBe(1);
  });

  it('the hidden dance type still has classes (left out of the public listings)', () => {
    const hiddenClasses = allOccurrences.filter((occurrence) => hiddenTypes.has(occurrence.entry.danceType ?? ''));
    expect(new Set(hiddenClasses.map((occurrence) => occurrence.entry.id))).toEqual(new Set(['tt-salsa-sun', 'tt-bachata-sat']));
  });
});

describe('the demo team', () => {
  it('the team has instructors and people who are not instructors', () => {
    const instructors = people.filter(isInstructor);
    const staff = people.filter((person) => !isInstructor(person) && (person.roles ?? []).length > 0);
    expect(instructors.length).toBeGreaterThanOrEqual(4);
    expect(staff.map((person) => person.roles)).toEqual(expect.arrayContaining([['OWNER'], ['RECEPTIONIST']]));
  });

  it('one person does not have a public profile', () => {
    expect(people.filter((person) => person.publicProfile === false)).toHaveLength(1);
  });

  it('every person has a photo, a bio in Spanish and English, an occupation and years of experience', () => {
    for (const person of people) {
      expect({
        id: person.id,
        image: person.image,
        bio: hasBothLocales(person.bio),
        occupation: Boolean(person.occupation),
        years: person.yearsOfExperience,
      }).toEqual({ id: person.id, image: expect.stringMatching(/^https:\/\//), bio: true, occupation: true, years: expect.any(Number) });
    }
  });

  it('every instructor lists dance specialities that are dance types of the studio', () => {
    const names = new Set(danceTypes.map((type) => type.name));
    for (const person of people.filter(isInstructor)) {
      expect({ id: person.id, count: (person.danceSpecialities ?? []).length > 0 }).toEqual({ id: person.id, count: true });
      for (const speciality of person.danceSpecialities ?? []) expect({ id: person.id, speciality, known: names.has(speciality) }).toEqual({ id: person.id, speciality, known: true });
    }
  });
});

describe('the demo schedule', () => {
  it('every week of the demo year has at least 40 bookable classes of visible dance types', () => {
    const shortWeeks: string[] = [];
    for (let monday = FIRST_WEEK; monday <= LAST_WEEK; monday = addDays(monday, 7)) {
      const sunday = addDays(monday, 6);
      const count = allOccurrences.filter(
        (occurrence) =>
          occurrence.date >= monday &&
          occurrence.date <= sunday &&
          !occurrence.entry.cancelled &&
          occurrence.entry.danceType !== null &&
          visibleTypes.has(occurrence.entry.danceType),
      ).length;
      if (count < 40) shortWeeks.push(`${monday}: ${count}`);
    }
    expect(shortWeeks).toEqual([]);
  });

  it('the whole schedule stays inside the demo year, so shifting it by whole weeks keeps it current', () => {
    for (const entry of classes) {
      if (entry.weekly) {
        expect({ id: entry.id, fromInYear: entry.weekly.from >= FIRST_WEEK, untilInYear: entry.weekly.until <= LATEST_UNTIL }).toEqual({
          id: entry.id,
          fromInYear: true,
          untilInYear: true,
        });
      } else {
        expect({ id: entry.id, inYear: (entry.date as string) >= FIRST_WEEK && (entry.date as string) <= LATEST_UNTIL }).toEqual({ id: entry.id, inYear: true });
      }
    }
  });

  it('some weekly classes skip holidays such as Christmas Day, on their own weekday and inside their dates', () => {
    const exceptions = classes.flatMap((entry) => (entry.weekly?.except ?? []).map((date) => ({ entry, date })));
    expect(exceptions.map((exception) => exception.date)).toContain('2026-12-25');
    for (const { entry, date } of exceptions) {
      const weekly = entry.weekly as NonNullable<ClassEntry['weekly']>;
      expect({ id: entry.id, date, weekday: WEEKDAYS[weekdayOf(date)], inside: date >= weekly.from && date <= weekly.until }).toEqual({
        id: entry.id,
        date,
        weekday: weekly.dayOfWeek,
        inside: true,
      });
    }
  });

  it('every class and event has its own booking id of at most 64 characters', () => {
    const entryIds = classes.map((entry) => entry.id);
    expect(new Set(entryIds).size).toBe(entryIds.length);
    const occurrenceIds = allOccurrences.map((occurrence) => occurrence.id);
    expect(new Set(occurrenceIds).size).toBe(occurrenceIds.length);
    expect(occurrenceIds.filter((id) => id.length > 64)).toEqual([]);
    expect(classes.filter((entry) => entry.weekly && entry.id.length > 55).map((entry) => entry.id)).toEqual([]);
  });

  it('every class names a dance type of the studio and a teacher of the team', () => {
    const names = new Set(danceTypes.map((type) => type.name));
    const personIds = new Set(people.map((person) => person.id));
    for (const entry of groupClasses) expect({ id: entry.id, danceType: names.has(entry.danceType as string) }).toEqual({ id: entry.id, danceType: true });
    for (const entry of classes.filter((item) => item.instructorId)) {
      expect({ id: entry.id, instructor: personIds.has(entry.instructorId as string) }).toEqual({ id: entry.id, instructor: true });
    }
    const instructorIds = new Set(people.filter(isInstructor).map((person) => person.id));
    for (const entry of groupClasses.filter((item) => item.instructorId)) {
      expect({ id: entry.id, taughtByAnInstructor: instructorIds.has(entry.instructorId as string) }).toEqual({ id: entry.id, taughtByAnInstructor: true });
    }
  });

  it('most classes have a teacher, and one class has none', () => {
    const withoutInstructor = groupClasses.filter((entry) => !entry.instructorId);
    expect(withoutInstructor).toHaveLength(1);
    expect(groupClasses.length - withoutInstructor.length).toBeGreaterThan(groupClasses.length / 2);
  });

  it('classes come in several levels, from Beginner to Advanced and All levels', () => {
    const levels = new Set(groupClasses.map((entry) => entry.level));
    for (const level of ['Beginner', 'Improver', 'Intermediate', 'Advanced', 'All levels']) expect(levels).toContain(level);
  });

  it('classes take place in several rooms, and some show no room', () => {
    const rooms = new Set(groupClasses.map((entry) => entry.room).filter(Boolean));
    expect(rooms.size).toBeGreaterThanOrEqual(2);
    expect(groupClasses.some((entry) => entry.room == null)).toBe(true);
  });

  it('classes show prices (some with cents) and capacities, and some have no capacity limit', () => {
    const prices = groupClasses.map((entry) => entry.price);
    expect(prices.every((price) => typeof price === 'number')).toBe(true);
    expect(prices.some((price) => !Number.isInteger(price))).toBe(true);
    // From the two places of a Rueda taster to the 24 of a beginners' class.
    expect([...new Set(groupClasses.flatMap((entry) => (typeof entry.capacity === 'number' ? [entry.capacity] : [])))].sort((a, b) => a - b)).toEqual([2, 8, 10, 12, 16, 18, 24]);
    expect(groupClasses.some((entry) => entry.capacity == null)).toBe(true);
  });

  it('classes that accept packages, that do not, and that do not say all appear', () => {
    expect(groupClasses.some((entry) => entry.allowPackages === true)).toBe(true);
    expect(groupClasses.some((entry) => entry.allowPackages === false)).toBe(true);
    expect(groupClasses.some((entry) => entry.allowPackages === undefined)).toBe(true);
  });

  it('most classes have a description in Spanish and English', () => {
    const described = groupClasses.filter((entry) => hasBothLocales(entry.description));
    expect(described.length).toBeGreaterThan(groupClasses.length / 2);
    expect(classes.filter((entry) => entry.description && !hasBothLocales(entry.description)).map((entry) => entry.id)).toEqual([]);
  });

  it('there are one-off classes besides the weekly ones, and one of them is cancelled', () => {
    const oneOff = groupClasses.filter((entry) => !entry.weekly);
    expect(oneOff.length).toBeGreaterThanOrEqual(2);
    expect(oneOff.filter((entry) => entry.cancelled === true)).toHaveLength(1);
  });

  it('no teacher and no room is booked twice at the same time', () => {
    const clashes: string[] = [];
    const active = allOccurrences.filter((occurrence) => !occurrence.entry.cancelled);
    const byKey = new Map<string, Occurrence[]>();
    for (const occurrence of active) {
      for (const key of [occurrence.entry.instructorId && `teacher ${occurrence.entry.instructorId}`, occurrence.entry.room && `room ${occurrence.entry.room}`]) {
        if (!key) continue;
        const list = byKey.get(`${key} on ${occurrence.date}`) ?? [];
        list.push(occurrence);
        byKey.set(`${key} on ${occurrence.date}`, list);
      }
    }
    for (const [key, list] of byKey) {
      const spans = list
        .map((occurrence) => {
          const start = minutes(occurrence.startTime);
          const end = minutes(occurrence.endTime);
          return { id: occurrence.id, start, end: end <= start ? end + 24 * 60 : end };
        })
        .sort((a, b) => a.start - b.start);
      spans.forEach((span, index) => {
        const next = spans[index + 1];
        if (next && next.start < span.end) clashes.push(`${key}: ${span.id} and ${next.id}`);
      });
    }
    expect(clashes).toEqual([]);
  });
});

describe('the demo events', () => {
  const eventOccurrences = allOccurrences.filter((occurrence) => occurrence.entry.danceType === null);

  it('at least four events are on the calendar between 2026-11-16 and 2026-12-31', () => {
    const early = eventOccurrences.filter((occurrence) => occurrence.date >= FIRST_WEEK && occurrence.date <= '2026-12-31');
    expect(new Set(early.map((occurrence) => occurrence.entry.id)).size).toBeGreaterThanOrEqual(4);
    expect(early.length).toBeGreaterThanOrEqual(4);
  });

  it('one event runs past midnight', () => {
    expect(events.some((entry) => endOf(entry) < startOf(entry))).toBe(true);
  });

  it('one event is cancelled', () => {
    expect(events.filter((entry) => entry.cancelled === true)).toHaveLength(1);
  });

  it('one event has no room and no capacity limit', () => {
    expect(events.some((entry) => entry.room == null && entry.capacity == null)).toBe(true);
  });

  it('every event has a level, a host from the people of the studio and a description in Spanish and English', () => {
    const personIds = new Set(people.map((person) => person.id));
    for (const entry of events) {
      expect({ id: entry.id, level: entry.level.length > 0, host: personIds.has(entry.instructorId ?? ''), described: hasBothLocales(entry.description) }).toEqual({
        id: entry.id,
        level: true,
        host: true,
        described: true,
      });
    }
  });
});

describe('the demo packages', () => {
  it('at least three packages are sold on the web, and one package is hidden from it', () => {
    expect(packages.filter((entry) => entry.isVisibleOnWeb ?? true).length).toBeGreaterThanOrEqual(3);
    expect(packages.filter((entry) => entry.isVisibleOnWeb === false)).toHaveLength(1);
  });

  it('one package gives unlimited classes', () => {
    expect(packages.some((entry) => entry.classCount === null)).toBe(true);
  });

  it('one package never expires', () => {
    expect(packages.some((entry) => entry.validityDays === null)).toBe(true);
  });

  it('one package is only valid for some dance types', () => {
    const visibleRestricted = packages.filter((entry) => (entry.isVisibleOnWeb ?? true) && (entry.danceTypes ?? []).length > 0);
    expect(visibleRestricted.map((entry) => [entry.id, entry.danceTypes])).toEqual([['kiz-zouk-8', ['Kizomba', 'Zouk']]]);
    const names = new Set(danceTypes.map((type) => type.name));
    for (const entry of packages) for (const name of entry.danceTypes ?? []) expect({ id: entry.id, name, known: names.has(name) }).toEqual({ id: entry.id, name, known: true });
  });

  it('every package is priced in euros, with a description in Spanish and English', () => {
    for (const entry of packages) {
      expect({ id: entry.id, currency: entry.currency, described: hasBothLocales(entry.description) }).toEqual({ id: entry.id, currency: 'EUR', described: true });
    }
  });
});

describe('the demo private lessons', () => {
  const listed = offers.filter((offer) => offer.availability.some(isActive) && offer.pricing.some(isActive));

  it('at least three instructors offer private lessons that students can book', () => {
    expect(offers.length).toBeGreaterThanOrEqual(3);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const instructorIds = new Set(people.filter(isInstructor).map((person) => person.id));
    for (const offer of offers) expect({ personId: offer.personId, instructor: instructorIds.has(offer.personId) }).toEqual({ personId: offer.personId, instructor: true });
  });

  it('instructors have active and inactive availability and prices, in several durations', () => {
    const mixed = offers.filter(
      (offer) =>
        offer.availability.some(isActive) &&
        offer.availability.some((window) => !isActive(window)) &&
        offer.pricing.some(isActive) &&
        offer.pricing.some((entry) => !isActive(entry)),
    );
    expect(mixed.length).toBeGreaterThanOrEqual(2);
    const durations = new Set(listed.flatMap((offer) => offer.pricing.filter(isActive).map((entry) => entry.durationMins)));
    for (const duration of [45, 60, 90]) expect(durations).toContain(duration);
    for (const offer of offers) for (const entry of offer.pricing) expect(entry.currency).toBe('EUR');
  });

  it('an instructor has availability but no pricing', () => {
    expect(offers.some((offer) => offer.availability.some(isActive) && offer.pricing.length === 0)).toBe(true);
  });

  it("an instructor's only pricing is inactive", () => {
    expect(offers.some((offer) => offer.availability.some(isActive) && offer.pricing.length > 0 && !offer.pricing.some(isActive))).toBe(true);
  });

  it('availability windows fall on a weekday from Sunday (0) to Saturday (6), end after they start and have unique ids', () => {
    const windows = offers.flatMap((offer) => offer.availability);
    for (const window of windows) {
      expect({ id: window.id, day: window.dayOfWeek >= 0 && window.dayOfWeek <= 6, ordered: window.startTime < window.endTime }).toEqual({ id: window.id, day: true, ordered: true });
    }
    const ids = windows.map((window) => window.id);
    expect(new Set(ids).size).toBe(ids.length);
    const pricingIds = offers.flatMap((offer) => offer.pricing.map((entry) => entry.id));
    expect(new Set(pricingIds).size).toBe(pricingIds.length);
  });

  it('both question types are present', () => {
    const types = new Set(questions.map((question) => question.type));
    expect(types).toEqual(new Set(['DROPDOWN', 'FREEFORM']));
  });

  it('a required dropdown question offers options labelled in Spanish and English', () => {
    const dropdown = questions.find((question) => question.type === 'DROPDOWN' && question.required && isActive(question));
    expect(dropdown?.id).toBe('q-level');
    expect(dropdown?.options?.map((option) => option.value)).toEqual(['never', 'beginner', 'intermediate', 'advanced', 'professional']);
    for (const option of dropdown?.options ?? []) expect({ value: option.value, labelled: hasBothLocales(option.label) }).toEqual({ value: option.value, labelled: true });
  });

  it('an optional free-form question has no options', () => {
    expect(questions.some((question) => question.type === 'FREEFORM' && !question.required && question.options === null && isActive(question))).toBe(true);
  });

  it('one question is inactive', () => {
    expect(questions.filter((question) => !isActive(question))).toHaveLength(1);
  });

  it('every question is asked in Spanish and English', () => {
    for (const question of questions) expect({ id: question.id, labelled: hasBothLocales(question.label) }).toEqual({ id: question.id, labelled: true });
  });
});

describe('the demo, moved on to the day it is started', () => {
  // As on the day the document was written, a week on (its one-off events then moved a week with the weeks), half a year, a leap day and three years on.
  const starts = ['2026-11-24T10:00:00Z', '2026-12-01T10:00:00Z', '2027-06-15T10:00:00Z', '2028-02-29T10:00:00Z', '2029-12-20T10:00:00Z'];
  const rolledAt = (start: string) => rollDemoDocument(raw as Record<string, unknown>, Date.parse(start)) as unknown as StudioDocument;
  const lastMonday = (start: string) => {
    const today = start.slice(0, 10);
    return addDays(today, -((weekdayOf(today) + 6) % 7) - 7);
  };

  it.each(starts)('started on %s, its weekly classes begin last week, and the import accepts it', (start) => {
    const rolled = rolledAt(start);
    const result = validateStudioDocument(rolled);
    expect(result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual([]);
    const firsts = (rolled.classes ?? []).flatMap((entry) => (entry.weekly ? [entry.weekly.from] : []));
    expect(firsts.reduce((a, b) => (a < b ? a : b))).toBe(lastMonday(start));
  });

  it.each(starts)("started on %s, each one-off event keeps its day of the year (New Year's Eve's party on 31 December), in the demo's new year", (start) => {
    const rolled = rolledAt(start);
    const weeks = { first: lastMonday(start), last: addDays(lastMonday(start), 53 * 7 - 1) };
    const moved = events.filter((entry) => !entry.weekly).map((entry) => ({ id: entry.id, date: (rolled.classes ?? []).find((candidate) => candidate.id === entry.id)?.date as string, was: entry.date as string }));
    expect(moved.find((entry) => entry.id === 'nye-party-2026')?.date.slice(5)).toBe('12-31');
    for (const { id, date, was } of moved) {
      expect({ id, dayOfYear: date.slice(5), within: date >= weeks.first && date <= weeks.last }).toEqual({ id, dayOfYear: was.slice(5), within: true });
    }
  });

  it.each(starts)("started on %s, this week's classes are the document's second week's, on the same weekdays (what the client's suite counts)", (start) => {
    const rolled = rolledAt(start);
    const thisMonday = addDays(lastMonday(start), 7);
    const classesOfWeek = (entries: ClassEntry[], monday: string) =>
      entries
        .filter((entry) => entry.danceType !== null && !entry.cancelled)
        .flatMap(occurrencesOf)
        .filter((occurrence) => occurrence.date >= monday && occurrence.date <= addDays(monday, 6))
        .map((occurrence) => `${occurrence.entry.id} ${WEEKDAYS[weekdayOf(occurrence.date)]} ${occurrence.startTime}`)
        .sort();
    expect(classesOfWeek(rolled.classes ?? [], thisMonday)).toEqual(classesOfWeek(classes, addDays(FIRST_WEEK, 7)));
  });
});
