import { validateAnswers, validateGuestForm } from '../../../server/src/domain/booking/guest-form';
import type { QuestionRecord } from '../../../server/src/domain/catalog';
import { goalsQuestion, levelQuestion } from '../../support/studio-questions';

const valid = { firstName: 'Lucía', lastName: 'Pérez García', email: 'lucia@example.es', phone: '+34 600 12 34 56', terms: 'yes' };

const errorsOf = (raw: unknown) => {
  const result = validateGuestForm(raw);
  if (result.ok) throw new Error('expected the form to be refused');
  return result.errors;
};

describe('guest details on the booking form', () => {
  it('When the student fills in every field, then the details are taken as typed (trimmed)', () => {
    const result = validateGuestForm({ ...valid, firstName: '  Lucía ', email: ' Lucia@Example.ES ' });
    expect(result).toEqual({
      ok: true,
      guest: { firstName: 'Lucía', lastName: 'Pérez García', email: 'Lucia@Example.ES', phone: '+34 600 12 34 56' },
    });
  });

  it('When the phone is left empty or blank, then the booking has no phone', () => {
    expect(validateGuestForm({ ...valid, phone: '' })).toMatchObject({ ok: true, guest: { phone: null } });
    expect(validateGuestForm({ ...valid, phone: '   ' })).toMatchObject({ ok: true, guest: { phone: null } });
    const { phone: _phone, ...withoutPhone } = valid;
    expect(validateGuestForm(withoutPhone)).toMatchObject({ ok: true, guest: { phone: null } });
  });

  it('When the form is empty, then every required field says it is required', () => {
    expect(errorsOf({})).toEqual({ firstName: 'required', lastName: 'required', email: 'required', terms: 'consent_required' });
  });

  it('When nothing was posted at all, then the same field errors appear instead of a crash', () => {
    expect(errorsOf(undefined)).toEqual(errorsOf({}));
    expect(errorsOf(null)).toEqual(errorsOf({}));
    expect(errorsOf('firstName=x')).toEqual(errorsOf({}));
  });

  it('When names are only spaces, then they are required', () => {
    expect(errorsOf({ ...valid, firstName: '   ', lastName: '\t' })).toEqual({ firstName: 'required', lastName: 'required' });
  });

  it('When a name has 100 characters, then it is accepted; with 101, then it is too long', () => {
    expect(validateGuestForm({ ...valid, firstName: 'a'.repeat(100) }).ok).toBe(true);
    expect(errorsOf({ ...valid, firstName: 'a'.repeat(101) })).toEqual({ firstName: 'too_long' });
  });

  it('When every field is 10,000 characters long, then each is refused as too long', () => {
    const huge = 'x'.repeat(10_000);
    expect(errorsOf({ firstName: huge, lastName: huge, email: huge, phone: huge, terms: huge })).toEqual({
      firstName: 'too_long',
      lastName: 'too_long',
      email: 'too_long',
      phone: 'too_long',
      terms: 'consent_required',
    });
  });

  it('When a name contains control characters or bidirectional overrides, then it is refused', () => {
    expect(errorsOf({ ...valid, firstName: 'Ana\u0000' })).toEqual({ firstName: 'invalid_text' });
    expect(errorsOf({ ...valid, firstName: 'Ana\nMaría' })).toEqual({ firstName: 'invalid_text' });
    expect(errorsOf({ ...valid, lastName: 'Ruiz\u007f' })).toEqual({ lastName: 'invalid_text' });
    expect(errorsOf({ ...valid, lastName: 'Ruiz\u0085' })).toEqual({ lastName: 'invalid_text' });
    expect(errorsOf({ ...valid, lastName: '\u202eziuR' })).toEqual({ lastName: 'invalid_text' });
  });

  it('When a name contains "<script>", then it is kept as text (the page escapes it), not refused', () => {
    const result = validateGuestForm({ ...valid, firstName: '<script>alert(1)</script>' });
    expect(result).toMatchObject({ ok: true, guest: { firstName: '<script>alert(1)</script>' } });
  });

  it('When a field arrives as an array (a repeated field), then it is a field error, not a crash', () => {
    expect(errorsOf({ ...valid, firstName: ['Ana', 'Eva'], email: ['a@b.es', 'c@d.es'], phone: ['1'], terms: ['yes', 'yes'] })).toEqual({
      firstName: 'invalid_text',
      email: 'invalid_email',
      phone: 'invalid_phone',
      terms: 'consent_required',
    });
  });

  it('When fields arrive as numbers, objects or null, then they are field errors, not crashes', () => {
    expect(errorsOf({ firstName: 42, lastName: { a: 1 }, email: null, phone: 600123456, terms: true })).toEqual({
      firstName: 'invalid_text',
      lastName: 'invalid_text',
      email: 'invalid_email',
      phone: 'invalid_phone',
      terms: 'consent_required',
    });
  });

  it('When the form tries prototype keys, then they are not read as fields', () => {
    const raw = Object.create({ firstName: 'Inherited', lastName: 'Inherited', email: 'a@b.es', terms: 'yes' });
    expect(errorsOf(raw)).toEqual({ firstName: 'required', lastName: 'required', email: 'required', terms: 'consent_required' });
    expect(validateGuestForm(JSON.parse('{"__proto__": {"terms": "yes"}, "firstName": "A", "lastName": "B", "email": "a@b.es"}')).ok).toBe(false);
  });

  it.each(['lucia@example.es', 'lucia.perez+clases@mail.example.co.uk', 'x@a.io', 'ñandú@dominio.es'])('When the email is %s, then it is accepted', (email) => {
    expect(validateGuestForm({ ...valid, email }).ok).toBe(true);
  });

  it.each([
    'lucia',
    'lucia@',
    '@example.es',
    'lucia@example',
    'lucia@@example.es',
    'lu cia@example.es',
    'lucia@exa mple.es',
    'a@b@example.es',
    'lucia@example.',
    'lucia@.example.es',
    'lucia@example..es',
    '<script>@example.es',
    'lucia@example.es<script>',
    '"lucia"@example.es',
    'lucia@example.es\u0000',
  ])('When the email is %j, then the student is asked for a real address', (email) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: 'invalid_email' });
  });

  it('When the email is 254 characters, then it is accepted; with 255, then it is too long', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example.es`;
    const at254 = `${'l'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(at254).toHaveLength(254);
    expect(validateGuestForm({ ...valid, email: at254 }).ok).toBe(true);
    expect(errorsOf({ ...valid, email: `l${at254}` })).toEqual({ email: 'too_long' });
  });

  it.each(['+34 600 12 34 56', '(212) 555-0100', '600.123.456', '+1/212/5550100'])('When the phone is %s, then it is accepted', (phone) => {
    expect(validateGuestForm({ ...valid, phone }).ok).toBe(true);
  });

  it.each(['call me', '600123456 ext 2', '+34 600<script>', '---', '600\u0000123'])('When the phone is %j, then it is refused', (phone) => {
    expect(errorsOf({ ...valid, phone })).toEqual({ phone: 'invalid_phone' });
  });

  it('When the phone is longer than 30 characters, then it is too long', () => {
    expect(errorsOf({ ...valid, phone: '1'.repeat(31) })).toEqual({ phone: 'too_long' });
  });

  it('When the terms box is not ticked (or carries another value), then consent is required', () => {
    const { terms: _terms, ...withoutTerms } = valid;
    expect(errorsOf(withoutTerms)).toEqual({ terms: 'consent_required' });
    expect(errorsOf({ ...valid, terms: 'on' })).toEqual({ terms: 'consent_required' });
    expect(errorsOf({ ...valid, terms: 'YES' })).toEqual({ terms: 'consent_required' });
  });
});

describe('answers to the studio questions', () => {
  const level = levelQuestion({ en: 'Your level' });
  const goals = goalsQuestion({ en: 'Your goals' });
  const song: QuestionRecord = { id: 'q-song', label: { en: 'First dance song' }, type: 'FREEFORM', options: null, required: true, active: true };
  const style: QuestionRecord = { ...level, id: 'q-style', required: false, options: [{ value: 'salsa', label: { en: 'Salsa' } }] };
  const questions = [level, goals, song, style];

  it('When every question is answered, then the answers are kept by question id', () => {
    const result = validateAnswers({ 'answer_q-level': 'beginner', 'answer_q-goals': ' Dance at my wedding \r\n ', 'answer_q-song': 'Perfect', 'answer_q-style': 'salsa' }, questions);
    expect(result).toEqual({ ok: true, answers: { 'q-level': 'beginner', 'q-goals': 'Dance at my wedding', 'q-song': 'Perfect', 'q-style': 'salsa' } });
  });

  it('When optional questions are left empty, then they are left out of the answers', () => {
    const result = validateAnswers({ 'answer_q-level': 'advanced', 'answer_q-goals': '   ', 'answer_q-song': 'Perfect', 'answer_q-style': '' }, questions);
    expect(result).toEqual({ ok: true, answers: { 'q-level': 'advanced', 'q-song': 'Perfect' } });
  });

  it('When required questions are not answered, then each says it is required', () => {
    expect(validateAnswers({ 'answer_q-song': '  ' }, questions)).toEqual({ ok: false, errors: { 'answer_q-level': 'required', 'answer_q-song': 'required' } });
  });

  it('When a dropdown answer is not one of its options, then the student is asked to choose one', () => {
    const result = validateAnswers({ 'answer_q-level': 'Beginner', 'answer_q-song': 'x', 'answer_q-style': '<script>' }, questions);
    expect(result).toEqual({ ok: false, errors: { 'answer_q-level': 'invalid_option', 'answer_q-style': 'invalid_option' } });
  });

  it('When a free answer is 1,000 characters, then it is accepted; with 1,001, then it is too long', () => {
    expect(validateAnswers({ 'answer_q-level': 'beginner', 'answer_q-song': 's'.repeat(1000) }, questions).ok).toBe(true);
    expect(validateAnswers({ 'answer_q-level': 'beginner', 'answer_q-song': 's'.repeat(1001) }, questions)).toEqual({
      ok: false,
      errors: { 'answer_q-song': 'too_long' },
    });
  });

  it('When a free answer has line breaks, then they are kept; other control characters are refused', () => {
    expect(validateAnswers({ 'answer_q-level': 'beginner', 'answer_q-song': 'line one\r\nline two\tend' }, questions)).toEqual({
      ok: true,
      answers: { 'q-level': 'beginner', 'q-song': 'line one\nline two\tend' },
    });
    expect(validateAnswers({ 'answer_q-level': 'beginner', 'answer_q-song': 'bell\u0007' }, questions)).toEqual({
      ok: false,
      errors: { 'answer_q-song': 'invalid_text' },
    });
  });

  it('When answers arrive as arrays or numbers, then they are field errors, not crashes', () => {
    expect(validateAnswers({ 'answer_q-level': ['beginner', 'advanced'], 'answer_q-song': 42 }, questions)).toEqual({
      ok: false,
      errors: { 'answer_q-level': 'invalid_option', 'answer_q-song': 'invalid_text' },
    });
  });

  it('When answers name unknown questions, or use the answer[id] form, then they are ignored', () => {
    const result = validateAnswers({ 'answer_q-level': 'beginner', 'answer_q-song': 'x', 'answer_q-unknown': 'y', 'answer[q-goals]': 'z' }, questions);
    expect(result).toEqual({ ok: true, answers: { 'q-level': 'beginner', 'q-song': 'x' } });
  });

  it('When a question is inactive, then it is neither required nor kept', () => {
    const result = validateAnswers({ 'answer_q-song': 'x' }, [{ ...level, active: false }, song]);
    expect(result).toEqual({ ok: true, answers: { 'q-song': 'x' } });
  });

  it('When the studio has no questions, then there are no answers', () => {
    expect(validateAnswers(undefined, [])).toEqual({ ok: true, answers: {} });
  });
});
