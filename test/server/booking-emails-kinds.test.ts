import type { ParsedMail } from 'mailparser';
import { Browser, accessTokenOf } from '../support/booking-form';
import { ana, casaDelSon, privateLessonOffer, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Every email of the booking lifecycle, in Spanish and in English, as a real SMTP server receives it:
 * what each says (subject, greeting, the studio, the class or lesson, its time in the studio's zone
 * with the zone's name, the room and the address), the manage link, and the calendar part. One
 * studio per language (its desk reads the studio's copies in the studio's first language), built
 * once per store; the students book, wait, cancel and are cancelled through the pages and an
 * import, and the server's worker delivers in three rounds on the test's clock: the bookings, the
 * changes, the reminders.
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
/** 24 hours before Monday 2027-03-08, 19:00 in Madrid. */
const REMINDERS_DUE = Date.parse('2027-03-07T18:00:00Z');
const CHECKOUT = 'https://book.example.com';
const LOCALES = ['es', 'en'] as const;
type Locale = (typeof LOCALES)[number];
/** What a guest typed to see whether it becomes markup in the studio's copy. */
const MARKUP = '<b>x</b>';

/** The students of each language's studio, each with an address and a first name of their own. */
const STUDENTS = {
  booked: 'Lucía',
  cancels: 'Marta',
  seat: 'Sara',
  waits: 'Bea',
  dropped: 'Eva',
  calledOff: 'Inés',
  closed: 'Olga',
  lesson: 'Iker',
} as const;
type Student = keyof typeof STUDENTS;
const address = (locale: Locale, student: Student) => `${student.toLowerCase()}.${locale}@example.com`;
const desk = (locale: Locale) => `desk.${locale}@kinds.example`;
const fullName = (student: Student) => `${STUDENTS[student]} ${student === 'lesson' ? MARKUP : 'Pérez'}`;

/** Casa del Son, speaking `locale` first, with five Monday classes (two of one place) and Ana's private lessons on Tuesdays. */
function kindsStudio(locale: Locale, change: { cancelled?: string[]; dropped?: string[] } = {}) {
  const id = (name: string) => `kinds-${locale}-${name}`;
  const classes = ['booked', 'cancels', 'queue', 'dropped', 'called-off']
    .filter((name) => !change.dropped?.includes(name))
    .map((name) => salsaClass(id(name), { capacity: name === 'queue' || name === 'called-off' ? 1 : 20, cancelled: change.cancelled?.includes(name) ?? false }));
  return casaDelSon({
    id: id('studio'),
    studio: { locales: locale === 'es' ? ['es', 'en'] : ['en', 'es'], notifications: { email: desk(locale) } },
    people: [ana(id('ana'))],
    classes,
    privateLessons: {
      instructors: [privateLessonOffer(id('ana'), { availability: id('tue'), pricing: id('60') }, { dayOfWeek: 2, startTime: '10:00', endTime: '12:00' })],
      questions: [
        { id: id('goal'), label: { en: 'Your goal', es: 'Tu objetivo' }, type: 'FREEFORM', required: false, options: null },
        {
          id: id('level'),
          label: { en: 'Your level', es: 'Tu nivel' },
          type: 'DROPDOWN',
          required: false,
          options: [{ value: 'starter', label: { en: 'Never danced', es: 'Nunca he bailado' } }],
        },
      ],
    },
  });
}

/** The words of each language that every email of a class (or of the lesson) repeats. */
const WORDS = {
  es: {
    greeting: (name: string) => `Hola, ${name}:`,
    classWhen: 'lunes, 8 de marzo de 2027, 19:00–20:00',
    lessonWhen: 'martes, 9 de marzo de 2027, 10:00–11:00',
    deskClassWhen: 'lunes, 8 de marzo de 2027, 19:00–20:00',
    deskLessonWhen: 'martes, 9 de marzo de 2027, 10:00–11:00',
    lessonTitle: 'Clase particular con Ana García',
    labels: { what: 'Qué', when: 'Cuándo', where: 'Dónde', toPay: 'A pagar en la escuela', price: 'Precio' },
    zone: 'Las horas son las de la escuela: hora estándar de Europa central (Europe/Madrid).',
    manage: { confirmed: 'Tu reserva, para añadirla a tu calendario o cancelarla:', waiting: 'Tu puesto en la lista de espera, o para salir de ella:', cancelled: 'La página de tu reserva, para volver a reservar:' },
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    classWhen: 'Monday, March 8, 2027, 19:00–20:00',
    lessonWhen: 'Tuesday, March 9, 2027, 10:00–11:00',
    // The studio's copy: a studio in Spain that writes English reads its dates as English in Spain does.
    deskClassWhen: 'Monday, 8 March 2027, 19:00–20:00',
    deskLessonWhen: 'Tuesday, 9 March 2027, 10:00–11:00',
    lessonTitle: 'Private lesson with Ana García',
    labels: { what: 'What', when: 'When', where: 'Where', toPay: 'To pay at the studio', price: 'Price' },
    zone: "Times are in the studio's time zone: Central European Standard Time (Europe/Madrid).",
    manage: { confirmed: 'Your booking, to add to your calendar or to cancel:', waiting: 'Your place on the waitlist, or to leave it:', cancelled: "Your booking's page, with a way to book again:" },
  },
} as const;

interface EmailKind {
  kind: string;
  /** whose mailbox: a student's, or the studio's desk with the copy about that student */
  to: Student | { desk: Student };
  lesson?: boolean;
  subject: Record<Locale, string>;
  lead: Record<Locale, string>;
  /** the status the manage link describes (student emails only) */
  manage?: keyof (typeof WORDS)['en']['manage'];
  calendar: { method: 'REQUEST' | 'CANCEL'; sequence: number } | null;
}

const KINDS: EmailKind[] = [
  {
    kind: 'the confirmation',
    to: 'booked',
    subject: { es: 'Reservado: Salsa Beginners, {when}', en: 'Booked: Salsa Beginners, {when}' },
    lead: { es: 'Tu reserva en Casa del Son está confirmada. Pagas en la escuela: no se ha cobrado nada en línea.', en: 'Your booking at Casa del Son is confirmed. You pay at the studio: nothing was charged online.' },
    manage: 'confirmed',
    calendar: { method: 'REQUEST', sequence: 0 },
  },
  {
    kind: 'the cancellation the student asked for',
    to: 'cancels',
    subject: { es: 'Cancelado: Salsa Beginners, {when}', en: 'Cancelled: Salsa Beginners, {when}' },
    lead: { es: 'Tu reserva en Casa del Son está cancelada, como pediste.', en: 'Your booking at Casa del Son is cancelled, as you asked.' },
    manage: 'cancelled',
    calendar: { method: 'CANCEL', sequence: 1 },
  },
  {
    kind: 'the cancellation of a class an import cancelled',
    to: 'calledOff',
    subject: { es: 'Cancelado: Salsa Beginners, {when}', en: 'Cancelled: Salsa Beginners, {when}' },
    lead: { es: 'Casa del Son ha cancelado Salsa Beginners, así que tu reserva también queda cancelada.', en: 'Casa del Son has cancelled Salsa Beginners, so your booking is cancelled too.' },
    manage: 'cancelled',
    calendar: { method: 'CANCEL', sequence: 1 },
  },
  {
    kind: 'the cancellation of a class an import dropped',
    to: 'dropped',
    subject: { es: 'Cancelado: Salsa Beginners, {when}', en: 'Cancelled: Salsa Beginners, {when}' },
    lead: { es: 'Casa del Son ha cancelado Salsa Beginners, así que tu reserva también queda cancelada.', en: 'Casa del Son has cancelled Salsa Beginners, so your booking is cancelled too.' },
    manage: 'cancelled',
    calendar: { method: 'CANCEL', sequence: 1 },
  },
  {
    kind: 'the end of a waitlist place, its class cancelled by an import',
    to: 'closed',
    subject: { es: 'Cancelado: Salsa Beginners, {when}', en: 'Cancelled: Salsa Beginners, {when}' },
    lead: { es: 'Casa del Son ha cancelado Salsa Beginners, así que su lista de espera se cierra y ya no estás en ella.', en: 'Casa del Son has cancelled Salsa Beginners, so its waitlist is closed and you are no longer on it.' },
    manage: 'cancelled',
    // A place on the waitlist never reached the student's calendar: nothing to remove.
    calendar: null,
  },
  {
    kind: 'the place on the waitlist',
    to: 'waits',
    subject: { es: 'En lista de espera: Salsa Beginners, {when}', en: 'On the waitlist: Salsa Beginners, {when}' },
    lead: {
      es: 'Salsa Beginners está completo, así que estás en su lista de espera en Casa del Son: número 1. Si se libera una plaza antes de lunes, 8 de marzo de 2027, 17:00, será tuya y te avisaremos por correo.',
      en: 'Salsa Beginners is full, so you are on its waitlist at Casa del Son: number 1. If a place opens up by Monday, March 8, 2027, 17:00, it is yours and we will email you.',
    },
    manage: 'waiting',
    calendar: null,
  },
  {
    kind: 'the promotion from the waitlist',
    to: 'waits',
    subject: { es: 'Se ha liberado una plaza: tienes reserva para Salsa Beginners, {when}', en: 'A place opened up: you are booked for Salsa Beginners, {when}' },
    lead: { es: 'Se ha liberado una plaza en Salsa Beginners y es tuya: tu reserva en Casa del Son está confirmada.', en: 'A place opened up in Salsa Beginners and it is yours: your booking at Casa del Son is confirmed.' },
    manage: 'confirmed',
    calendar: { method: 'REQUEST', sequence: 0 },
  },
  {
    kind: 'the reminder',
    to: 'booked',
    subject: { es: 'Recordatorio: Salsa Beginners, {when}', en: 'Reminder: Salsa Beginners, {when}' },
    lead: { es: 'Un recordatorio de tu reserva en Casa del Son.', en: 'A reminder of your booking at Casa del Son.' },
    manage: 'confirmed',
    calendar: { method: 'REQUEST', sequence: 0 },
  },
  {
    kind: "the studio's copy of a booking",
    to: { desk: 'booked' },
    subject: { es: 'Nueva reserva: Salsa Beginners, {when} ({name})', en: 'New booking: Salsa Beginners, {when} ({name})' },
    lead: { es: '{name} ha reservado Salsa Beginners.', en: '{name} booked Salsa Beginners.' },
    calendar: null,
  },
  {
    kind: "the studio's copy of a cancellation by the student",
    to: { desk: 'cancels' },
    subject: { es: 'Reserva cancelada: Salsa Beginners, {when} ({name})', en: 'Booking cancelled: Salsa Beginners, {when} ({name})' },
    lead: { es: '{name} ha cancelado su reserva de Salsa Beginners. La plaza vuelve a estar libre.', en: '{name} cancelled their booking for Salsa Beginners. The place is free again.' },
    calendar: null,
  },
  {
    kind: "the studio's copy of a cancellation by its import",
    to: { desk: 'calledOff' },
    subject: { es: 'Reserva cancelada: Salsa Beginners, {when} ({name})', en: 'Booking cancelled: Salsa Beginners, {when} ({name})' },
    lead: {
      es: 'La reserva de {name} para Salsa Beginners queda cancelada, porque una importación canceló Salsa Beginners o lo quitó del horario. Hemos avisado a {name} por correo.',
      en: "{name}'s booking for Salsa Beginners is cancelled, because an import cancelled Salsa Beginners or took it off the schedule. We have emailed {name}.",
    },
    calendar: null,
  },
  {
    kind: 'the private lesson confirmation',
    to: 'lesson',
    lesson: true,
    subject: { es: 'Reservado: Clase particular con Ana García, {when}', en: 'Booked: Private lesson with Ana García, {when}' },
    lead: { es: 'Tu reserva en Casa del Son está confirmada. Pagas en la escuela: no se ha cobrado nada en línea.', en: 'Your booking at Casa del Son is confirmed. You pay at the studio: nothing was charged online.' },
    manage: 'confirmed',
    calendar: { method: 'REQUEST', sequence: 0 },
  },
  {
    kind: 'the private lesson cancellation',
    to: 'lesson',
    lesson: true,
    subject: { es: 'Cancelado: Clase particular con Ana García, {when}', en: 'Cancelled: Private lesson with Ana García, {when}' },
    lead: { es: 'Tu reserva en Casa del Son está cancelada, como pediste.', en: 'Your booking at Casa del Son is cancelled, as you asked.' },
    manage: 'cancelled',
    calendar: { method: 'CANCEL', sequence: 1 },
  },
  {
    kind: "the studio's copy of a private lesson, with what the student typed",
    to: { desk: 'lesson' },
    lesson: true,
    subject: { es: 'Nueva reserva: Clase particular con Ana García, {when} ({name})', en: 'New booking: Private lesson with Ana García, {when} ({name})' },
    lead: { es: '{name} ha reservado Clase particular con Ana García.', en: '{name} booked Private lesson with Ana García.' },
    calendar: null,
  },
  {
    kind: "the studio's copy of a private lesson cancelled",
    to: { desk: 'lesson' },
    lesson: true,
    subject: { es: 'Reserva cancelada: Clase particular con Ana García, {when} ({name})', en: 'Booking cancelled: Private lesson with Ana García, {when} ({name})' },
    lead: { es: '{name} ha cancelado su reserva de Clase particular con Ana García. La plaza vuelve a estar libre.', en: '{name} cancelled their booking for Private lesson with Ana García. The place is free again.' },
    calendar: null,
  },
];

function calendarPart(mail: ParsedMail): string | null {
  const part = mail.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  return part ? part.content.toString('utf8').replace(/\r\n[ \t]/g, '') : null;
}

const recipients = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) => group.value.map((entry) => entry.address ?? ''));

describe.each(databaseTargets())('every booking email, in Spanish and English, on $name', (target: DatabaseTarget) => {
  let smtp: SmtpSink;
  let app: TestServer;
  let clock = NOW;
  /** each student's booking: its id (the calendar UID) and the manage link's token */
  const bookings = new Map<string, { id: string; token: string }>();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestServer(target, {
      documents: LOCALES.map((locale) => kindsStudio(locale)),
      now: () => clock,
      // The test delivers, round by round, with the server's own worker (app.server.delivery).
      env: { SMTP_URL: smtp.url, CHECKOUT_BASE_URL: CHECKOUT, OUTBOX_WORKER: 'off', BOOKING_RATE_LIMIT: '0' },
    });
    const deliver = async () => {
      await app.server.delivery.deliverDue();
    };

    const remember = async (locale: Locale, student: Student, location: string | undefined) => {
      const token = accessTokenOf(location);
      const row = await app.server.store.db.selectFrom('bookings').select('id').where('access_token', '=', token).executeTakeFirstOrThrow();
      bookings.set(address(locale, student), { id: row.id, token });
    };
    const guest = (locale: Locale, student: Student) => ({ firstName: STUDENTS[student], lastName: student === 'lesson' ? MARKUP : 'Pérez', email: address(locale, student), terms: 'yes' });
    const take = async (locale: Locale, student: Student, className: string) => {
      const posted = await new Browser(app.url, { 'Accept-Language': locale }).fillIn(`/book/kinds-${locale}-${className}`, guest(locale, student));
      expect(posted.status).toBe(303);
      await remember(locale, student, posted.location);
    };
    const cancel = async (locale: Locale, student: Student) => {
      const browser = new Browser(app.url, { 'Accept-Language': locale });
      const token = bookings.get(address(locale, student))?.token ?? '';
      expect((await browser.submit(await browser.openForm(`/booking/${token}/cancel`), {})).status).toBe(303);
    };

    // Round 1: the bookings and places on the waitlists.
    for (const locale of LOCALES) {
      await take(locale, 'booked', 'booked');
      await take(locale, 'cancels', 'cancels');
      await take(locale, 'seat', 'queue');
      await take(locale, 'waits', 'queue');
      await take(locale, 'dropped', 'dropped');
      await take(locale, 'calledOff', 'called-off');
      await take(locale, 'closed', 'called-off');
      const student = new Browser(app.url);
      const form = await student.openForm(`/${locale}/book/private-lesson/kinds-${locale}-ana?date=2027-03-09`);
      const posted = await student.submit(form, { ...guest(locale, 'lesson'), start: '2027-03-09T09:00:00.000Z', [`answer_kinds-${locale}-goal`]: MARKUP, [`answer_kinds-${locale}-level`]: 'starter' });
      expect(posted.status).toBe(303);
      await remember(locale, 'lesson', posted.location);
    }
    await deliver();

    // Round 2: two students cancel (one seat goes to the waitlist), the lesson is cancelled, the studio's import cancels one class and drops another.
    for (const locale of LOCALES) {
      await cancel(locale, 'cancels');
      await cancel(locale, 'seat');
      await cancel(locale, 'lesson');
      await app.importDocument(kindsStudio(locale, { cancelled: ['called-off'], dropped: ['dropped'] }), clock);
    }
    await deliver();

    // Round 3: the day before, the reminders of the bookings still confirmed.
    clock = REMINDERS_DUE;
    await deliver();
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  const cases = LOCALES.flatMap((locale) => KINDS.map((kind) => [kind.kind, locale, kind] as const));

  it.each(cases)('When %s goes out in %s, then it says what, when in the studio zone, where, and links the booking as it is', (_name, locale, kind) => {
    const words = WORDS[locale];
    const student = typeof kind.to === 'string' ? kind.to : kind.to.desk;
    const studentAddress = address(locale, student);
    const to = typeof kind.to === 'string' ? studentAddress : desk(locale);
    const forDesk = typeof kind.to !== 'string';
    const when = forDesk ? (kind.lesson ? words.deskLessonWhen : words.deskClassWhen) : kind.lesson ? words.lessonWhen : words.classWhen;
    const fill = (text: string) => text.replace('{when}', when).replaceAll('{name}', fullName(student));
    const subject = fill(kind.subject[locale]);
    const mail = smtp.received.find((candidate) => recipients(candidate).includes(to) && candidate.subject === subject);
    if (!mail) throw new Error(`no "${subject}" to ${to}; ${to} got: ${smtp.to(to).map((other) => other.subject).join(' | ')}`);
    const text = mail.text ?? '';
    const html = mail.html || '';

    // The greeting (the student's first name), then what happened.
    const opening = typeof kind.to === 'string' ? `${words.greeting(STUDENTS[student])}\n\n${fill(kind.lead[locale])}\n` : `${fill(kind.lead[locale])}\n`;
    expect(text.startsWith(opening) ? opening : text.slice(0, 300)).toBe(opening);
    // What, when (in the studio's zone, named), where: the studio, its address and the room.
    const where = `Casa del Son, Calle Mayor 1, Madrid, 2º${kind.lesson ? '' : ', Sala Azul'}`;
    for (const line of [`${words.labels.what}: ${kind.lesson ? words.lessonTitle : 'Salsa Beginners'}`, `${words.labels.when}: ${when}`, `${words.labels.where}: ${where}`, words.zone]) {
      expect(text.split('\n')).toContain(line);
    }
    expect(html).toContain(`<html lang="${locale}">`);

    const booking = bookings.get(studentAddress);
    if (!booking) throw new Error(`no booking of ${studentAddress}`);
    const manageUrl = `${CHECKOUT}/booking/${booking.token}`;
    if (kind.manage) {
      // A seat is paid at the studio; a place on the waitlist or a cancelled booking owes nothing: its price is just the price.
      const [priceLabel, notSaid] = kind.manage === 'confirmed' ? [words.labels.toPay, words.labels.price] : [words.labels.price, words.labels.toPay];
      expect(text.split('\n').filter((line) => line.startsWith(`${priceLabel}: `) || line.startsWith(`${notSaid}: `)).map((line) => line.split(': ')[0])).toEqual([priceLabel]);
      expect(text).toContain(`${words.manage[kind.manage]}\n${manageUrl}\n`);
      expect(html).toContain(`href="${manageUrl}"`);
    } else {
      // The studio's copy: who booked, not the student's secret link.
      expect(text).not.toContain('/booking/');
      expect(text).toContain(`${fullName(student)}\n`);
    }

    const calendar = calendarPart(mail);
    if (kind.calendar === null) {
      expect(calendar).toBeNull();
    } else {
      const lines = (calendar ?? '').split('\r\n');
      expect(lines).toEqual(expect.arrayContaining([`METHOD:${kind.calendar.method}`, `UID:${booking.id}@studio-data`, `SEQUENCE:${kind.calendar.sequence}`, 'BEGIN:VTIMEZONE', 'TZID:Europe/Madrid']));
      // The event's own start, after the zone's definitions.
      expect(lines.slice(lines.indexOf('BEGIN:VEVENT')).find((line) => line.startsWith('DTSTART'))).toBe(kind.lesson ? 'DTSTART;TZID=Europe/Madrid:20270309T100000' : 'DTSTART;TZID=Europe/Madrid:20270308T190000');
    }
  });

  it.each(LOCALES)("When a guest typed markup as their name and answer (%s), then the studio's copies show it as text, never as markup, under the question's own words", (locale) => {
    const copies = smtp.to(desk(locale)).filter((mail) => mail.subject?.endsWith(`(Iker ${MARKUP})`));
    // Both copies, in whichever order they arrived: a send that met a busy machine is retried in a later round, which this test is not about.
    expect(copies.map((mail) => mail.subject?.split(':')[0]).sort()).toEqual((locale === 'es' ? ['Nueva reserva', 'Reserva cancelada'] : ['New booking', 'Booking cancelled']).sort());
    for (const copy of copies) {
      const html = copy.html || '';
      expect(html).not.toContain(MARKUP);
      expect(html).toContain('Iker &lt;b&gt;x&lt;/b&gt;');
      const [goal, level, starter] = locale === 'es' ? ['Tu objetivo', 'Tu nivel', 'Nunca he bailado'] : ['Your goal', 'Your level', 'Never danced'];
      expect(html).toMatch(new RegExp(`${goal}</th><td[^>]*>&lt;b&gt;x&lt;/b&gt;</td>`));
      expect(copy.text).toContain(`Iker ${MARKUP}`);
      expect(copy.text?.split('\n')).toEqual(expect.arrayContaining([`${goal}: ${MARKUP}`, `${level}: ${starter}`]));
    }
  });

  it.each(LOCALES)('When the week is over (%s), then each mailbox holds exactly its emails, in order: none stale, none twice', (locale) => {
    const subjects = (student: Student) => smtp.to(address(locale, student)).map((mail) => mail.subject?.split(':')[0]);
    const got = Object.fromEntries((Object.keys(STUDENTS) as Student[]).map((student) => [student, subjects(student)]));
    expect(got).toEqual(
      locale === 'es'
        ? {
            booked: ['Reservado', 'Recordatorio'],
            cancels: ['Reservado', 'Cancelado'],
            seat: ['Reservado', 'Cancelado'],
            waits: ['En lista de espera', 'Se ha liberado una plaza', 'Recordatorio'],
            dropped: ['Reservado', 'Cancelado'],
            calledOff: ['Reservado', 'Cancelado'],
            closed: ['En lista de espera', 'Cancelado'],
            lesson: ['Reservado', 'Cancelado'],
          }
        : {
            booked: ['Booked', 'Reminder'],
            cancels: ['Booked', 'Cancelled'],
            seat: ['Booked', 'Cancelled'],
            waits: ['On the waitlist', 'A place opened up', 'Reminder'],
            dropped: ['Booked', 'Cancelled'],
            calledOff: ['Booked', 'Cancelled'],
            closed: ['On the waitlist', 'Cancelled'],
            lesson: ['Booked', 'Cancelled'],
          },
    );
    // The desk: a copy of each seat taken (the promotion included) and of each seat given back, whoever gave it back; none of the waitlists.
    const copies = smtp.to(desk(locale)).map((mail) => mail.subject?.replace(/:.*\((.*)\)$/, ' $1'));
    const [booked, cancelled] = locale === 'es' ? ['Nueva reserva', 'Reserva cancelada'] : ['New booking', 'Booking cancelled'];
    const seats: Student[] = ['booked', 'cancels', 'seat', 'dropped', 'calledOff', 'lesson', 'waits'];
    const givenBack: Student[] = ['cancels', 'seat', 'lesson', 'dropped', 'calledOff'];
    expect(copies.sort()).toEqual([...seats.map((student) => `${booked} ${fullName(student)}`), ...givenBack.map((student) => `${cancelled} ${fullName(student)}`)].sort());
  });
});
