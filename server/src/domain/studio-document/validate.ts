import { studioDocumentSchema, type StudioDocument } from './schema';
import { formatPath, type DocumentProblem } from './problems';
import { addDays, compactDate, weekdayIndex } from '../time/calendar';
import { WEEKDAY_NAMES } from '../time/weekdays';

/** Longest id a weekly series may have, so that `{id}-{YYYYMMDD}` still fits the 64-character id rule. */
const MAX_SERIES_ID_LENGTH = 64 - '-YYYYMMDD'.length;
/** A generous bound (several years of a large studio) that keeps one import from filling the database by mistake. */
export const MAX_OCCURRENCES = 250_000;

export type ValidationResult = { ok: true; document: StudioDocument } | { ok: false; problems: DocumentProblem[] };

/** Checks the whole document and reports every problem, each with its path. */
export function validateStudioDocument(input: unknown): ValidationResult {
  const parsed = studioDocumentSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })) };
  }
  const problems = findCrossReferenceProblems(parsed.data);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, document: parsed.data };
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

function findCrossReferenceProblems(document: StudioDocument): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const report = (path: PropertyKey[], message: string) => problems.push({ path: formatPath(path), message });

  const danceTypeNames = new Set<string>();
  const danceTypeKeys = new Set<string>();
  (document.danceTypes ?? []).forEach((type, index) => {
    const key = type.name.toLowerCase();
    if (danceTypeKeys.has(key)) report(['danceTypes', index, 'name'], `duplicate dance type "${type.name}" (names are compared ignoring case)`);
    danceTypeKeys.add(key);
    danceTypeNames.add(type.name);
  });
  const knownTypes = () => (danceTypeNames.size > 0 ? `known: ${[...danceTypeNames].join(', ')}` : 'the document has no danceTypes');

  const personIds = new Set<string>();
  (document.people ?? []).forEach((person, index) => {
    if (personIds.has(person.id)) report(['people', index, 'id'], `duplicate person id "${person.id}"`);
    personIds.add(person.id);
  });

  const occurrenceIds = new Map<string, string>();
  let occurrenceCount = 0;
  (document.classes ?? []).forEach((entry, index) => {
    if (entry.danceType !== null && !danceTypeNames.has(entry.danceType)) {
      report(['classes', index, 'danceType'], `"${entry.danceType}" names no dance type (${knownTypes()})`);
    }
    if (entry.instructorId && !personIds.has(entry.instructorId)) {
      report(['classes', index, 'instructorId'], `"${entry.instructorId}" names no person of the document`);
    }
    const claim = (id: string, path: PropertyKey[]) => {
      const earlier = occurrenceIds.get(id);
      if (earlier) report(path, `the occurrence id "${id}" is also produced by ${earlier}`);
      else occurrenceIds.set(id, formatPath(path));
    };
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
      const dates = seriesDates(series);
      occurrenceCount += dates.length;
      if (occurrenceCount <= MAX_OCCURRENCES) {
        for (const date of dates) claim(`${entry.id}-${compactDate(date)}`, ['classes', index, 'id']);
      }
    } else {
      if (entry.startTime === entry.endTime) report(['classes', index, 'endTime'], 'must differ from startTime');
      occurrenceCount += 1;
      claim(entry.id, ['classes', index, 'id']);
    }
  });
  if (occurrenceCount > MAX_OCCURRENCES) {
    report(['classes'], `the document expands to ${occurrenceCount} occurrences; at most ${MAX_OCCURRENCES} are accepted`);
  }

  const packageIds = new Set<string>();
  (document.packages ?? []).forEach((entry, index) => {
    if (packageIds.has(entry.id)) report(['packages', index, 'id'], `duplicate package id "${entry.id}"`);
    packageIds.add(entry.id);
    (entry.danceTypes ?? []).forEach((name, typeIndex) => {
      if (!danceTypeNames.has(name)) report(['packages', index, 'danceTypes', typeIndex], `"${name}" names no dance type (${knownTypes()})`);
    });
  });

  const offeredBy = new Set<string>();
  const availabilityIds = new Set<string>();
  const pricingIds = new Set<string>();
  (document.privateLessons?.instructors ?? []).forEach((offer, index) => {
    if (!personIds.has(offer.personId)) report(['privateLessons', 'instructors', index, 'personId'], `"${offer.personId}" names no person of the document`);
    if (offeredBy.has(offer.personId)) report(['privateLessons', 'instructors', index, 'personId'], `"${offer.personId}" is listed twice`);
    offeredBy.add(offer.personId);
    offer.availability.forEach((window, windowIndex) => {
      if (availabilityIds.has(window.id)) report(['privateLessons', 'instructors', index, 'availability', windowIndex, 'id'], `duplicate availability id "${window.id}"`);
      availabilityIds.add(window.id);
    });
    offer.pricing.forEach((entry, pricingIndex) => {
      if (pricingIds.has(entry.id)) report(['privateLessons', 'instructors', index, 'pricing', pricingIndex, 'id'], `duplicate pricing id "${entry.id}"`);
      pricingIds.add(entry.id);
    });
  });

  const questionIds = new Set<string>();
  (document.privateLessons?.questions ?? []).forEach((question, index) => {
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
