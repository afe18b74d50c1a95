import type { z } from 'zod';
import { currency, documentProblemWords, entrySchemas, studioDocumentSchema, type StudioDocument } from './schema';
import { currencyDecimals, decimalPlaces } from '../money';
import { formatPath, type DocumentProblem } from './problems';
import { danceTypeKey, occurrenceId } from '../ids';
import { addDays, weekdayIndex } from '../time/calendar';
import { WEEKDAY_NAMES } from '../time/weekdays';

/** Longest id a weekly series may have, so that `{id}-{YYYYMMDD}` still fits the 64-character id rule. */
const MAX_SERIES_ID_LENGTH = 64 - '-YYYYMMDD'.length;
/** A generous bound (several years of a large studio) that keeps one import from filling the database by mistake. */
const MAX_OCCURRENCES = 250_000;

export type ValidationResult = { ok: true; document: StudioDocument } | { ok: false; problems: DocumentProblem[] };

/** An entry of one of the document's lists, or undefined where that entry's own shape is wrong. */
type Entry<List> = (NonNullable<List> extends readonly (infer Item)[] ? Item : never) | undefined;
type Lessons = NonNullable<StudioDocument['privateLessons']>;

/**
 * The document's lists as the checks across entries see them: an entry whose own shape is wrong is
 * `undefined` (its problems are reported by the schema), so the others are still checked, at their
 * own index. Ids and names are collected from every entry that has one, well-formed or not, so
 * that a reference to an entry with another mistake is not reported as pointing nowhere.
 */
interface CheckedLists {
  danceTypes: Entry<StudioDocument['danceTypes']>[];
  people: Entry<StudioDocument['people']>[];
  classes: Entry<StudioDocument['classes']>[];
  packages: Entry<StudioDocument['packages']>[];
  instructors: Entry<Lessons['instructors']>[];
  questions: Entry<Lessons['questions']>[];
  danceTypeNames: Set<string>;
  personIds: Set<string>;
  /** the studio's `defaultCurrency`, the classes' prices' (undefined where it is not a code) */
  studioCurrency: string | undefined;
}

/** Checks the whole document and reports every problem, each with its path, in one pass. */
export function validateStudioDocument(input: unknown): ValidationResult {
  const parsed = studioDocumentSchema.safeParse(input, { error: documentProblemWords });
  if (parsed.success) {
    const problems = findCrossReferenceProblems(listsOf(parsed.data));
    return problems.length > 0 ? { ok: false, problems } : { ok: true, document: parsed.data };
  }
  const shapeProblems = parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  return { ok: false, problems: [...shapeProblems, ...findCrossReferenceProblems(salvageLists(input))] };
}

function listsOf(document: StudioDocument): CheckedLists {
  return {
    danceTypes: document.danceTypes ?? [],
    people: document.people ?? [],
    classes: document.classes ?? [],
    packages: document.packages ?? [],
    instructors: document.privateLessons?.instructors ?? [],
    questions: document.privateLessons?.questions ?? [],
    danceTypeNames: new Set((document.danceTypes ?? []).map((type) => type.name)),
    personIds: new Set((document.people ?? []).map((person) => person.id)),
    studioCurrency: document.studio.defaultCurrency,
  };
}

/** The lists of a document that failed its schema: each entry that is well-formed on its own, in its place. */
function salvageLists(input: unknown): CheckedLists {
  const root = asRecord(input);
  const lessons = asRecord(root.privateLessons);
  const wellFormed = <T>(list: unknown, schema: z.ZodType<T>): (T | undefined)[] =>
    Array.isArray(list) ? list.map((entry) => {
      const result = schema.safeParse(entry);
      return result.success ? result.data : undefined;
    }) : [];
  const stringsAt = (list: unknown, key: string) =>
    new Set(Array.isArray(list) ? list.map((entry) => asRecord(entry)[key]).filter((value): value is string => typeof value === 'string') : []);
  return {
    danceTypes: wellFormed(root.danceTypes, entrySchemas.danceType),
    people: wellFormed(root.people, entrySchemas.person),
    classes: wellFormed(root.classes, entrySchemas.classEntry),
    packages: wellFormed(root.packages, entrySchemas.packageEntry),
    instructors: wellFormed(lessons.instructors, entrySchemas.privateLessonInstructor),
    questions: wellFormed(lessons.questions, entrySchemas.question),
    danceTypeNames: stringsAt(root.danceTypes, 'name'),
    personIds: stringsAt(root.people, 'id'),
    studioCurrency: currencyCodeOf(asRecord(root.studio).defaultCurrency),
  };
}

/** A currency code as the schema takes it, or undefined (its problem is the schema's to report). */
function currencyCodeOf(value: unknown): string | undefined {
  const parsed = currency.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The dates a weekly series falls on, in order, without its exceptions. */
export function seriesDates(series: { dayOfWeek: string; from: string; until: string; except?: string[] }): string[] {
  const weekday = WEEKDAY_NAMES.indexOf(series.dayOfWeek as (typeof WEEKDAY_NAMES)[number]);
  const skipped = new Set(series.except ?? []);
  const dates: string[] = [];
  let date = addDays(series.from, (weekday - weekdayIndex(series.from) + 7) % 7);
  while (date <= series.until) {
    if (!skipped.has(date)) dates.push(date);
    date = addDays(date, 7);
  }
  return dates;
}

function findCrossReferenceProblems(lists: CheckedLists): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const report = (path: PropertyKey[], message: string) => problems.push({ path: formatPath(path), message });
  const { danceTypeNames, personIds } = lists;
  /** A price with more decimals than its currency has: 2500.5 yen would read ¥2,501 on one page and 2500.5 on another. */
  const checkPrice = (path: PropertyKey[], price: number | null | undefined, currency: string | undefined) => {
    if (price === null || price === undefined || currency === undefined) return;
    const allowed = currencyDecimals(currency);
    if (decimalPlaces(price) <= allowed) return;
    report(path, allowed === 0 ? `expected a whole amount: ${currency} has no decimals` : `expected at most ${allowed} decimal places (${currency})`);
  };

  const danceTypeKeys = new Set<string>();
  lists.danceTypes.forEach((type, index) => {
    if (!type) return;
    const key = danceTypeKey(type.name);
    if (danceTypeKeys.has(key)) report(['danceTypes', index, 'name'], `duplicate dance type "${type.name}" (names are compared ignoring case)`);
    danceTypeKeys.add(key);
  });
  const knownTypes = () => (danceTypeNames.size > 0 ? `known: ${[...danceTypeNames].join(', ')}` : 'the document has no danceTypes');

  const seenPersonIds = new Set<string>();
  lists.people.forEach((person, index) => {
    if (!person) return;
    if (seenPersonIds.has(person.id)) report(['people', index, 'id'], `duplicate person id "${person.id}"`);
    seenPersonIds.add(person.id);
  });

  const occurrenceIds = new Map<string, string>();
  const entryIds = new Map<string, string>();
  let occurrenceCount = 0;
  lists.classes.forEach((entry, index) => {
    if (!entry) return;
    checkPrice(['classes', index, 'price'], entry.price, lists.studioCurrency);
    if (entry.danceType !== null && !danceTypeNames.has(entry.danceType)) {
      report(['classes', index, 'danceType'], `"${entry.danceType}" names no dance type (${knownTypes()})`);
    }
    if (entry.instructorId && !personIds.has(entry.instructorId)) {
      report(['classes', index, 'instructorId'], `"${entry.instructorId}" names no person of the document`);
    }
    if (entry.weekly) {
      const series = entry.weekly;
      if (entry.id.length > MAX_SERIES_ID_LENGTH) {
        report(['classes', index, 'id'], `a weekly series id has at most ${MAX_SERIES_ID_LENGTH} characters, so that "{id}-{YYYYMMDD}" has at most 64`);
      }
      if (series.startTime === series.endTime) report(['classes', index, 'weekly', 'endTime'], 'must differ from startTime');
      (series.except ?? []).forEach((date, exceptIndex) => {
        if (WEEKDAY_NAMES[weekdayIndex(date)] !== series.dayOfWeek) {
          report(['classes', index, 'weekly', 'except', exceptIndex], `${date} is a ${WEEKDAY_NAMES[weekdayIndex(date)]}, not a ${series.dayOfWeek}`);
        } else if (date < series.from || date > series.until) {
          report(['classes', index, 'weekly', 'except', exceptIndex], `${date} is outside ${series.from}..${series.until}`);
        }
      });
    } else if (entry.startTime === entry.endTime) {
      report(['classes', index, 'endTime'], 'must differ from startTime');
    }

    const dates = entry.weekly ? seriesDates(entry.weekly) : null;
    occurrenceCount += dates ? dates.length : 1;
    const idPath = formatPath(['classes', index, 'id']);
    const earlierEntry = entryIds.get(entry.id);
    if (earlierEntry !== undefined) {
      // The same id twice: said once, not once for every date the two entries share.
      report(['classes', index, 'id'], `duplicate class id "${entry.id}" (also ${earlierEntry})`);
      return;
    }
    entryIds.set(entry.id, idPath);
    // Past the limit a series' dates are not claimed (the count is reported below).
    if (dates && occurrenceCount > MAX_OCCURRENCES) return;
    // The occurrence ids the entry produces: a series' one per date, a one-off's its own.
    const ids = dates ? dates.map((date) => occurrenceId(entry.id, date)) : [entry.id];
    const clashes = ids.flatMap((id) => {
      const earlier = occurrenceIds.get(id);
      if (earlier === undefined) occurrenceIds.set(id, idPath);
      return earlier === undefined ? [] : [{ id, earlier }];
    });
    const [first] = clashes;
    if (first) {
      const more = clashes.length > 1 ? ` (and ${clashes.length - 1} more of its dates)` : '';
      report(['classes', index, 'id'], `the occurrence id "${first.id}" is also produced by ${first.earlier}${more}`);
    }
  });
  if (occurrenceCount > MAX_OCCURRENCES) {
    report(['classes'], `the document expands to ${occurrenceCount} occurrences; at most ${MAX_OCCURRENCES} are accepted`);
  }

  const packageIds = new Set<string>();
  lists.packages.forEach((entry, index) => {
    if (!entry) return;
    checkPrice(['packages', index, 'price'], entry.price, entry.currency);
    if (packageIds.has(entry.id)) report(['packages', index, 'id'], `duplicate package id "${entry.id}"`);
    packageIds.add(entry.id);
    (entry.danceTypes ?? []).forEach((name, typeIndex) => {
      if (!danceTypeNames.has(name)) report(['packages', index, 'danceTypes', typeIndex], `"${name}" names no dance type (${knownTypes()})`);
    });
  });

  const offeredBy = new Set<string>();
  const availabilityIds = new Set<string>();
  const pricingIds = new Set<string>();
  lists.instructors.forEach((offer, index) => {
    if (!offer) return;
    if (!personIds.has(offer.personId)) report(['privateLessons', 'instructors', index, 'personId'], `"${offer.personId}" names no person of the document`);
    if (offeredBy.has(offer.personId)) report(['privateLessons', 'instructors', index, 'personId'], `"${offer.personId}" is listed twice`);
    offeredBy.add(offer.personId);
    offer.availability.forEach((window, windowIndex) => {
      if (availabilityIds.has(window.id)) report(['privateLessons', 'instructors', index, 'availability', windowIndex, 'id'], `duplicate availability id "${window.id}"`);
      availabilityIds.add(window.id);
    });
    offer.pricing.forEach((entry, pricingIndex) => {
      checkPrice(['privateLessons', 'instructors', index, 'pricing', pricingIndex, 'price'], entry.price, entry.currency);
      if (pricingIds.has(entry.id)) report(['privateLessons', 'instructors', index, 'pricing', pricingIndex, 'id'], `duplicate pricing id "${entry.id}"`);
      pricingIds.add(entry.id);
    });
  });

  const questionIds = new Set<string>();
  lists.questions.forEach((question, index) => {
    if (!question) return;
    if (questionIds.has(question.id)) report(['privateLessons', 'questions', index, 'id'], `duplicate question id "${question.id}"`);
    questionIds.add(question.id);
    const values = new Set<string>();
    (question.options ?? []).forEach((option, optionIndex) => {
      if (values.has(option.value)) report(['privateLessons', 'questions', index, 'options', optionIndex, 'value'], `duplicate option value "${option.value}"`);
      values.add(option.value);
    });
  });

  return problems;
}
