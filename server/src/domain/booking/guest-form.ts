import type { QuestionRecord } from '../catalog';
import type { GuestDetails } from './types';

/**
 * Strict reading of a posted booking form (as `express.urlencoded` parses it). Every field is
 * checked on its own and every problem is reported against its field, as a message key the page
 * translates (`error_<key>`). Anything that is not a single string (an array from a repeated
 * field, a number, an object) is a field error, never an exception.
 */

export type FieldMessageKey =
  | 'required'
  | 'too_long'
  | 'invalid_text'
  | 'invalid_email'
  | 'invalid_phone'
  | 'consent_required'
  | 'invalid_option'
  | 'invalid_start'
  | 'start_other_date'
  | 'start_not_for_duration'
  | 'invalid_pricing'
  | 'slot_taken';

/** field name → message key */
export type FieldErrors = Record<string, FieldMessageKey>;

export type GuestFormResult = { ok: true; guest: GuestDetails } | { ok: false; errors: FieldErrors };
export type AnswersResult = { ok: true; answers: Record<string, string> } | { ok: false; errors: FieldErrors };

const NAME_MAX = 100;
const EMAIL_MAX = 254;
const PHONE_MAX = 30;
const ANSWER_MAX = 1000;

/** One @, nothing that needs quoting, a dot inside the domain. */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]{1,64}@(?:[^\s@<>()[\]\\,;:".]+\.)+[^\s@<>()[\]\\,;:".]+$/;
const PHONE_PATTERN = /^[0-9 +().\-/]+$/;

/** The value of a form field: absent is '', a single string is itself, anything else is null. */
export function formField(raw: unknown, name: string): string | null {
  if (typeof raw !== 'object' || raw === null || !Object.prototype.hasOwnProperty.call(raw, name)) return '';
  const value = (raw as Record<string, unknown>)[name];
  if (value === undefined) return '';
  return typeof value === 'string' ? value : null;
}

export function validateGuestForm(raw: unknown): GuestFormResult {
  const errors: FieldErrors = {};
  const firstName = readName(raw, 'firstName', errors);
  const lastName = readName(raw, 'lastName', errors);
  const email = readEmail(raw, errors);
  const phone = readPhone(raw, errors);
  if (formField(raw, 'terms') !== 'yes') errors.terms = 'consent_required';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, guest: { firstName, lastName, email, phone } };
}

/** Answers to the studio's active questions, read from the fields `answer_<questionId>`. */
export function validateAnswers(raw: unknown, questions: readonly QuestionRecord[]): AnswersResult {
  const errors: FieldErrors = {};
  const answers: Record<string, string> = {};
  for (const question of questions) {
    if (question.active === false) continue;
    const field = answerField(question.id);
    const result = question.type === 'DROPDOWN' ? readOption(raw, field, question) : readFreeText(raw, field);
    if ('error' in result) errors[field] = result.error;
    else if (result.value === '' && question.required) errors[field] = 'required';
    else if (result.value !== '') answers[question.id] = result.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

export function answerField(questionId: string): string {
  return `answer_${questionId}`;
}

type Read = { value: string } | { error: FieldMessageKey };

function readName(raw: unknown, field: string, errors: FieldErrors): string {
  const value = formField(raw, field);
  if (value === null) return fail(errors, field, 'invalid_text');
  const text = value.trim().normalize('NFC');
  if (text === '') return fail(errors, field, 'required');
  if (text.length > NAME_MAX) return fail(errors, field, 'too_long');
  if (hasControlCharacters(text, false)) return fail(errors, field, 'invalid_text');
  return text;
}

function readEmail(raw: unknown, errors: FieldErrors): string {
  const value = formField(raw, 'email');
  if (value === null) return fail(errors, 'email', 'invalid_email');
  const text = value.trim();
  if (text === '') return fail(errors, 'email', 'required');
  if (text.length > EMAIL_MAX) return fail(errors, 'email', 'too_long');
  if (hasControlCharacters(text, false) || !EMAIL_PATTERN.test(text)) return fail(errors, 'email', 'invalid_email');
  return text;
}

function readPhone(raw: unknown, errors: FieldErrors): string | null {
  const value = formField(raw, 'phone');
  const text = value?.trim() ?? null;
  if (text === '') return null;
  if (text !== null && text.length > PHONE_MAX) errors.phone = 'too_long';
  else if (text === null || !PHONE_PATTERN.test(text) || !/\d/.test(text)) errors.phone = 'invalid_phone';
  return text;
}

function readOption(raw: unknown, field: string, question: QuestionRecord): Read {
  const value = formField(raw, field);
  if (value === null) return { error: 'invalid_option' };
  if (value.trim() === '') return { value: '' };
  return (question.options ?? []).some((option) => option.value === value) ? { value } : { error: 'invalid_option' };
}

function readFreeText(raw: unknown, field: string): Read {
  const value = formField(raw, field);
  if (value === null) return { error: 'invalid_text' };
  const text = value.replace(/\r\n?/g, '\n').trim().normalize('NFC');
  if (text.length > ANSWER_MAX) return { error: 'too_long' };
  if (hasControlCharacters(text, true)) return { error: 'invalid_text' };
  return { value: text };
}

/** Records the error and returns '' so a reader can end with `return fail(...)`. */
function fail(errors: FieldErrors, field: string, key: FieldMessageKey): string {
  errors[field] = key;
  return '';
}

/**
 * C0 and C1 controls, DEL, the line and paragraph separators and the bidirectional overrides and
 * isolates (which can make a name display as something else). Free text may keep line breaks and tabs.
 */
function hasControlCharacters(text: string, allowLineBreaks: boolean): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (allowLineBreaks && (code === 0x0a || code === 0x09)) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if (code === 0x2028 || code === 0x2029 || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}
