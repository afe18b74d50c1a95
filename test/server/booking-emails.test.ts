import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { Browser, accessTokenOf, textOf } from '../support/booking-form';
import { ana, casaDelSon, lucia, privateLessonOffer, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * After "Book": the emails a student and the studio get, delivered through the outbox by the
 * server's own worker to a real SMTP server (test/support/smtp-sink.ts), and read as a mailbox
 * would. The server's clock stands at NOW (Monday 2027-03-01, 10:00 in Madrid).
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
const STUDIO = 'mail-studio';
const CHECKOUT = 'https://book.example.com';
const DESK = 'desk@casadelson.example';

const klass = (id: string, overrides: Record<string, unknown> = {}) => salsaClass(id, { instructorId: 'mail-ana', ...overrides });

/** Casa del Son (its address, unit and phone are quoted in the emails), telling DESK of each booking unless `studio` says otherwise. */
function mailStudio(studio: Record<string, unknown> = {}) {
  return casaDelSon({
    id: STUDIO,
    studio: { notifications: { email: DESK }, ...studio },
    people: [ana('mail-ana')],
    classes: [klass('mail-salsa'), klass('mail-salsa-en'), klass('mail-free', { price: 0 }), klass('mail-full', { capacity: 1 })],
    privateLessons: { instructors: [privateLessonOffer('mail-ana', { availability: 'mail-ana-tue', pricing: 'mail-ana-60' }, { dayOfWeek: 2, startTime: '10:00', endTime: '12:00' })] },
  });
}

const guest = lucia;

/** A studio that writes Catalan first, which the pages and emails do not speak: their own words are in its second language, Spanish. */
function catalanStudio() {
  return casaDelSon({
    id: 'mail-ca',
    studio: { locales: ['ca', 'es'], notifications: { email: 'desk@ca.example' } },
    people: [ana('mail-ca-ana')],
    privateLessons: {
      instructors: [privateLessonOffer('mail-ca-ana', { availability: 'mail-ca-tue', pricing: 'mail-ca-60' }, { dayOfWeek: 2, startTime: '10:00', endTime: '12:00' })],
      questions: [{ id: 'mail-ca-level', label: { ca: 'El teu nivell', es: 'Tu nivel' }, type: 'DROPDOWN', required: false, options: [{ value: 'starter', label: { ca: 'Principiant', es: 'Principiante' } }] }],
    },
  });
}

function calendarPart(mail: ParsedMail): string {
  const part = mail.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  if (!part) throw new Error(`"${mail.subject}" has no calendar part`);
  return part.content.toString('utf8').replace(/\r\n /g, '');
}

describe.each(databaseTargets())('booking emails on $name', (target: DatabaseTarget) => {
  let smtp: SmtpSink;
  let app: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestServer(target, {
      documents: [mailStudio(), catalanStudio()],
      now: () => NOW,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Studio Data <bookings@studio-data.example>', CHECKOUT_BASE_URL: CHECKOUT, OUTBOX_POLL_MS: '100', BOOKING_RATE_LIMIT: '0' },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  const book = async (classId: string, fields = guest(), headers: Record<string, string> = { 'Accept-Language': 'es' }) => {
    const posted = await new Browser(app.url, headers).fillIn(`/book/${classId}`, fields);
    expect(posted.status).toBe(303);
    return accessTokenOf(posted.location);
  };
  /** The first email to the address whose subject matches, once it has arrived. */
  const mailTo = (address: string, subject?: RegExp) => smtp.mailTo(address, subject);

  it('When a student books on the Spanish page, then a confirmation in Spanish names the studio, the class, its time in the studio zone, the place, the price and the manage link, with a calendar invitation', async () => {
    const token = await book('mail-salsa', guest({ email: 'lucia@example.com' }));
    const mail = await mailTo('lucia@example.com');
    expect(mail.subject).toBe('Reservado: Salsa Beginners, lunes, 8 de marzo de 2027, 19:00–20:00');
    expect(mail.from?.value).toEqual([{ name: 'Studio Data', address: 'bookings@studio-data.example' }]);
    expect(mail.replyTo?.text).toBe(DESK);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@studio-data>$/);
    const text = mail.text ?? '';
    for (const expected of [
      'Hola, Lucía:',
      'Tu reserva en Casa del Son está confirmada.',
      'Salsa Beginners',
      'lunes, 8 de marzo de 2027, 19:00–20:00',
      '(Europe/Madrid)',
      'Casa del Son, Calle Mayor 1, Madrid, 2º, Sala Azul',
      '12,50\u00a0€',
      `${CHECKOUT}/booking/${token}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(mail.html).toContain(`href="${CHECKOUT}/booking/${token}"`);
    expect(mail.html).toContain('lang="es"');

    const invitation = calendarPart(mail);
    expect(invitation).toContain('METHOD:REQUEST');
    expect(invitation).toMatch(/UID:[0-9a-f-]{36}@studio-data/);
    expect(invitation).toContain('SEQUENCE:0');
    expect(invitation).toContain('DTSTART;TZID=Europe/Madrid:20270308T190000');
    expect(invitation).toContain('BEGIN:VTIMEZONE');
    expect(invitation).toMatch(/ATTENDEE;[^\n]*CN="Lucía Pérez"[^\n]*:MAILTO:lucia@example\.com/);
    expect(invitation).toMatch(/ORGANIZER;CN="Casa del Son":mailto:bookings@studio-data\.example/i);
  });

  it('When a student books from a browser in American English, then the emails write the dates and times as the page did (7:00 PM), the studio\'s copy as the studio writes them', async () => {
    const token = await book('mail-salsa', guest({ email: 'jordan@example.com', firstName: 'Jordan' }), { 'Accept-Language': 'en-US,en;q=0.8' });
    const mail = await mailTo('jordan@example.com');
    expect(mail.subject?.replace(/\s/g, ' ')).toBe('Booked: Salsa Beginners, Monday, March 8, 2027, 7:00 PM–8:00 PM');
    expect(mail.html).toContain('lang="en"');
    // The manage page, opened from another browser, still writes them as the booking was made.
    const manage = await new Browser(app.url, {}).get(`/booking/${token}`);
    expect(textOf(manage.html)).toContain('Monday, March 8, 2027, 7:00 PM–8:00 PM');
    const copy = await mailTo(DESK, /Jordan/);
    expect(copy.text).toContain('lunes, 8 de marzo de 2027, 19:00–20:00');
  });

  it('When a student books, then the studio is told at its notification address, in its language, with who booked', async () => {
    await book('mail-salsa', guest({ firstName: 'Marta', lastName: 'Gil', email: 'marta@example.com', phone: '+34 611 222 333' }), { 'Accept-Language': 'en' });
    const copy = await mailTo(DESK, /Marta Gil/);
    expect(copy.subject).toBe('Nueva reserva: Salsa Beginners, lunes, 8 de marzo de 2027, 19:00–20:00 (Marta Gil)');
    expect(copy.replyTo?.text).toBe('marta@example.com');
    expect(copy.text).toContain('marta@example.com');
    // Labelled as the studio reads it, not as the student's form asked for it ("Teléfono (opcional)").
    expect(copy.text?.split('\n')).toContain('Teléfono: +34 611 222 333');
    expect(copy.attachments.filter((attachment) => attachment.contentType.startsWith('text/calendar'))).toEqual([]);
    // The student booked on the English page: hers is in English.
    const own = await mailTo('marta@example.com');
    expect(own.subject).toBe('Booked: Salsa Beginners, Monday, March 8, 2027, 19:00–20:00');
  });

  it('When a student books a private lesson on the English page, then the studio is told in its own language, the lesson named in it too', async () => {
    const student = new Browser(app.url, { 'Accept-Language': 'en' });
    const form = await student.openForm('/en/book/private-lesson/mail-ana?date=2027-03-09');
    const posted = await student.submit(form, { ...guest({ firstName: 'Iker', lastName: 'Sanz', email: 'iker@example.com' }), start: '2027-03-09T09:00:00.000Z' });
    expect(posted.status).toBe(303);
    const copy = await mailTo(DESK, /Iker Sanz/);
    expect(copy.subject).toBe('Nueva reserva: Clase particular con Ana García, martes, 9 de marzo de 2027, 10:00–11:00 (Iker Sanz)');
    expect(copy.text).toContain('Iker Sanz ha reservado Clase particular con Ana García.');
    const own = await mailTo('iker@example.com');
    expect(own.subject).toBe('Booked: Private lesson with Ana García, Tuesday, March 9, 2027, 10:00–11:00');
  });

  it("When a studio writes a language the emails do not speak, then its copy gives the student's answers under its own words, as it wrote them", async () => {
    const student = new Browser(app.url, { 'Accept-Language': 'ca' });
    const form = await student.openForm('/ca/book/private-lesson/mail-ca-ana?date=2027-03-09');
    const posted = await student.submit(form, { ...guest({ firstName: 'Jordi', lastName: 'Puig', email: 'jordi@example.com' }), start: '2027-03-09T09:00:00.000Z', 'answer_mail-ca-level': 'starter' });
    expect(posted.status).toBe(303);
    const copy = await mailTo('desk@ca.example', /Jordi Puig/);
    // The email's own words are Spanish (the studio's second language); the question and the answer are the studio's Catalan.
    expect(copy.subject).toMatch(/^Nueva reserva: /);
    expect(copy.text).toContain('El teu nivell: Principiant');
  });

  it('When a class is free, then the email says its price is Free, with nothing to pay, not €0.00', async () => {
    await book('mail-free', guest({ email: 'free@example.com' }), { 'Accept-Language': 'en' });
    const mail = await mailTo('free@example.com');
    expect(mail.text).toContain('Price: Free');
    expect(mail.text).not.toContain('To pay');
    expect(mail.text).not.toContain('0.00');
  });

  it('When a booking is refused (the class is full), then nothing is owed: no email, no outbox row', async () => {
    // The second student opened the page while the last spot was still free.
    const late = new Browser(app.url, { 'Accept-Language': 'en' });
    const form = await late.openForm('/book/mail-full');
    await book('mail-full', guest({ email: 'first@example.com' }), { 'Accept-Language': 'en' });
    await mailTo('first@example.com');
    const before = await app.server.store.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refused = await late.submit(form, guest({ email: 'second@example.com' }));
    expect(refused.status).toBe(409);
    const after = await app.server.store.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('When a student books, then a reminder is owed 24 hours before the start, and the student, studio and reminder messages are written with the booking', async () => {
    const token = await book('mail-salsa-en', guest({ email: 'owed@example.com' }), { 'Accept-Language': 'en' });
    const booking = await app.server.store.db.selectFrom('bookings').select('id').where('access_token', '=', token).executeTakeFirstOrThrow();
    const owed = await app.server.store.db.selectFrom('outbox').select(['audience', 'event', 'due_at']).where('booking_id', '=', booking.id).orderBy('due_at').orderBy('audience').execute();
    expect(owed.map((row) => ({ ...row, due_at: Number(row.due_at) }))).toEqual([
      { audience: 'student', event: 'confirmed', due_at: NOW },
      { audience: 'studio', event: 'confirmed', due_at: NOW },
      { audience: 'student', event: 'reminder', due_at: Date.parse('2027-03-07T18:00:00Z') },
    ]);
  });
});

describe.each(databaseTargets())('booking emails without a mail server, on $name', (target: DatabaseTarget) => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(target, { documents: [mailStudio({ name: 'Studio <b>Bold</b> & Co', notifications: undefined })], now: () => NOW, env: { OUTBOX_POLL_MS: '100', BOOKING_RATE_LIMIT: '0' } });
  });
  afterAll(() => app?.stop());

  it('When no SMTP_URL is set, then each email is written as an .eml file a mail program opens, and markup a studio typed stays text', async () => {
    const posted = await new Browser(app.url, { 'Accept-Language': 'en' }).fillIn('/book/mail-salsa', guest({ email: 'eml@example.com' }));
    expect(posted.status).toBe(303);
    const deadline = Date.now() + 20_000;
    let files: string[] = [];
    while (files.length === 0 && Date.now() < deadline) {
      files = fs.existsSync(app.mailDirectory) ? fs.readdirSync(app.mailDirectory).filter((file) => file.endsWith('.eml')) : [];
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The studio has no notification address: the student's email is the only one.
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(app.mailDirectory, files[0] as string)));
    expect((mail.to as { text: string }).text).toBe('eml@example.com');
    expect(mail.subject).toBe('Booked: Salsa Beginners, Monday, March 8, 2027, 19:00–20:00');
    expect(mail.text).toContain('Studio <b>Bold</b> & Co');
    expect(mail.html).toContain('Studio &lt;b&gt;Bold&lt;/b&gt; &amp; Co');
    expect(mail.html).not.toContain('<b>Bold</b>');
    expect(calendarPart(mail)).toContain('METHOD:REQUEST');
  });
});
