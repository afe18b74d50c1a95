/**
 * Finding a studio's bookings by who booked or by reference (`q` of `GET bookings`). What the
 * student typed and what the studio types are compared folded: lower case, accents and other
 * marks dropped, and a few letters that carry no mark spelled out ("Lucía Núñez" is found by
 * "lucia nunez", "Jørgensen" by "jorgensen"). Each booking keeps its folded text
 * (`bookings.search_text`: first name, last name, email and the reference's own symbols), written
 * with the booking, so both databases compare the same plain text and no collation is involved.
 *
 * - A text shaped like a reference ("SD-7KQ4", "sd-7kq4-m2xp", "SD 7KQ4 M2XP" as read out) is a
 *   reference, or its beginning: found through the references' unique index.
 * - Anything else is words: a booking matches when each word is found somewhere in its folded text
 *   (a part of a name, of the email, or of the reference's symbols).
 */

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_WORDS = 8;
/** What `bookings.search_text` holds at most, in characters (its column is varchar(1000)). */
export const SEARCH_TEXT_MAX_LENGTH = 1000;

export type BookingSearch = { kind: 'reference'; prefix: string } | { kind: 'words'; words: string[] };

/** Letters with no decomposition into a base letter and a mark, as a person would type them without it. */
const UNMARKED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't' };
const UNMARKED_PATTERN = new RegExp(`[${Object.keys(UNMARKED).join('')}]`, 'gu');

/** Text folded for comparison: lower case, compatibility forms, no marks, single spaces. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(UNMARKED_PATTERN, (letter) => UNMARKED[letter]!)
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A reference's symbols after "SD-" ("7kq4-m2xp"): "sd" alone is in every reference and finds nothing. */
const referenceSymbols = (reference: string | null) => (reference === null ? '' : foldForSearch(reference).replace(/^sd-/, ''));

/** What a booking is found by: its guest's names and email, and its reference's symbols, folded. */
export function bookingSearchText(guest: { firstName: string; lastName: string; email: string }, reference: string | null): string {
  const text = foldForSearch(`${guest.firstName} ${guest.lastName} ${guest.email} ${referenceSymbols(reference)}`);
  // Folding can lengthen a text (ß is ss); the column's bound is kept by whole characters.
  return text.length <= SEARCH_TEXT_MAX_LENGTH ? text : Array.from(text).slice(0, SEARCH_TEXT_MAX_LENGTH).join('');
}

/** Spaces and dashes as people type or paste them between a reference's parts: hyphens, a word processor's en and em dashes, a minus. */
const TYPED_SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/gu;

/**
 * A reference as a student reads it out or a desk types it: "SD 5FFP ZR8Q", "sd5ffpzr8q" and
 * "SD–5FFP–ZR8Q" are "SD-5FFP-ZR8Q", and a beginning of one ("SD 5FF") is that beginning
 * ("SD-5FF"). Null when the text is not "SD" and 1 to 8 symbols.
 */
export function typedReference(text: string): string | null {
  const symbols = /^SD([A-Z0-9]{1,8})$/.exec(text.toUpperCase().replace(TYPED_SEPARATORS, ''))?.[1];
  if (symbols === undefined) return null;
  return symbols.length <= 4 ? `SD-${symbols}` : `SD-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/** Reads `q`: null when it asks for nothing (empty or spaces only); a problem message when it cannot be used. */
export function parseBookingSearch(q: string): BookingSearch | null | { problem: string } {
  const trimmed = q.trim();
  if (trimmed === '') return null;
  if (Array.from(trimmed).length > SEARCH_MAX_LENGTH) return { problem: `must be at most ${SEARCH_MAX_LENGTH} characters` };
  const reference = typedReference(trimmed);
  if (reference !== null) return { kind: 'reference', prefix: reference };
  const words = [...new Set(foldForSearch(trimmed).split(' ').filter((word) => word !== ''))];
  // Marks alone ("´") fold to nothing, which would match every booking.
  if (words.length === 0) return { problem: 'has nothing to search for once accents are set aside' };
  if (words.length > SEARCH_MAX_WORDS) return { problem: `must be at most ${SEARCH_MAX_WORDS} words` };
  return { kind: 'words', words };
}
