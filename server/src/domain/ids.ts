import { compactDate } from './time/calendar';

/**
 * The ids of a studio's data, one rule for the import, the public API and the booking pages. Ids
 * that cannot exist are answered (404) without asking the database.
 */

/** The studio document's ids (studio-document.md): 1 to 64 characters from A-Z a-z 0-9 _ -. */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A weekly series' class: the series' id and the date, as in "salsa-mon-20270301"; a one-off keeps its entry's id. */
const OCCURRENCE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}(?:-\d{8})?$/;

export function isDocumentId(id: unknown): id is string {
  return typeof id === 'string' && DOCUMENT_ID_PATTERN.test(id);
}

/** The id of one date of a weekly series (the booking page's address uses it). */
export function occurrenceId(seriesId: string, date: string): string {
  return `${seriesId}-${compactDate(date)}`;
}

/** The weekly series a class id names by its date ("salsa-mon-20270301" → "salsa-mon"), or null for an id without one (a one-off's). */
export function seriesIdOf(classId: string): string | null {
  return /^(.{1,64})-\d{8}$/.exec(classId)?.[1] ?? null;
}

/** A class or event id: a document id, or a series' id with a date (up to 73 characters). */
export function isOccurrenceId(id: unknown): id is string {
  return typeof id === 'string' && OCCURRENCE_ID_PATTERN.test(id);
}

/**
 * The key a dance type is found by: its name in Unicode's composed form (NFC), lower-cased. So
 * `Cafe%CC%81` (an e and a combining accent, as some keyboards and macOS file names write it) finds
 * the type written `Café`, and the other way round, whatever the case.
 */
export function danceTypeKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
