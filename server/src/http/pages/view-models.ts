import type { ClassPage, Confirmation, ManagedBooking, PrivateLessonPage } from '../../domain/booking/booking-service';
import { answerField, type FieldErrors } from '../../domain/booking/guest-form';
import { pickText } from '../../domain/booking/locale';
import { wallClockRepeat, wallTimeToInstant } from '../../domain/time/zoned-time';
import { formatDate, formatDateTime, formatPrice, formatSpan, formatTime, formatZoneName } from '../../i18n/format';
import { translate, translateWithLinks, type PageLocale } from '../../i18n/messages';
import { priceLabelKey } from '../../i18n/price-label';
import type { Language } from '../../i18n/formats-locale';
import type { PageLocales } from './page-locale';
import { dialable, wayBackView } from './way-back';
import { isWebAddress } from '../../domain/booking/web-address';

/**
 * What each template shows, computed from the use-cases' results: localized texts picked with the
 * studio's fallback, dates and prices formatted in the page's language (as the student's region
 * writes it: formats-locale.ts) and the studio's time zone.
 */

type FormValues = Record<string, string>;

const GUEST_LABEL_KEYS: Record<string, string> = { firstName: 'first_name', lastName: 'last_name', email: 'email', phone: 'phone' };

/** What the student typed, as single strings only, to show it again after an error. */
export function typedValues(body: unknown): FormValues {
  const values: FormValues = {};
  if (typeof body !== 'object' || body === null) return values;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' && key !== '_csrf') values[key] = value.slice(0, 2000);
  }
  return values;
}

function translatedErrors(errors: FieldErrors, locale: PageLocale, consent: ConsentView): Record<string, string> {
  const translated = Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, translate(locale, `error_${key}`)]));
  if (errors.terms === 'consent_required') translated.terms = consent.error;
  return translated;
}

/** What the student's data is sent for: to keep a class's place, or a private lesson's time (with the answers to the studio's questions, if it asks any). */
type ConsentPurpose = 'class' | 'lesson' | 'lesson_answers';

type ConsentView = ReturnType<typeof consentView>;

/**
 * The required consent box of the guest form. With the studio's terms, the student agrees to them;
 * without, only to being contacted about the booking (there is nothing else to agree to). Next to
 * it, always, what the studio receives and why, and links to the studio's terms and privacy notice
 * when it published them (http(s) addresses only). The links are in that description rather than in
 * the label: the label stays a short name for the checkbox, and a tap meant for the box never
 * follows a link. They open in a new tab, as their text says: the booking pages are not cached
 * (no-store), so coming back from a page opened in the same tab could lose what the student typed.
 */
function consentView(studio: ClassPage['studio'], locale: PageLocale, purpose: ConsentPurpose) {
  const { termsUrl, privacyUrl } = studio.policies;
  const terms = isWebAddress(termsUrl) ? { text: translate(locale, 'consent_terms_link'), href: termsUrl } : null;
  const privacy = isWebAddress(privacyUrl) ? { text: translate(locale, 'consent_privacy_link'), href: privacyUrl } : null;
  const readKey = terms && privacy ? 'consent_read_both' : terms ? 'consent_read_terms' : privacy ? 'consent_read_privacy' : null;
  return {
    label: translate(locale, terms ? 'terms' : 'consent_contact', { studio: studio.name }),
    /** the name of the box in the error summary */
    name: translate(locale, terms ? 'terms_label' : 'consent_label'),
    error: translate(locale, terms ? 'error_consent_required' : 'error_contact_consent_required'),
    receives: translate(locale, `consent_receives_${purpose}`, { studio: studio.name }),
    read: readKey ? translateWithLinks(locale, readKey, { studio: studio.name }, { terms, privacy }) : [],
  };
}

interface FormInput {
  values?: FormValues;
  csrfToken: string;
  idempotencyKey: string;
  formAction: string;
}

/** What every booking form shows besides its fields: what was typed, the errors, the consent box and the hidden fields. */
function formState(form: FormInput, errors: Record<string, string>, labels: Record<string, string>, consent: ConsentView) {
  return {
    values: form.values ?? {},
    errors,
    consent,
    errorList: errorList(errors, labels),
    csrfToken: form.csrfToken,
    idempotencyKey: form.idempotencyKey,
    formAction: form.formAction,
  };
}

/** Fields whose control has another id than the field's name. */
const CONTROL_IDS: Record<string, string> = { pricing: 'pricing-choice' };

/** The error summary's entries, in the order of the fields on the page (`labels` are in it), so that it reads as the form does. */
function errorList(errors: Record<string, string>, labels: Record<string, string>) {
  const fields = Object.keys(labels);
  const place = (field: string) => {
    const at = fields.indexOf(field);
    return at === -1 ? fields.length : at;
  };
  return Object.entries(errors)
    .sort(([a], [b]) => place(a) - place(b))
    .map(([field, message]) => ({ field: CONTROL_IDS[field] ?? field, message, label: labels[field] ?? field }));
}

/** The label of each guest field, for the error summary. */
function guestLabels(locale: PageLocale, consent: ConsentView): Record<string, string> {
  return { ...Object.fromEntries(Object.entries(GUEST_LABEL_KEYS).map(([field, key]) => [field, translate(locale, key)])), terms: consent.name };
}

function personName(person: { name: string; lastname: string | null } | null): string | null {
  return person ? [person.name, person.lastname].filter(Boolean).join(' ') : null;
}

export function classView(page: ClassPage, locales: PageLocales, form: { values?: FormValues; errors?: FieldErrors; csrfToken: string; idempotencyKey: string; formAction: string }) {
  const { studio, occurrence } = page;
  const { page: locale, formats } = locales;
  const isEvent = occurrence.danceType === null;
  // Why it cannot be booked, or that it is full, says "this event" on an event's page.
  const kindSuffix = isEvent ? '_event' : '';
  const consent = consentView(studio, locale, 'class');
  const errors = translatedErrors(form.errors ?? {}, locale, consent);
  const labels = guestLabels(locale, consent);
  const over = page.bookability === 'past' || page.bookability === 'cancelled';
  // The studio's cutoff: the waitlist closes then, and online cancelling ends.
  const cutoff = formatDateTime(page.waitlistClosesAt, studio.timezone, formats);
  const spotsLeft =
    occurrence.capacity === null
      ? translate(locale, 'spots_unlimited')
      : translate(locale, 'spots_left_value', { count: Math.max(0, occurrence.capacity - occurrence.confirmedBookings), capacity: occurrence.capacity });
  return {
    locale,
    // A class that can no longer be booked (past, cancelled) is named, not offered: no "Book", no spots left.
    title: over ? occurrence.name : translate(locale, isEvent ? 'book_event_title' : 'book_class_title', { name: occurrence.name }),
    studio,
    isEvent,
    when: formatSpan(occurrence.startsAt, occurrence.endsAt, studio.timezone, formats),
    zoneName: formatZoneName(occurrence.startsAt, studio.timezone, formats),
    danceType: occurrence.danceType,
    level: occurrence.level,
    room: occurrence.room,
    person: personName(occurrence.instructor),
    price: formatPrice(occurrence.price, studio.defaultCurrency, formats),
    isFree: occurrence.price === 0,
    spotsLeft: over ? null : spotsLeft,
    description: pickText(occurrence.description, locales.content, studio.locales) || null,
    unavailableReason: page.bookability === 'open' || page.waitlistOpen ? null : translate(locale, `unavailable_${page.bookability}${kindSuffix}`),
    waitlist: page.waitlistOpen ? translate(locale, `waitlist_offer${kindSuffix}`, { closes: cutoff }) : null,
    // Past the cutoff a seat can still be booked until the start, but no longer cancelled online: said before, not after.
    lateBooking: page.bookability === 'open' && !page.cancellableOnline ? translate(locale, 'late_booking_note', { deadline: cutoff }) : null,
    // A full class offers its waitlist and, below it, what else there is to book.
    wayBack: page.bookability === 'open' ? null : wayBackView(studio, locales, page.instead),
    ...formState(form, errors, labels, consent),
  };
}

export function privateLessonView(
  page: PrivateLessonPage,
  locales: PageLocales,
  form: { values?: FormValues; errors?: FieldErrors; csrfToken: string; idempotencyKey: string; formAction: string },
) {
  const { studio, instructor } = page;
  const { page: locale, formats } = locales;
  const zone = studio.timezone;
  const consent = consentView(studio, locale, page.questions.length > 0 ? 'lesson_answers' : 'lesson');
  const errors = translatedErrors(form.errors ?? {}, locale, consent);
  const fullName = personName(instructor) ?? instructor.name;
  const questions = page.questions.map((question) => {
    const field = answerField(question.id);
    return {
      field,
      label: pickText(question.label, locales.content, studio.locales),
      required: question.required,
      value: form.values?.[field] ?? '',
      error: errors[field] ?? null,
      options: question.options?.map((option) => ({ value: option.value, label: pickText(option.label, locales.content, studio.locales) || option.value })) ?? null,
    };
  });
  // In the page's order: the error summary lists its problems in it.
  const labels: Record<string, string> = {
    pricing: translate(locale, 'choose_duration'),
    start: translate(locale, 'choose_time'),
    ...Object.fromEntries(questions.map((question) => [question.field, question.label])),
    ...guestLabels(locale, consent),
  };
  const dateLabel = (date: string) => formatDate(wallTimeToInstant(date, '12:00', zone), zone, formats);
  return {
    locale,
    title: translate(locale, 'private_lesson_title', { name: fullName }),
    studio,
    instructor: { fullName, image: instructor.image, bio: pickText(instructor.bio, locales.content, studio.locales) || null },
    pricingOptions: page.pricing.map((entry) => ({
      id: entry.id,
      selected: entry.id === page.selectedPricing.id,
      label: translate(locale, 'duration_option', { minutes: entry.durationMins, price: formatPrice(entry.price, entry.currency, formats) ?? '' }),
    })),
    dateOptions: page.dates.map((date) => ({ value: date, label: dateLabel(date), selected: date === page.selectedDate })),
    selectedDateLabel: page.selectedDate ? dateLabel(page.selectedDate) : '',
    dateNote: dateNote(page, locales, dateLabel),
    noDates: translate(locale, page.anyFreeTime ? 'no_dates_for_duration' : 'no_dates', { name: fullName }),
    wayBack: page.anyFreeTime ? null : wayBackView(studio, locales, null),
    zoneName: formatZoneName(page.slots[0]?.startsAt ?? Date.now(), zone, formats),
    slots: page.slots.map((slot) => ({
      value: new Date(slot.startsAt).toISOString(),
      time: formatTime(slot.startsAt, zone, formats),
      dateLabel: formatDate(slot.startsAt, zone, formats),
    })),
    clocksGoBack: page.slots.some((slot) => wallClockRepeat(slot.startsAt, zone) !== 'once'),
    questions,
    ...formState(form, errors, labels, consent),
  };
}

/** How a student reaches the studio: what it published, as links where there is a way to call or write. */
function studioContacts(studio: ManagedBooking['studio'], locale: PageLocale) {
  return [
    studio.phone ? { label: translate(locale, 'contact_phone'), text: studio.phone, href: `tel:${dialable(studio.phone)}` } : null,
    studio.whatsappEnabled && studio.whatsappPhone ? { label: translate(locale, 'contact_whatsapp'), text: studio.whatsappPhone, href: `https://wa.me/${dialable(studio.whatsappPhone).replace(/^\+/, '')}` } : null,
    studio.notificationEmail ? { label: translate(locale, 'contact_email'), text: studio.notificationEmail, href: `mailto:${studio.notificationEmail}` } : null,
    isWebAddress(studio.website) ? { label: translate(locale, 'contact_website'), text: studio.website, href: studio.website } : null,
  ].filter((contact) => contact !== null);
}

const MINUTE_MS = 60_000;

/** The manage page: the booking as it is now, and what the student can still do with it. */
export function manageView(managed: ManagedBooking, language: Language, options: { existing: boolean; calendarUrl: string; google: string; outlook: string; cancelUrl: string }) {
  const { booking, studio, cancellation } = managed;
  const locale = language.page;
  const deadline = formatDateTime(booking.startsAt - studio.policies.cancellationCutoffMinutes * MINUTE_MS, studio.timezone, language.formats);
  // A place on the waitlist never reached the student's calendar: its cancellation left SEQUENCE at 0.
  const leftWaitlist = booking.cancelledBy === 'student' && booking.calendarSequence === 0;
  const cancelledText = booking.cancelledBy === 'student' ? (leftWaitlist ? 'waitlist_left_text' : 'booking_cancelled_text') : booking.cancelledBy ? 'cancelled_by_studio_text' : 'booking_cancelled_text';
  const waitlistText =
    cancellation === 'waitlist_closed' ? translate(locale, 'waitlist_closed_text', { closed: deadline }) : translate(locale, 'waitlist_place', { place: managed.waitlistPlace ?? 1, closes: deadline });
  return {
    ...confirmationView(managed, language, options),
    title: translate(locale, manageTitleKey(booking.status, cancellation, leftWaitlist)),
    status: booking.status,
    cancellation,
    cancelledText: booking.status === 'cancelled' ? translate(locale, cancelledText) : null,
    waitlistText: booking.status === 'waiting' ? waitlistText : null,
    // A page worth keeping: a booking or a live place on the waitlist, not one that came to nothing.
    keepLink: booking.status === 'confirmed' || cancellation === 'open',
    cancelUntil: cancellation === 'open' && booking.status === 'confirmed' ? translate(locale, 'cancel_until', { deadline }) : null,
    tooLate: cancellation === 'too_late' ? translate(locale, 'cancel_too_late', { deadline }) : null,
    contacts: cancellation === 'too_late' ? studioContacts(studio, locale) : [],
    cancelUrl: options.cancelUrl,
    bookAgain: booking.status === 'cancelled' ? bookAgainLink(managed) : null,
  };
}

/** The manage page's heading, by what became of the booking or the place on the waitlist. */
function manageTitleKey(status: ManagedBooking['booking']['status'], cancellation: ManagedBooking['cancellation'], leftWaitlist: boolean): string {
  if (status === 'cancelled') return leftWaitlist ? 'waitlist_left_title' : 'booking_cancelled_title';
  if (status === 'waiting') return cancellation === 'waitlist_closed' ? 'waitlist_closed_title' : 'waitlist_title';
  return 'confirmation_title';
}

/** The link to book a cancelled booking again (ManagedBooking.rebook): a class's page, or the teacher's private lessons in the language it was booked in. */
function bookAgainLink({ booking, studio, rebook }: ManagedBooking): { url: string; textKey: string } | null {
  if (rebook === null) return null;
  // A place on the waitlist that ended never held a seat (its SEQUENCE never left 0): "again" would say it had.
  const sameClassKey = booking.calendarSequence === 0 ? 'back_to_class' : 'book_again';
  if (rebook.kind === 'class') return { url: `/book/${encodeURIComponent(rebook.classId)}`, textKey: rebook.sameClass ? sameClassKey : 'book_another_class' };
  const locale = studio.locales.find((candidate) => candidate.toLowerCase() === booking.locale.toLowerCase()) ?? studio.locales[0] ?? 'en';
  return { url: `/${encodeURIComponent(locale)}/book/private-lesson/${encodeURIComponent(rebook.instructorId)}`, textKey: 'book_lesson_again' };
}

/** The confirmation step before cancelling (or leaving the waitlist). */
export function cancelStepView(managed: ManagedBooking, language: Language, form: { csrfToken: string; formAction: string; backUrl: string }) {
  const waiting = managed.booking.status === 'waiting';
  const locale = language.page;
  return {
    ...confirmationView(managed, language, { existing: false, calendarUrl: '', google: '', outlook: '' }),
    title: translate(locale, waiting ? 'leave_confirm_title' : 'cancel_confirm_title'),
    text: translate(locale, waiting ? 'leave_confirm_text' : 'cancel_confirm_text'),
    button: translate(locale, waiting ? 'leave_confirm_button' : 'cancel_confirm_button'),
    ...form,
  };
}

/** Why the page shows another date than the one asked for, and when the next free time is. */
function dateNote(page: PrivateLessonPage, { page: locale, formats }: Language, dateLabel: (date: string) => string): string | null {
  if (page.unavailableDate === null) return null;
  const date = dateLabel(page.unavailableDate);
  const first = page.slots[0];
  if (!page.selectedDate || page.selectedDate < page.unavailableDate || !first) return translate(locale, 'date_unavailable', { date });
  const next = translate(locale, 'slot_label', { date: dateLabel(page.selectedDate), time: formatTime(first.startsAt, page.studio.timezone, formats) });
  return translate(locale, 'date_unavailable_next', { date, next });
}

function confirmationView(confirmation: Confirmation, { page: locale, formats }: Language, options: { existing: boolean; calendarUrl: string; google: string; outlook: string }) {
  const { booking, studio } = confirmation;
  return {
    locale,
    title: translate(locale, 'confirmation_title'),
    studio,
    existing: options.existing,
    guestName: booking.guest.firstName,
    reference: booking.reference,
    what: booking.title,
    when: formatSpan(booking.startsAt, booking.endsAt, studio.timezone, formats),
    zoneName: formatZoneName(booking.startsAt, studio.timezone, formats),
    room: booking.room,
    price: formatPrice(booking.price, booking.currency, formats),
    // Nothing is paid for a free booking, a place on the waitlist or a cancelled one: labelled "Price", not "To pay at the studio".
    priceLabel: translate(locale, priceLabelKey(booking)),
    calendarUrl: options.calendarUrl,
    googleCalendarUrl: options.google,
    outlookCalendarUrl: options.outlook,
  };
}

