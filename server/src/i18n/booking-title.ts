import type { BookingRecord } from '../domain/booking/types';
import { PAGE_LOCALES, translate, type PageLocale } from './messages';

/**
 * A booking's title in the language of the email it is in. A class's or event's title is the studio's
 * own name for it, the same in every email. A private lesson's is a sentence the booking page wrote
 * in the student's language ("Private lesson with Ana García"): the studio's copy, in the studio's
 * language, says it in its own ("Clase particular con Ana García"), the instructor's name read back
 * from the sentence. A title no page sentence matches stays as it was written.
 */
export function bookingTitleIn(locale: PageLocale, booking: Pick<BookingRecord, 'kind' | 'title'>): string {
  const { kind, title } = booking;
  if (kind !== 'private_lesson') return title;
  for (const written of PAGE_LOCALES) {
    const [before = '', after = ''] = translate(written, 'private_lesson_title', { name: '\u0000' }).split('\u0000');
    if (title.length > before.length + after.length && title.startsWith(before) && title.endsWith(after)) {
      return translate(locale, 'private_lesson_title', { name: title.slice(before.length, title.length - after.length) });
    }
  }
  return title;
}
