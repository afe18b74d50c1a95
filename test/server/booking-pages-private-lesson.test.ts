import { countConfirmedBookings } from '../support/bookings';
import {
  Browser,
  accessTokenOf,
  attributesOf,
  cspDirectives,
  elementById,
  errorTiedTo,
  inlineCodeIn,
  hiddenValue,
  postFormHtml,
  radioLabels,
  readPostForm,
  selectOptions,
  startTags,
  textOf,
  unlabelledControls,
  type FormFields,
  type PageResponse,
  type PostForm,
} from '../support/booking-form';
import { ana, casaDelSon, lucia } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { luisLessonPrices } from '../support/fixture-studios';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The hosted private lesson page, over real HTTP against a real server. The server's clock is fixed
 * at NOW: Monday 2027-03-01, 10:00 in Madrid (CET, UTC+1 until 2027-03-28), so every slot below is
 * an exact instant: 09:00 in Madrid is 08:00Z.
 *
 * Luis gives private lessons on Mondays 09:00–13:00 and Wednesdays 16:00–18:00 (his Tuesday window is
 * inactive); he teaches a class every Monday 11:00–12:00 and hosts an event on Wednesday 2027-03-10
 * 16:30–17:00. Ana teaches Mondays 09:00–10:00, which does not make Luis busy.
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
const STUDIO = 'pl-studio';
const LUIS = 'pl-luis';
const PAGE = `/en/book/private-lesson/${LUIS}`;

function privateLessonStudio() {
  return casaDelSon({
    id: STUDIO,
    studio: { logo: 'https://images.example.com/casa-del-son.png', locales: ['es', 'en', 'ca'] },
    people: [
      { id: LUIS, name: 'Luis', lastname: 'Ortega', bio: { en: 'Salsa teacher', es: 'Profesor de salsa' }, roles: ['INSTRUCTOR'] },
      ana('pl-ana'),
      { id: 'pl-noavail', name: 'Nora', roles: ['INSTRUCTOR'] },
      { id: 'pl-noprice', name: 'Pablo', roles: ['INSTRUCTOR'] },
      { id: 'pl-none', name: 'Olga', roles: ['INSTRUCTOR'] },
    ],
    classes: [
      {
        id: 'pl-luis-monday',
        name: 'Salsa Improvers',
        danceType: 'Salsa',
        level: 'Improver',
        weekly: { dayOfWeek: 'monday', startTime: '11:00', endTime: '12:00', from: '2027-03-01', until: '2027-03-29' },
        instructorId: LUIS,
      },
      {
        id: 'pl-ana-monday',
        name: 'Salsa Beginners',
        danceType: 'Salsa',
        level: 'Beginner',
        weekly: { dayOfWeek: 'monday', startTime: '09:00', endTime: '10:00', from: '2027-03-01', until: '2027-03-29' },
        instructorId: 'pl-ana',
      },
      { id: 'pl-luis-event', name: 'Shines Workshop', danceType: null, level: 'All levels', date: '2027-03-10', startTime: '16:30', endTime: '17:00', instructorId: LUIS },
      { id: 'pl-luis-cancelled', name: 'Cancelled Workshop', danceType: null, level: 'All levels', date: '2027-03-17', startTime: '16:00', endTime: '18:00', instructorId: LUIS, cancelled: true },
    ],
    privateLessons: {
      instructors: [
        {
          personId: LUIS,
          availability: [
            { id: 'pl-av-wed', dayOfWeek: 3, startTime: '16:00', endTime: '18:00' },
            { id: 'pl-av-mon', dayOfWeek: 1, startTime: '09:00', endTime: '13:00' },
            { id: 'pl-av-tue-off', dayOfWeek: 2, startTime: '09:00', endTime: '11:00', active: false },
          ],
          pricing: luisLessonPrices({ ninety: 'pl-90', sixty: 'pl-60', sixtyCheap: 'pl-60-duo', inactive: 'pl-30-off' }),
        },
        {
          personId: 'pl-noavail',
          availability: [{ id: 'pl-av-nora', dayOfWeek: 1, startTime: '09:00', endTime: '13:00', active: false }],
          pricing: [{ id: 'pl-nora-60', durationMins: 60, price: 40, currency: 'EUR' }],
        },
        {
          personId: 'pl-noprice',
          availability: [{ id: 'pl-av-pablo', dayOfWeek: 1, startTime: '09:00', endTime: '13:00' }],
          pricing: [{ id: 'pl-pablo-60', durationMins: 60, price: 40, currency: 'EUR', active: false }],
        },
      ],
      questions: [
        {
          id: 'q-level',
          label: { en: 'Your level', es: 'Tu nivel', ca: 'El teu nivell' },
          type: 'DROPDOWN',
          required: true,
          options: [
            { value: 'beginner', label: { en: 'Beginner', es: 'Principiante', ca: 'Principiant' } },
            { value: 'advanced', label: { en: 'Advanced', es: 'Avanzado' } },
          ],
        },
        { id: 'q-old', label: { en: 'Old question' }, type: 'FREEFORM', required: true, options: null, active: false },
        { id: 'q-goal', label: { en: 'Your goal', es: 'Tu objetivo' }, type: 'FREEFORM', required: false, options: null },
      ],
    },
  });
}

/** The Madrid date of an instant (YYYY-MM-DD). */
const madridDate = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(Date.parse(iso));

/** `YYYY-MM-DD` + `HH:MM` in Madrid before the 2027-03-28 change (UTC+1) as the page's slot value. */
const madrid = (date: string, time: string) => new Date(Date.parse(`${date}T${time}:00+01:00`)).toISOString();

const guest = (overrides: FormFields = {}): FormFields => ({ ...lucia({ phone: '' }), 'answer_q-level': 'beginner', 'answer_q-goal': 'Better turns', ...overrides });

const EN = { 'Accept-Language': 'en' };

/** The post form of a page as `Browser.submit` takes it (the page's own hidden fields and dropdown choices). */
function readPostFormOf(page: PageResponse): PostForm {
  const form = readPostForm(page.html);
  if (!form?.action) throw new Error('the page has no post form');
  return { action: form.action, hidden: form.hidden, chosen: form.chosen, csrf: form.hidden._csrf ?? '', idempotencyKey: form.hidden.idempotencyKey ?? '', page };
}

describe.each(databaseTargets())('hosted private lesson page on $name', (target: DatabaseTarget) => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(target, { documents: [privateLessonStudio()], now: () => NOW, env: { BOOKING_RATE_LIMIT: '0' } });
  });
  afterAll(() => app?.stop());

  const browser = (headers: Record<string, string> = EN) => new Browser(app.url, headers);

  const lessonsOfLuis = () => countConfirmedBookings(app.server.store.db, { instructorId: LUIS });

  const slotValues = (page: PageResponse) => radioLabels(page.html, 'start').map((radio) => radio.value);

  /** Opens the page on that duration and date (their dropdowns then send them), then posts the form with `fields`. */
  const attempt = async (student: Browser, pricing: string, date: string, fields: FormFields) => {
    const form = await student.openForm(`${PAGE}?pricing=${pricing}&date=${date}`);
    expect(form.chosen).toMatchObject({ pricing, date });
    return student.submit(form, fields);
  };

  /** A 422 whose error on the slot fieldset says `message`, with a summary linking to it; nothing booked. */
  const expectStartRefused = async (page: PageResponse, message: string) => {
    expect(page.status).toBe(422);
    expect(errorTiedTo(page.html, 'start')).toBe(message);
    const summary = elementById(page.html, 'error-summary') ?? '';
    expect(startTags(summary, 'a').map((anchor) => attributesOf(anchor).href)).toContain('#start');
  };

  describe('the page', () => {
    it('a studio locale renders the page in that language: /en/ in English, /es/ in Spanish', async () => {
      const english = await browser({}).get(`${PAGE}?pricing=pl-60&date=2027-03-08`);
      expect(english.status).toBe(200);
      expect(english.html).toMatch(/<html lang="en">/);
      const englishText = textOf(english.html);
      expect(englishText).toContain('Private lesson with Luis Ortega');
      expect(englishText).toContain('Salsa teacher');
      expect(englishText).toContain('Duration and price');
      expect(englishText).toContain('Your level');

      const spanish = await browser(EN).get(`/es/book/private-lesson/${LUIS}?pricing=pl-60&date=2027-03-08`);
      expect(spanish.status).toBe(200);
      expect(spanish.html).toMatch(/<html lang="es">/);
      const spanishText = textOf(spanish.html);
      expect(spanishText).toContain('Clase particular con Luis Ortega');
      expect(spanishText).toContain('Profesor de salsa');
      expect(spanishText).toContain('Duración y precio');
      expect(selectOptions(spanish.html, 'pricing-choice').map((option) => option.text)).toContain('60 minutos · 50,00 €');
      expect(selectOptions(spanish.html, 'date-choice').find((option) => option.selected)?.text).toBe('lunes, 8 de marzo de 2027');
      expect(selectOptions(spanish.html, 'answer_q-level').map((option) => option.text)).toEqual(['Elige…', 'Principiante', 'Avanzado']);
      expect(spanishText).toContain('Tu nivel');
    });

    it("a studio locale without page translations (ca) renders, with the studio's Catalan texts and the page in the studio default", async () => {
      const page = await browser({}).get(`/ca/book/private-lesson/${LUIS}`);
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/<html lang="es">/);
      expect(textOf(page.html)).toContain('El teu nivell');
      // An option without Catalan text falls back to the studio default (es), not to the first text.
      expect(selectOptions(page.html, 'answer_q-level').map((option) => option.text)).toEqual(['Elige…', 'Principiant', 'Avanzado']);
    });

    it('a language the studio writes in another form answers 302 to the studio\'s own form of it, query kept: a British or Mexican browser lands in English or Spanish', async () => {
      for (const [tag, studioLocale] of [['en-GB', 'en'], ['en-US', 'en'], ['es-MX', 'es']] as const) {
        const page = await browser().get(`/${tag}/book/private-lesson/${LUIS}?pricing=pl-90`);
        expect({ tag, status: page.status, location: page.location }).toEqual({ tag, status: 302, location: `/${studioLocale}/book/private-lesson/${LUIS}?pricing=pl-90` });
      }
    });

    it('another well-formed language tag answers 302 to the same page in the default locale, query kept', async () => {
      for (const tag of ['fr', 'fr-CA', 'zh-Hant-TW', 'de-1996']) {
        const page = await browser().get(`/${tag}/book/private-lesson/${LUIS}?pricing=pl-90&date=2027-03-10`);
        expect({ tag, status: page.status }).toEqual({ tag, status: 302 });
        expect(page.location).toBe(`/es/book/private-lesson/${LUIS}?pricing=pl-90&date=2027-03-10`);
      }
      const bare = await browser().get(`/fr/book/private-lesson/${LUIS}`);
      expect(bare.status).toBe(302);
      expect(bare.location).toBe(`/es/book/private-lesson/${LUIS}`);
    });

    it('a malformed locale is a 404 HTML page', async () => {
      for (const locale of ['%3Cx%3E', '123456789012345678901234567890123456789', 'e', 'en_US', 'english', '%20en']) {
        const page = await browser().get(`/${locale}/book/private-lesson/${LUIS}`);
        expect({ locale, status: page.status }).toEqual({ locale, status: 404 });
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(textOf(page.html)).toContain('Page not found');
        expect(page.html).not.toContain('<x>');
      }
    });

    it('an instructor the API does not list (no active availability, no active pricing, no offer, unknown) is a 404 page, in any locale', async () => {
      const listed = await request(app.url, `/api/public/studio/${STUDIO}/private-lesson-instructors`);
      expect(listed.status).toBe(200);
      expect((listed.body as { id: string }[]).map((instructor) => instructor.id)).toEqual([LUIS]);
      for (const instructor of ['pl-noavail', 'pl-noprice', 'pl-none', 'pl-ana', 'pl-nobody', '%3Cscript%3E']) {
        for (const locale of ['en', 'fr']) {
          const page = await browser().get(`/${locale}/book/private-lesson/${instructor}`);
          expect({ instructor, locale, status: page.status }).toEqual({ instructor, locale, status: 404 });
          expect(textOf(page.html)).toContain('Page not found');
        }
      }
    });

    it('lists the active pricing entries (duration · price) by duration then price, the bookable dates, and the chosen ones selected', async () => {
      const page = await browser().get(`${PAGE}?pricing=pl-60&date=2027-03-08`);
      expect(selectOptions(page.html, 'pricing-choice')).toEqual([
        { value: 'pl-60-duo', text: '60 minutes · €45.00', selected: false },
        { value: 'pl-60', text: '60 minutes · €50.00', selected: true },
        { value: 'pl-90', text: '90 minutes · €70.00', selected: false },
      ]);
      // Mondays and Wednesdays of the next four weeks (today included: its window is still open); no Tuesdays.
      expect(selectOptions(page.html, 'date-choice')).toEqual([
        { value: '2027-03-01', text: 'Monday, March 1, 2027', selected: false },
        { value: '2027-03-03', text: 'Wednesday, March 3, 2027', selected: false },
        { value: '2027-03-08', text: 'Monday, March 8, 2027', selected: true },
        { value: '2027-03-10', text: 'Wednesday, March 10, 2027', selected: false },
        { value: '2027-03-15', text: 'Monday, March 15, 2027', selected: false },
        { value: '2027-03-17', text: 'Wednesday, March 17, 2027', selected: false },
        { value: '2027-03-22', text: 'Monday, March 22, 2027', selected: false },
        { value: '2027-03-24', text: 'Wednesday, March 24, 2027', selected: false },
      ]);
      // They are fields of the booking form itself (what is booked is what they show); its "Show available
      // times" button asks for that duration's dates and that date's times without JavaScript.
      const form = postFormHtml(page.html) ?? '';
      expect(attributesOf(startTags(form, 'form')[0] ?? '')).toMatchObject({ method: 'post', action: PAGE });
      expect(startTags(form, 'select').map((tag) => attributesOf(tag).name)).toEqual(['pricing', 'date', 'answer_q-level']);
      expect(startTags(form, 'input').map(attributesOf).filter((input) => input.name === 'pricing' || input.name === 'date')).toEqual([]);
      expect(startTags(form, 'button').map(attributesOf)[0]).toMatchObject({ type: 'submit', name: 'intent', value: 'show-times', formnovalidate: '' });

      // No choice: the first duration and the first date.
      const fresh = await browser().get(PAGE);
      expect(selectOptions(fresh.html, 'pricing-choice').find((option) => option.selected)?.value).toBe('pl-60-duo');
      expect(selectOptions(fresh.html, 'date-choice').find((option) => option.selected)?.value).toBe('2027-03-01');
    });

    it('offers the free slots as radio buttons whose label says the date and the time, in the studio zone', async () => {
      const page = await browser().get(`${PAGE}?pricing=pl-60&date=2027-03-08`);
      const radios = radioLabels(page.html, 'start');
      // 09:00–10:00 … 10:00–11:00 end before his 11:00 class; 12:00–13:00 after it; Ana's class is not his.
      expect(radios.map((radio) => radio.value)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '12:00'].map((time) => madrid('2027-03-08', time)));
      for (const radio of radios) {
        const time = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.parse(radio.value));
        expect(radio.text).toContain(time);
        expect(radio.text).toContain('Monday, March 8, 2027');
      }
      expect(radios[0]?.text).toContain('09:00');
      expect(textOf(page.html)).toContain("Times are in the studio's time zone: Central European Standard Time (Europe/Madrid).");
      expect(textOf(page.html)).toContain('Start time · Monday, March 8, 2027');

      // 90 minutes: only the starts that end by 11:00 (12:00 + 90 min leaves the window).
      expect(slotValues(await browser().get(`${PAGE}?pricing=pl-90&date=2027-03-08`))).toEqual(['09:00', '09:15', '09:30'].map((time) => madrid('2027-03-08', time)));
      // Today: only starts after now (10:00) and around his class: 12:00.
      expect(slotValues(await browser().get(`${PAGE}?pricing=pl-60&date=2027-03-01`))).toEqual([madrid('2027-03-01', '12:00')]);
      // Wednesday 2027-03-10: the event he hosts (16:30–17:00) leaves 17:00 only.
      expect(slotValues(await browser().get(`${PAGE}?pricing=pl-60&date=2027-03-10`))).toEqual([madrid('2027-03-10', '17:00')]);
      // Wednesday 2027-03-17: a cancelled event does not make him busy.
      expect(slotValues(await browser().get(`${PAGE}?pricing=pl-60&date=2027-03-17`))).toEqual(['16:00', '16:15', '16:30', '16:45', '17:00'].map((time) => madrid('2027-03-17', time)));
    });

    it('asks the active questions (required ones marked required, optional ones labelled optional) and the guest details, every field labelled', async () => {
      const page = await browser().get(`${PAGE}?pricing=pl-60&date=2027-03-08`);
      const form = postFormHtml(page.html) ?? '';
      expect(form).not.toBe('');
      const level = attributesOf(/^<[^>]*>/.exec(elementById(page.html, 'answer_q-level') ?? '')?.[0] ?? '');
      expect(level).toMatchObject({ name: 'answer_q-level', required: '', 'aria-required': 'true' });
      expect(textOf(/<label for="answer_q-level">([\s\S]*?)<\/label>/.exec(page.html)?.[1] ?? '')).toBe('Your level');
      expect(selectOptions(page.html, 'answer_q-level')).toEqual([
        { value: '', text: 'Choose…', selected: false },
        { value: 'beginner', text: 'Beginner', selected: false },
        { value: 'advanced', text: 'Advanced', selected: false },
      ]);
      const goal = attributesOf(/^<[^>]*>/.exec(elementById(page.html, 'answer_q-goal') ?? '')?.[0] ?? '');
      expect(goal).toMatchObject({ name: 'answer_q-goal', maxlength: '1000' });
      expect(goal).not.toHaveProperty('required');
      expect(textOf(/<label for="answer_q-goal">([\s\S]*?)<\/label>/.exec(page.html)?.[1] ?? '')).toBe('Your goal (optional)');
      expect(page.html).not.toContain('Old question');
      expect(page.html).not.toContain('answer_q-old');

      const names = [...form.matchAll(/\sname="([^"]+)"/g)].map((match) => match[1]);
      expect(new Set(names)).toEqual(new Set(['pricing', 'date', 'intent', 'start', 'answer_q-level', 'answer_q-goal', 'firstName', 'lastName', 'email', 'phone', 'terms', '_csrf', 'idempotencyKey']));
      expect(unlabelledControls(page.html)).toEqual([]);
    });

    it("carries the strict security headers, the studio's logo and name, and no inline script or style", async () => {
      const page = await browser().get(PAGE);
      const csp = cspDirectives(page.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      // Framed by the studio's own website only (the booking dialog).
      expect(csp['frame-ancestors']).toEqual(['https://casadelson.example.com']);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(inlineCodeIn(page.html)).toEqual([]);
      expect(page.html).not.toMatch(/\sstyle\s*=/i);
      expect(startTags(page.html, 'img').map(attributesOf).find((image) => image.class === 'studio-logo')?.src).toBe('https://images.example.com/casa-del-son.png');
      expect(textOf(/<header[\s\S]*?<\/header>/.exec(page.html)?.[0] ?? '')).toBe('Casa del Son');
      // The enhancement script is a file of the site (script-src 'self').
      const scripts = startTags(page.html, 'script').map(attributesOf);
      expect(scripts.map((script) => script.src)).toEqual(['/booking-assets/booking.js']);
      expect((await browser().get('/booking-assets/booking.js')).status).toBe(200);
    });
  });

  describe('booking a private lesson', () => {
    it('choose a duration and date, pick a slot, answer the questions, confirm: 303 to the confirmation; the slot is no longer offered', async () => {
      const start = madrid('2027-03-15', '09:00');
      const student = browser();
      const form = await student.openForm(`${PAGE}?pricing=pl-60&date=2027-03-15`);
      expect(radioLabels(form.page.html, 'start').map((radio) => radio.value)).toContain(start);
      // A FREEFORM answer of exactly 1,000 characters is fine.
      const posted = await student.submit(form, guest({ start, 'answer_q-goal': 'x'.repeat(1000) }));
      expect(posted.status).toBe(303);
      const token = accessTokenOf(posted.location);
      expect(posted.location).toBe(`/booking/${token}`);

      const confirmation = await student.get(posted.location as string);
      expect(confirmation.status).toBe(200);
      const text = textOf(confirmation.html);
      expect(text).toContain('Booking confirmed');
      expect(text).toMatch(/Booking reference SD-[A-Z0-9]{4}-[A-Z0-9]{4}\b/);
      expect(text).toContain('What Private lesson with Luis Ortega');
      expect(text).toContain('When Monday, March 15, 2027, 09:00–10:00');
      expect(text).toContain('Where Casa del Son, Calle Mayor 1, Madrid');
      expect(text).toContain('To pay at the studio €50.00');

      const ics = await student.get(`/booking/${token}/booking.ics`);
      expect(ics.status).toBe(200);
      expect(ics.html).toContain('DTSTART;TZID=Europe/Madrid:20270315T090000\r\n');
      expect(ics.html).toContain('DTEND;TZID=Europe/Madrid:20270315T100000\r\n');
      expect(ics.html).toContain('BEGIN:VTIMEZONE');

      // The same form again (a double click): the same booking.
      const again = await student.submit(form, guest({ start, 'answer_q-goal': 'x'.repeat(1000) }));
      expect(again.status).toBe(303);
      expect(accessTokenOf(again.location)).toBe(token);
      expect(await lessonsOfLuis()).toBe(1);

      // 09:00–10:00 is his now: no start that overlaps it is offered, 10:00 still is.
      expect(slotValues(await browser().get(`${PAGE}?pricing=pl-60&date=2027-03-15`))).toEqual(['10:00', '12:00'].map((time) => madrid('2027-03-15', time)));
      // 90 minutes no longer fit that morning: the date is not offered for 90 minutes, and asking for it says when the next free time is.
      const ninety = await browser().get(`${PAGE}?pricing=pl-90&date=2027-03-15`);
      expect(selectOptions(ninety.html, 'date-choice').map((option) => option.value)).not.toContain('2027-03-15');
      expect(selectOptions(ninety.html, 'pricing-choice').find((option) => option.selected)?.value).toBe('pl-90');
      expect(selectOptions(ninety.html, 'date-choice').find((option) => option.selected)?.value).toBe('2027-03-17');
      expect(textOf(ninety.html)).toContain('There is no free time left on Monday, March 15, 2027. Next free time: Wednesday, March 17, 2027 at 16:00.');
      expect(slotValues(ninety)).toEqual(['16:00', '16:15', '16:30'].map((time) => madrid('2027-03-17', time)));

      // Another student posting the same start, or one overlapping it: 422 with the slot_taken message.
      for (const taken of [start, madrid('2027-03-15', '09:30')]) {
        const other = browser();
        const refused = await attempt(other, 'pl-60', '2027-03-15', guest({ start: taken, email: 'someone.else@example.com' }));
        await expectStartRefused(refused, 'That time was just taken or is no longer free. Choose another time.');
        expect(textOf(refused.html)).toContain('Start time: That time was just taken or is no longer free.');
      }
      // A 90-minute form shown before the booking (the 15th was offered then), sent now.
      const third = browser();
      const staleForm = await third.openForm(PAGE);
      const ninetyOverlapping = await third.submit(staleForm, guest({ pricing: 'pl-90', date: '2027-03-15', start: madrid('2027-03-15', '09:15'), email: 'third@example.com' }));
      await expectStartRefused(ninetyOverlapping, 'That time was just taken or is no longer free. Choose another time.');
      expect(await lessonsOfLuis()).toBe(1);
    });

    it('a required DROPDOWN answer that is missing, or not one of the option values, answers 422 with the error tied to that question', async () => {
      const start = madrid('2027-03-22', '09:00');
      const cases: [string, FormFields, string][] = [
        ['missing', { 'answer_q-level': '' }, 'This field is required.'],
        ['absent', { 'answer_q-level': [] }, 'This field is required.'],
        ['not an option value', { 'answer_q-level': 'expert' }, 'Choose one of the options.'],
        ['an option label instead of its value', { 'answer_q-level': 'Beginner' }, 'Choose one of the options.'],
        ['two values', { 'answer_q-level': ['beginner', 'advanced'] }, 'Choose one of the options.'],
      ];
      for (const [name, fields, message] of cases) {
        const page = await attempt(browser(), 'pl-60', '2027-03-22', { ...guest({ start }), ...fields });
        expect({ name, status: page.status }).toEqual({ name, status: 422 });
        expect({ name, error: errorTiedTo(page.html, 'answer_q-level') }).toEqual({ name, error: message });
        const summary = elementById(page.html, 'error-summary') ?? '';
        expect(startTags(summary, 'a').map((anchor) => attributesOf(anchor).href)).toEqual(['#answer_q-level']);
        expect(textOf(summary)).toContain(`Your level: ${message}`);
        // What the student had chosen is kept: the slot, the other answer, their details.
        expect(radioLabels(page.html, 'start').find((radio) => radio.checked)?.value).toBe(start);
        expect(textOf(elementById(page.html, 'answer_q-goal') ?? '')).toBe('Better turns');
        expect(attributesOf(elementById(page.html, 'firstName') ?? '').value).toBe('Lucía');
      }
      expect(await lessonsOfLuis()).toBe(1);
    });

    it('When several fields are wrong, then the error summary lists them in the order of the page: the time, the questions, then the details and the terms', async () => {
      const booked = await lessonsOfLuis();
      const page = await attempt(browser(), 'pl-60', '2027-03-22', { ...guest({ start: '' }), 'answer_q-level': '', firstName: '', lastName: '', email: 'not-an-email', terms: [] });
      expect(page.status).toBe(422);
      const summary = elementById(page.html, 'error-summary') ?? '';
      expect(startTags(summary, 'a').map((anchor) => attributesOf(anchor).href)).toEqual(['#start', '#answer_q-level', '#firstName', '#lastName', '#email', '#terms']);
      expect(await lessonsOfLuis()).toBe(booked);
    });

    it('a FREEFORM answer over 1,000 characters answers 422 with the error tied to that question', async () => {
      const page = await attempt(browser(), 'pl-60', '2027-03-22', guest({ start: madrid('2027-03-22', '09:00'), 'answer_q-goal': 'y'.repeat(1001) }));
      expect(page.status).toBe(422);
      expect(errorTiedTo(page.html, 'answer_q-goal')).toBe('This is too long.');
      expect(errorTiedTo(page.html, 'answer_q-level')).toBeNull();
      expect(await lessonsOfLuis()).toBe(1);
    });

    it('a start not among the free slots answers 422 with the error tied to the time choice, and books nothing', async () => {
      const invalidStart = 'Choose a start time.';
      const notFree = 'That time was just taken or is no longer free. Choose another time.';
      const cases: [string, string, string, string][] = [
        ['off the 15-minute grid', 'pl-60', madrid('2027-03-22', '09:05'), invalidStart],
        ['outside the availability window', 'pl-60', madrid('2027-03-22', '15:00'), invalidStart],
        ['running past the window end (90 min from 12:00; 60 would fit)', 'pl-90', madrid('2027-03-22', '12:00'), 'A lesson of the length chosen above does not fit at that time. Choose one of the times shown.'],
        ['on a day whose window is inactive (Tuesday)', 'pl-60', madrid('2027-03-23', '09:00'), invalidStart],
        ['beyond the four-week horizon', 'pl-60', new Date(Date.parse('2027-04-05T09:00:00+02:00')).toISOString(), invalidStart],
        ['not an instant as the page sends it', 'pl-60', '2027-03-22T08:00Z', invalidStart],
        ['a number', 'pl-60', '1', invalidStart],
        ['in the past (09:00 today)', 'pl-60', madrid('2027-03-01', '09:00'), notFree],
        ['exactly now', 'pl-60', madrid('2027-03-01', '10:00'), notFree],
        ['overlapping the class he teaches', 'pl-60', madrid('2027-03-22', '11:00'), notFree],
        ['overlapping the event he hosts', 'pl-60', madrid('2027-03-10', '16:30'), notFree],
      ];
      for (const [name, pricing, start, message] of cases) {
        // Posted as for the date of that start (hand-made: the page never offers most of these).
        const date = Number.isFinite(Date.parse(start)) && start.length > 4 ? madridDate(start) : '2027-03-22';
        const page = await attempt(browser(), pricing, '2027-03-22', guest({ start, date }));
        expect({ name, status: page.status }).toEqual({ name, status: 422 });
        expect({ name, error: errorTiedTo(page.html, 'start') }).toEqual({ name, error: message });
      }
      const noStart = await attempt(browser(), 'pl-60', '2027-03-22', guest());
      await expectStartRefused(noStart, invalidStart);
      const twoStarts = await attempt(browser(), 'pl-60', '2027-03-22', guest({ start: [madrid('2027-03-22', '09:00'), madrid('2027-03-22', '12:00')] }));
      await expectStartRefused(twoStarts, invalidStart);
      expect(await lessonsOfLuis()).toBe(1);
    });

    it('guest details are checked too: 422 keeps the chosen slot checked and escapes what was typed', async () => {
      const start = madrid('2027-03-22', '12:00');
      const hostile = '"><img src=x onerror=alert(1)><script>alert(1)</script>';
      const page = await attempt(browser(), 'pl-60', '2027-03-22', guest({ start, firstName: hostile, email: 'nope', terms: '', 'answer_q-goal': hostile }));
      expect(page.status).toBe(422);
      expect(errorTiedTo(page.html, 'email')).toBe('Enter an email address such as name@example.com.');
      // Casa del Son published no terms: the box asks to agree to being contacted, and says what the studio receives and why.
      expect(errorTiedTo(page.html, 'terms')).toBe(
        'To book, you need to agree that the studio may contact you about this booking. ' +
          'Casa del Son receives your name, email, phone (if you give it) and your answers about your lesson, to keep your lesson time, to prepare the lesson and to contact you about this booking.',
      );
      expect(radioLabels(page.html, 'start').find((radio) => radio.checked)?.value).toBe(start);
      expect(attributesOf(elementById(page.html, 'firstName') ?? '').value).toBe(hostile);
      expect(textOf(elementById(page.html, 'answer_q-goal') ?? '')).toBe(hostile);
      expect(page.html).not.toContain('<script>alert(1)');
      expect(page.html).not.toContain('<img src=x');
      expect(inlineCodeIn(page.html)).toEqual([]);
      expect(await lessonsOfLuis()).toBe(1);
    });

    it('a POST without the CSRF token gets 403 and books nothing', async () => {
      const student = browser();
      const form = await student.openForm(`${PAGE}?pricing=pl-60&date=2027-03-24`);
      const { _csrf: _dropped, ...withoutToken } = form.hidden;
      const page = await student.post(form.action, { ...withoutToken, ...guest({ start: madrid('2027-03-24', '16:00') }) });
      expect(page.status).toBe(403);
      expect(textOf(page.html)).toContain('This form has expired');
      expect(await lessonsOfLuis()).toBe(1);
    });

    it('When a form is sent without a start time, then it comes back on the date the student had chosen: a form sent without a start time comes back on the date the student had chosen', async () => {
      // The date dropdown is a field of the form: the 422 page stays on it, not on the first date (2027-03-01).
      const page = await attempt(browser(), 'pl-60', '2027-03-22', guest());
      expect(page.status).toBe(422);
      expect(selectOptions(page.html, 'date-choice').find((option) => option.selected)?.value).toBe('2027-03-22');
    });

    it('When a duration is no longer offered, then no longer offered answers 422 with the error tied to the duration choice', async () => {
      // The summary links to the duration dropdown (id pricing-choice), which says what is wrong.
      const page = await attempt(browser(), 'pl-60', '2027-03-22', guest({ start: madrid('2027-03-22', '09:00'), pricing: 'pl-30-off' }));
      expect(page.status).toBe(422);
      const summary = elementById(page.html, 'error-summary') ?? '';
      const links = startTags(summary, 'a').map((anchor) => (attributesOf(anchor).href ?? '').slice(1));
      expect(links).toEqual(['pricing-choice']);
      expect(elementById(page.html, 'pricing-choice')).toMatch(/^<select /);
      expect(errorTiedTo(page.html, links[0] as string)).toBe('Choose a duration.');
    });
  });

  describe('what is booked is what the page shows', () => {
    const typed = guest({ firstName: 'Marta', lastName: 'Soler', email: 'marta@example.com', 'answer_q-goal': 'Styling for a wedding' });

    it('When JavaScript is off and the student changes the duration and the date, then "Show available times" shows their times, keeps everything typed and books nothing', async () => {
      const lessonsBefore = await lessonsOfLuis();
      const student = browser();
      const form = await student.openForm(`${PAGE}?pricing=pl-60&date=2027-03-08`);
      const page = await student.submit(form, { ...typed, start: madrid('2027-03-08', '09:00'), pricing: 'pl-90', date: '2027-03-22', intent: 'show-times' });
      expect(page.status).toBe(200);
      expect(selectOptions(page.html, 'pricing-choice').find((option) => option.selected)?.value).toBe('pl-90');
      expect(selectOptions(page.html, 'date-choice').find((option) => option.selected)?.value).toBe('2027-03-22');
      expect(slotValues(page)).toEqual(['09:00', '09:15', '09:30'].map((time) => madrid('2027-03-22', time)));
      expect(textOf(page.html)).toContain('Start time · Monday, March 22, 2027');
      // Everything typed is still there; nothing is marked wrong; the form is the same one (same idempotency key).
      expect(attributesOf(elementById(page.html, 'firstName') ?? '').value).toBe('Marta');
      expect(attributesOf(elementById(page.html, 'email') ?? '').value).toBe('marta@example.com');
      expect(attributesOf(elementById(page.html, 'terms') ?? '')).toHaveProperty('checked');
      expect(selectOptions(page.html, 'answer_q-level').find((option) => option.selected)?.value).toBe('beginner');
      expect(textOf(elementById(page.html, 'answer_q-goal') ?? '')).toBe('Styling for a wedding');
      expect(elementById(page.html, 'error-summary')).toBeNull();
      expect(hiddenValue(page.html, 'idempotencyKey')).toBe(form.idempotencyKey);
      expect(await lessonsOfLuis()).toBe(lessonsBefore);

      // Then picking one of those times and confirming books exactly that: 90 minutes on the 22nd.
      const booked = await student.submit(readPostFormOf(page), { ...typed, start: madrid('2027-03-22', '09:30') });
      expect(booked.status).toBe(303);
      const confirmation = textOf((await student.get(booked.location as string)).html);
      expect(confirmation).toContain('When Monday, March 22, 2027, 09:30–11:00');
      expect(confirmation).toContain('To pay at the studio €70.00');
      expect(await lessonsOfLuis()).toBe(lessonsBefore + 1);
    });

    it('When the student picked a time, then changed the duration and the date and confirms without showing their times, then nothing is booked and the page asks for a time of that date', async () => {
      // The case: 60 minutes on one day picked, then 90 minutes on another day chosen in the dropdowns.
      const lessonsBefore = await lessonsOfLuis();
      const student = browser();
      const form = await student.openForm(`${PAGE}?pricing=pl-60&date=2027-03-08`);
      const page = await student.submit(form, { ...typed, start: madrid('2027-03-08', '10:00'), pricing: 'pl-90', date: '2027-03-17' });
      await expectStartRefused(page, 'That time is on another date than the one chosen above. Choose one of the times shown for this date.');
      expect(selectOptions(page.html, 'pricing-choice').find((option) => option.selected)?.value).toBe('pl-90');
      expect(selectOptions(page.html, 'date-choice').find((option) => option.selected)?.value).toBe('2027-03-17');
      expect(slotValues(page)).toEqual(['16:00', '16:15', '16:30'].map((time) => madrid('2027-03-17', time)));
      expect(radioLabels(page.html, 'start').filter((radio) => radio.checked)).toEqual([]);
      expect(attributesOf(elementById(page.html, 'firstName') ?? '').value).toBe('Marta');
      expect(await lessonsOfLuis()).toBe(lessonsBefore);
    });

    it('When the student changed only the duration and the chosen time still fits it, then the lesson booked is of the duration shown', async () => {
      const student = browser();
      const form = await student.openForm(`${PAGE}?pricing=pl-60&date=2027-03-24`);
      const posted = await student.submit(form, { ...typed, email: 'only.duration@example.com', start: madrid('2027-03-24', '16:00'), pricing: 'pl-90' });
      expect(posted.status).toBe(303);
      const confirmation = textOf((await student.get(posted.location as string)).html);
      expect(confirmation).toContain('When Wednesday, March 24, 2027, 16:00–17:30');
      expect(confirmation).toContain('To pay at the studio €70.00');
    });

    it('When the date asked for has no free time, then the page says so, in Spanish too, and when the next free time is', async () => {
      // An instructor of this test's own, free on Mondays and Wednesdays 09:00–10:00, teaching every Wednesday at 09:00.
      await app.importDocument(
        {
          studio: { id: 'pl-next-studio', name: 'Next Studio', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid', locales: ['es', 'en'] },
          danceTypes: [{ name: 'Salsa' }],
          people: [{ id: 'pl-next', name: 'Nico', roles: ['INSTRUCTOR'] }],
          classes: [{ id: 'pl-next-wed', name: 'Wednesday Salsa', danceType: 'Salsa', level: 'All levels', weekly: { dayOfWeek: 'wednesday', startTime: '09:00', endTime: '10:00', from: '2027-03-03', until: '2027-03-31' }, instructorId: 'pl-next' }],
          privateLessons: {
            instructors: [
              {
                personId: 'pl-next',
                availability: [
                  { id: 'pl-next-mon', dayOfWeek: 1, startTime: '09:00', endTime: '10:00' },
                  { id: 'pl-next-wed-av', dayOfWeek: 3, startTime: '09:00', endTime: '10:00' },
                ],
                pricing: [{ id: 'pl-next-60', durationMins: 60, price: 40, currency: 'EUR' }],
              },
            ],
          },
        },
        NOW,
      );
      const spanish = await browser().get('/es/book/private-lesson/pl-next?date=2027-03-10');
      expect(selectOptions(spanish.html, 'date-choice').map((option) => option.value)).toEqual(['2027-03-08', '2027-03-15', '2027-03-22']);
      expect(selectOptions(spanish.html, 'date-choice').find((option) => option.selected)?.value).toBe('2027-03-15');
      expect(textOf(elementById(spanish.html, 'date-note') ?? '')).toBe('Ya no quedan horas libres el miércoles, 10 de marzo de 2027. Próxima hora libre: lunes, 15 de marzo de 2027 a las 09:00.');
      expect(attributesOf(elementById(spanish.html, 'date-choice') ?? '')['aria-describedby']).toBe('date-note');
      const english = await browser().get('/en/book/private-lesson/pl-next?date=2027-03-10');
      expect(textOf(elementById(english.html, 'date-note') ?? '')).toBe('There is no free time left on Wednesday, March 10, 2027. Next free time: Monday, March 15, 2027 at 09:00.');
      // A date that is offered carries no such note.
      expect(elementById((await browser().get('/en/book/private-lesson/pl-next?date=2027-03-15')).html, 'date-note')).toBeNull();
    });

    it('When no time is free in the next four weeks, then the page says so and shows the way to the studio: its website and phone', async () => {
      await app.importDocument(
        {
          studio: { id: 'pl-busy-studio', name: 'Busy Studio', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid', website: 'https://busy.example.com', phone: '+34 600 111 222', locales: ['en'] },
          danceTypes: [{ name: 'Salsa' }],
          people: [{ id: 'pl-busy', name: 'Bea', lastname: 'Ocupada', roles: ['INSTRUCTOR'] }],
          classes: [{ id: 'pl-busy-class', name: 'Busy Salsa', danceType: 'Salsa', level: 'All levels', weekly: { dayOfWeek: 'monday', startTime: '09:00', endTime: '10:00', from: '2027-03-01', until: '2027-04-26' }, instructorId: 'pl-busy' }],
          privateLessons: { instructors: [{ personId: 'pl-busy', availability: [{ id: 'pl-busy-mon', dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }], pricing: [{ id: 'pl-busy-60', durationMins: 60, price: 40, currency: 'EUR' }] }] },
        },
        NOW,
      );
      const page = await browser().get('/en/book/private-lesson/pl-busy');
      expect(page.status).toBe(200);
      const text = textOf(page.html);
      expect(text).toContain('Bea Ocupada has no free dates in the next four weeks.');
      expect(selectOptions(page.html, 'date-choice')).toEqual([]);
      const wayBack = elementById(page.html, 'way-back-title') ? (/<nav class="way-back"[\s\S]*?<\/nav>/.exec(page.html)?.[0] ?? '') : '';
      expect(startTags(wayBack, 'a').map(attributesOf).map((anchor) => anchor.href)).toEqual(['https://busy.example.com', 'tel:+34600111222']);
      expect(textOf(wayBack)).toContain("See Busy Studio's website");
      expect(textOf(wayBack)).toContain('Call the studio: +34 600 111 222');
      expect(attributesOf(elementById(page.html, 'confirm-booking') ?? '')).toHaveProperty('disabled');
    });
  });

  it('When "Show available times" is pressed more often than bookings may be posted, then it is never refused: only bookings count against the limit', async () => {
    const limited = await startTestServer(target, { documents: [privateLessonStudio()], now: () => NOW, env: { BOOKING_RATE_LIMIT: '2' } });
    try {
      const student = new Browser(limited.url, EN);
      const form = await student.openForm(`${PAGE}?pricing=pl-60&date=2027-03-08`);
      for (let press = 0; press < 4; press++) {
        expect((await student.submit(form, { intent: 'show-times', date: press % 2 ? '2027-03-08' : '2027-03-10' })).status).toBe(200);
      }
      expect((await student.submit(form, guest({ email: '' }))).status).toBe(422);
      expect((await student.submit(form, guest({ email: '' }))).status).toBe(422);
      expect((await student.submit(form, guest({ email: '' }))).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});
