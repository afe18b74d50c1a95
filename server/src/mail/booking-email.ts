import path from 'node:path';
import nunjucks from 'nunjucks';
import { chooseLocale, pickText } from '../domain/booking/locale';
import { buildBookingCalendar } from '../domain/booking/ics';
import type { BookingRecord, CancelledBy } from '../domain/booking/types';
import type { QuestionRecord } from '../domain/catalog';
import type { MessageAudience, MessageEvent, MovedFrom, OwedMessage } from '../domain/notifications/owed-messages';
import type { StudioProfileView } from '../domain/public-api/reader';
import { formatDateTime, formatPrice, formatSpan, formatZoneName } from '../i18n/format';
import { PAGE_LOCALES, translate, type PageLocale } from '../i18n/messages';
import { bookingTitleIn } from '../i18n/booking-title';
import { formatsLocaleFor, type Language } from '../i18n/formats-locale';
import { priceLabelKey } from '../i18n/price-label';
import type { OutgoingEmail } from './mail-transport';

/**
 * The emails of the booking lifecycle, rendered when they are delivered (so a reminder describes the
 * booking as it is then), in plain text and HTML, in the language of the page the student booked on
 * (the studio's copy in the studio's first language), with the pages' translations and date formats.
 * The HTML goes through Nunjucks with autoescaping on, as the pages do: nothing a student or a studio
 * typed becomes markup. The text version is not escaped: it is not HTML.
 */

export interface BookingEmailInput {
  /** the outbox message's id (the email's Message-ID) */
  messageId: string;
  audience: MessageAudience;
  event: MessageEvent;
  payload: OwedMessage['payload'];
  booking: BookingRecord;
  studio: StudioProfileView;
  /** the student's manage page: `{checkout}/booking/{token}` */
  manageUrl: string;
  /** the address emails are sent from: the calendar invitation's organizer */
  senderAddress: string;
  /** the student's place on the waitlist (1 = next), while waiting */
  waitlistPlace: number | null;
  /** whether the student can still cancel online (the manage link offers it): false past the studio's cutoff */
  cancellableOnline: boolean;
  /** the studio's booking questions, to name the answers in the studio's copy (by the question's label, and a chosen option's) */
  questions: QuestionRecord[];
}

const views = path.join(__dirname, 'views');
const htmlTemplates = new nunjucks.Environment(new nunjucks.FileSystemLoader(views), { autoescape: true, throwOnUndefined: false, trimBlocks: true, lstripBlocks: true });
const textTemplates = new nunjucks.Environment(new nunjucks.FileSystemLoader(views), { autoescape: false, throwOnUndefined: false, trimBlocks: true, lstripBlocks: true });

const MINUTE_MS = 60_000;

/** What the manage link is for, by the booking's status when the email goes. */
const MANAGE_LABEL_KEYS: Record<BookingRecord['status'], string> = { confirmed: 'mail_manage', waiting: 'mail_manage_waiting', cancelled: 'mail_manage_cancelled' };

/** The studio's copy of a cancellation, by who cancelled: the student, the studio, or the studio's import (the class cancelled or dropped). */
const STUDIO_CANCELLED_LEAD_KEYS: Record<CancelledBy, string> = {
  student: 'mail_studio_cancelled_lead',
  studio: 'mail_studio_cancelled_by_studio_lead',
  class_cancelled: 'mail_studio_cancelled_class_lead',
};

/**
 * The student's cancellation, by who cancelled: their seat, or their place on the waitlist, which is
 * never "your booking" (they had none). A student who leaves the waitlist gets no email: the page says so.
 */
const STUDENT_CANCELLED_LEAD_KEYS: Record<CancelledBy, string> = {
  student: 'mail_cancelled_by_student',
  studio: 'mail_cancelled_by_studio',
  class_cancelled: 'mail_cancelled_class',
};
const STUDENT_WAITLIST_ENDED_LEAD_KEYS: Record<Exclude<CancelledBy, 'student'>, string> = {
  studio: 'mail_cancelled_waiting_by_studio',
  class_cancelled: 'mail_cancelled_waiting_class',
};

/** The email to send, or null when the message has no one to go to (a studio without a notification address). */
export function renderBookingEmail(input: BookingEmailInput): OutgoingEmail | null {
  const { audience, booking, studio } = input;
  const to = audience === 'student' ? booking.guest.email : studio.notificationEmail;
  if (!to) return null;
  const language = emailLanguage(input);
  const { page: locale, formats } = language;
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
  const guestName = [booking.guest.firstName, booking.guest.lastName].filter(Boolean).join(' ');
  const zone = studio.timezone;
  const when = formatSpan(booking.startsAt, booking.endsAt, zone, formats);
  const title = bookingTitleIn(locale, booking);
  const subjectParams = { title, when, name: guestName, studio: studio.name };
  const words = wording(input, formats, t, subjectParams);
  const details = [
    { label: t('what'), value: title },
    { label: t('when'), value: when },
    { label: t('where'), value: [studio.name, studio.address, studio.unit, booking.room].filter(Boolean).join(', ') },
    { label: t(priceLabelKey(booking)), value: priceText(booking, language) },
    { label: t('reference'), value: booking.reference },
  ];
  const view = {
    lang: locale,
    subject: words.subject,
    greeting: audience === 'student' ? t('mail_greeting', { name: booking.guest.firstName }) : null,
    lead: words.lead,
    details,
    zoneNote: t('mail_time_zone', { zone: formatZoneName(booking.startsAt, zone, formats) }),
    guest:
      audience === 'studio'
        ? [
            { label: t('mail_student'), value: guestName },
            { label: t('email'), value: booking.guest.email },
            ...(booking.guest.phone ? [{ label: t('contact_phone'), value: booking.guest.phone }] : []),
            ...answerLines(booking.answers, input.questions, studio.locales),
          ]
        : [],
    // Every email of the student's links their manage page: a cancelled booking's says so and offers a way to book again.
    manage: audience === 'student' ? { label: t(booking.status === 'confirmed' && !input.cancellableOnline ? 'mail_manage_no_cancel' : MANAGE_LABEL_KEYS[booking.status]), url: input.manageUrl } : null,
    contact: audience === 'student' && input.event === 'cancelled' ? contactLines(studio, t) : null,
    footer: t('mail_footer', { studio: studio.name }),
  };
  return {
    id: input.messageId,
    to,
    replyTo: audience === 'student' ? studio.notificationEmail : booking.guest.email,
    subject: words.subject,
    text: textTemplates.render('booking.txt.njk', view),
    html: htmlTemplates.render('booking.html.njk', view),
    calendar: calendarOf(input, language, guestName),
  };
}

/**
 * An email's words and formats: the student's, in the language and the region's formats of the page
 * they booked on; the studio's copy in the studio's first language, written as its locales say or
 * else as its country does (a studio in the United States listing `en` reads 7:00 PM).
 */
function emailLanguage({ audience, booking, studio }: BookingEmailInput): Language {
  if (audience === 'studio') {
    const page = pageLocaleOf(studio.locales);
    return { page, formats: formatsLocaleFor(page, [...studio.locales, `${page}-${studio.country}`]) };
  }
  const page = pageLocaleOf([booking.locale, ...studio.locales]);
  return { page, formats: formatsLocaleFor(page, [booking.formatsLocale, booking.locale, ...studio.locales]) };
}

/**
 * The student's answers as the studio asked them: each under its question's label, a chosen option by
 * its label, in the studio's first language (its own words, as it wrote them: Japanese for a studio
 * in Japanese, though the email's own words fall back to English); an answer to a question the studio
 * has since removed, under the question's id.
 */
function answerLines(answers: Record<string, string> | null, questions: QuestionRecord[], studioLocales: readonly string[]) {
  const locale = studioLocales[0] ?? null;
  return Object.entries(answers ?? {}).map(([questionId, answer]) => {
    const question = questions.find((candidate) => candidate.id === questionId);
    if (!question) return { label: questionId, value: answer };
    const option = question.options?.find((candidate) => candidate.value === answer);
    return {
      label: pickText(question.label, locale, studioLocales) || questionId,
      value: option ? pickText(option.label, locale, studioLocales) || answer : answer,
    };
  });
}

/** The subject and the first lines; `formats` writes the dates of the student's (a waitlist's cutoff, a moved class's time before). */
function wording(input: BookingEmailInput, formats: string, t: (key: string, params?: Record<string, string | number>) => string, params: Record<string, string>) {
  const { booking, studio } = input;
  if (input.audience === 'studio') {
    return input.event === 'cancelled'
      ? { subject: t('mail_studio_cancelled_subject', params), lead: t(STUDIO_CANCELLED_LEAD_KEYS[cancelledBy(input)], params) }
      : { subject: t('mail_studio_confirmed_subject', params), lead: t('mail_studio_confirmed_lead', params) };
  }
  switch (input.event) {
    case 'confirmed':
      return { subject: t('mail_confirmed_subject', params), lead: t('mail_confirmed_lead', params) };
    case 'promoted':
      return { subject: t('mail_promoted_subject', params), lead: t('mail_promoted_lead', params) };
    case 'reminder':
      return { subject: t('mail_reminder_subject', params), lead: t('mail_reminder_lead', params) };
    case 'waitlist_joined': {
      const closes = booking.startsAt - studio.policies.cancellationCutoffMinutes * MINUTE_MS;
      const cutoff = formatDateTime(closes, studio.timezone, formats);
      return { subject: t('mail_waitlist_subject', params), lead: t('mail_waitlist_lead', { ...params, place: input.waitlistPlace ?? 1, cutoff }) };
    }
    case 'rescheduled': {
      const from = movedFrom(input);
      const before = from ? formatSpan(from.startsAt, from.endsAt, studio.timezone, formats) : '';
      const lead = booking.status === 'waiting' ? 'mail_rescheduled_waiting_lead' : 'mail_rescheduled_lead';
      return { subject: t('mail_rescheduled_subject', params), lead: t(lead, { ...params, before }) };
    }
    case 'cancelled': {
      const by = cancelledBy(input);
      const key = wasWaiting(input) && by !== 'student' ? STUDENT_WAITLIST_ENDED_LEAD_KEYS[by] : STUDENT_CANCELLED_LEAD_KEYS[by];
      return { subject: t('mail_cancelled_subject', params), lead: t(key, params) };
    }
  }
}

/** A place on the waitlist never got a seat: its cancellation has no calendar entry to remove. */
function wasWaiting({ payload }: BookingEmailInput): boolean {
  return payload !== null && 'wasWaiting' in payload ? payload.wasWaiting : false;
}

function cancelledBy({ payload }: BookingEmailInput): CancelledBy {
  return payload !== null && 'cancelledBy' in payload ? payload.cancelledBy : 'student';
}

/** When a moved class was before (a `rescheduled` message's). */
function movedFrom({ payload }: BookingEmailInput): MovedFrom | null {
  return payload !== null && 'movedFrom' in payload ? payload.movedFrom : null;
}

function calendarOf(input: BookingEmailInput, language: Language, guestName: string): OutgoingEmail['calendar'] {
  if (input.audience !== 'student') return null;
  const { booking, studio } = input;
  // A place on the waitlist is in no calendar: neither its joining nor its move nor its end has an entry to send.
  const method =
    input.event === 'cancelled' ? (wasWaiting(input) ? null : 'CANCEL') : input.event === 'waitlist_joined' || (input.event === 'rescheduled' && booking.status !== 'confirmed') ? null : 'REQUEST';
  if (!method) return null;
  const content = buildBookingCalendar({
    // A confirmation or promotion makes the calendar's entry (its first SEQUENCE); a move updates it, and a
    // reminder repeats it as it is now (after a move, at its raised SEQUENCE: a lower one reads as out of date).
    booking: method === 'REQUEST' && input.event !== 'rescheduled' && input.event !== 'reminder' ? { ...booking, calendarSequence: 0 } : booking,
    studio,
    title: `${booking.title} · ${studio.name}`,
    location: [studio.name, studio.address, studio.unit, booking.room].filter(Boolean).join(', '),
    labels: { reference: translate(language.page, 'reference'), toPay: translate(language.page, priceLabelKey(booking)) },
    formattedPrice: priceText(booking, language),
    invitation: { method, organizer: { name: studio.name, email: input.senderAddress }, attendee: { name: guestName, email: booking.guest.email } },
  });
  return { method, content };
}

function priceText(booking: BookingRecord, { page, formats }: Language): string {
  if (booking.price === 0) return translate(page, 'price_free');
  return formatPrice(booking.price, booking.currency, formats) ?? translate(page, 'price_unknown');
}

function contactLines(studio: StudioProfileView, t: (key: string, params?: Record<string, string | number>) => string) {
  const lines = [
    studio.phone ? t('mail_contact_phone', { phone: studio.phone }) : null,
    studio.whatsappEnabled && studio.whatsappPhone ? t('mail_contact_whatsapp', { phone: studio.whatsappPhone }) : null,
    studio.notificationEmail ? `${t('email')}: ${studio.notificationEmail}` : null,
    studio.website ? t('mail_contact_website', { url: studio.website }) : null,
  ].filter((line): line is string => line !== null);
  return lines.length > 0 ? { heading: t('mail_contact', { studio: studio.name }), lines } : null;
}

function pageLocaleOf(wishes: (string | null | undefined)[]): PageLocale {
  return (chooseLocale(wishes.filter((wish): wish is string => Boolean(wish)), [...PAGE_LOCALES]) ?? 'en') as PageLocale;
}
