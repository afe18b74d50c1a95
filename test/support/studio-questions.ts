import type { QuestionRecord } from '../../server/src/domain/catalog';

/**
 * The questions a studio asks with a private lesson booking, as the domain holds them: the required
 * level dropdown (answers `beginner` or `advanced`) and the optional free-text goals.
 */

export const levelQuestion = (label: QuestionRecord['label']): QuestionRecord => ({
  id: 'q-level',
  label,
  type: 'DROPDOWN',
  options: [
    { value: 'beginner', label: { en: 'Beginner' } },
    { value: 'advanced', label: { en: 'Advanced' } },
  ],
  required: true,
  active: true,
});

export const goalsQuestion = (label: QuestionRecord['label']): QuestionRecord => ({ id: 'q-goals', label, type: 'FREEFORM', options: null, required: false, active: true });
