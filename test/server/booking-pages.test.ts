import { sql } from 'kysely';
import { countConfirmedBookings, insertConfirmedClassBooking } from '../support/bookings';
import {
  Browser,
  accessTokenOf,
  attributesOf,
  cspDirectives,
  elementById,
  errorTiedTo,
  hiddenValue,
  inlineCodeIn,
  postFormHtml,
  startTags,
  textOf,
  unlabelledControls,
  type PageResponse,
} from '../support/booking-form';
import { ana, casaDelSon, lucia, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';
import { pageCookieOptions } from '../../server/src/http/pages/security';

/**
 * The hosted class and event booking page, over real HTTP against a real server: what a student sees
 * and what happens when they book. The server's clock is fixed at NOW (Monday 2027-03-01, 10:00 in
 * Madrid), so "past" and "future" never age.
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
const STUDIO = 'bp-studio';
const HOSTILE_STUDIO = 'bp-evil-studio';

const SCRIPT = '<script>alert(1)</script>';
const BREAKOUT = '"><img src=x onerror=alert(1)>';

/** A single class on Monday 2027-03-08 (CET, UTC+1), 19:00–20:00 in Madrid, taught by Ana. */
const salsa = (id: string, overrides: Record<string, unknown> = {}) =>
  salsaClass(id, { description: { es: 'Para empezar desde cero', en: 'Start from scratch' }, instructorId: 'bp-ana', ...overrides });

function pagesStudio() {
  return casaDelSon({
    id: STUDIO,
    // No phone: the way back from a page that cannot book offers the studio's website alone.
    studio: { logo: 'https://images.example.com/casa-del-son.png', phone: undefined },
    people: [ana('bp-ana'), { id: 'bp-luis', name: 'Luis', lastname: 'Ortega', roles: ['INSTRUCTOR'] }],
    classes: [
      salsa('bp-show'),
      salsa('bp-book'),
      salsa('bp-ics'),
      salsa('bp-spots'),
      salsa('bp-dupe', { capacity: 10 }),
      salsa('bp-twice'),
      salsa('bp-full', { capacity: 1 }),
      salsa('bp-form', { capacity: null }),
      salsa('bp-hostile-guest'),
      salsa('bp-csrf'),
      salsa('bp-lang'),
      salsa('bp-limit'),
      salsa('bp-headers'),
      salsa('bp-free', { price: 0 }),
      salsa('bp-calendar-links'),
      // A weekly class whose first date (22 February) has passed; its 1 March date is full, 8 March skipped.
      {
        id: 'bp-weekly',
        name: 'Weekly Bachata',
        danceType: 'Salsa',
        level: 'Beginner',
        weekly: { dayOfWeek: 'monday', startTime: '20:00', endTime: '21:00', from: '2027-02-22', until: '2027-03-22', except: ['2027-03-08'] },
        capacity: 1,
      },
      salsa('bp-past', { date: '2027-02-22' }),
      salsa('bp-cancelled', { date: '2027-03-09', cancelled: true }),
      {
        id: 'bp-social',
        name: 'Saturday Social',
        danceType: null,
        level: 'All levels',
        room: 'Main hall',
        date: '2027-03-13',
        startTime: '22:00',
        endTime: '02:00',
        price: 8,
        capacity: 100,
        description: { en: 'Social dancing till late' },
        instructorId: 'bp-luis',
      },
    ],
  });
}

/** A studio whose own texts carry markup: the pages must show it as text. */
function hostileStudio() {
  return {
    studio: {
      id: HOSTILE_STUDIO,
      name: `Evil <b>Studio</b> ${SCRIPT}`,
      country: 'ES',
      address: `Calle ${BREAKOUT}`,
      defaultCurrency: 'EUR',
      timezone: 'Europe/Madrid',
      locales: ['en'],
    },
    danceTypes: [{ name: `Salsa <i>${SCRIPT}</i>` }],
    people: [{ id: 'bp-evil-person', name: `Eve ${SCRIPT}`, lastname: BREAKOUT, roles: ['INSTRUCTOR'] }],
    classes: [
      {
        id: 'bp-evil-class',
        name: `<b>Bold</b> ${SCRIPT}`,
        danceType: `Salsa <i>${SCRIPT}</i>`,
        level: `<em>lvl</em>${BREAKOUT}`,
        room: BREAKOUT,
        date: '2027-03-08',
        startTime: '19:00',
        endTime: '20:00',
        price: 10,
        capacity: 5,
        description: { en: `<img src=x onerror=alert(1)> <a href="javascript:alert(1)">click</a> ${SCRIPT}` },
        instructorId: 'bp-evil-person',
      },
    ],
  };
}

/** A studio whose website is made a javascript: address behind the import's back (the import refuses one). */
function scriptLinkStudio() {
  return {
    studio: { id: 'bp-js-studio', name: 'Link Studio', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid', website: 'https://link.example.com' },
    danceTypes: [{ name: 'Salsa' }],
    classes: [{ id: 'bp-js-class', name: 'Linked Salsa', danceType: 'Salsa', level: 'Beginner', date: '2027-03-08', startTime: '19:00', endTime: '20:00' }],
  };
}

const guest = lucia;

const EN = { 'Accept-Language': 'en' };

function expectNoRawMarkup(html: string): void {
  expect(html).not.toContain(SCRIPT);
  expect(html).not.toContain('<img src=x');
  expect(html).not.toMatch(/<b>|<i>|<em>/);
  expect(inlineCodeIn(html)).toEqual([]);
}

describe.each(databaseTargets())('hosted class booking pages on $name', (target: DatabaseTarget) => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(target, { documents: [pagesStudio(), hostileStudio(), scriptLinkStudio()], now: () => NOW, env: { BOOKING_RATE_LIMIT: '0' } });
    await app.server.store.db.updateTable('studios').set({ website: 'javascript:alert(document.cookie)' }).where('id', '=', 'bp-js-studio').execute();
  });
  afterAll(() => app?.stop());

  const browser = (headers: Record<string, string> = EN) => new Browser(app.url, headers);

  const confirmedBookings = (classId: string) => countConfirmedBookings(app.server.store.db, { classId });

  const spotsLeftInApi = async (classId: string) => {
    const response = await request(app.url, `/api/public/studio/${STUDIO}/classes?from=2027-03-08`);
    expect(response.status).toBe(200);
    const found = (response.body as { id: string; spotsLeft: number | null }[]).find((entry) => entry.id === classId);
    if (!found) throw new Error(`${classId} is not listed`);
    return found.spotsLeft;
  };

  /** Books through the page and follows the 303 to the confirmation. */
  const book = async (student: Browser, classId: string, fields: Record<string, string> = guest()) => {
    const posted = await student.fillIn(`/book/${classId}`, fields);
    expect(posted.status).toBe(303);
    const confirmation = await student.get(posted.location as string);
    expect(confirmation.status).toBe(200);
    return { posted, confirmation, token: accessTokenOf(posted.location) };
  };

  describe('the class page', () => {
    it('shows the class name, dance style, level, date and time in the studio zone (named), room, instructor, price with currency and spots left', async () => {
      const page = await browser().get('/book/bp-show?lang=en');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const text = textOf(page.html);
      expect(text).toContain('Book Salsa Beginners');
      expect(text).toContain('Dance style Salsa');
      expect(text).toContain('Level Beginner');
      // 19:00 in Madrid is 18:00 UTC: the page shows the studio's wall clock and names its zone.
      expect(text).toContain('When Monday, March 8, 2027, 19:00–20:00');
      expect(text).not.toContain('18:00');
      expect(text).toContain("Times are in the studio's time zone: Central European Standard Time (Europe/Madrid).");
      expect(text).toContain('Room Sala Azul');
      expect(text).toContain('Where Calle Mayor 1, Madrid, 2º');
      expect(text).toContain('Instructor Ana García');
      expect(text).toContain('Price €12.50');
      expect(text).toContain('Spots left 20 of 20');
    });

    it('shows the class description in the direction of its own writing (dir="auto": Hebrew or Arabic text reads right to left)', async () => {
      const page = await browser({ 'Accept-Language': 'es' }).get('/book/bp-show?lang=en');
      expect(page.html).toContain('<p class="description" dir="auto">Start from scratch</p>');
    });

    it('shows the page and the class description in the language asked for: ?lang=en, ?lang=es, else the browser Accept-Language', async () => {
      const english = textOf((await browser({ 'Accept-Language': 'es' }).get('/book/bp-show?lang=en')).html);
      expect(english).toContain('Start from scratch');
      expect(english).not.toContain('Para empezar desde cero');
      expect(english).toContain('First name');

      const spanishPage = await browser(EN).get('/book/bp-show?lang=es');
      expect(spanishPage.html).toMatch(/<html lang="es">/);
      const spanish = textOf(spanishPage.html);
      expect(spanish).toContain('Para empezar desde cero');
      expect(spanish).not.toContain('Start from scratch');
      expect(spanish).toContain('Reservar Salsa Beginners');
      expect(spanish).toContain('Cuándo lunes, 8 de marzo de 2027, 19:00–20:00');
      expect(spanish).toContain('Precio 12,50 €');
      expect(spanish).toContain('Plazas libres 20 de 20');
      expect(spanish).toContain('Profesor/a Ana García');

      const britishBrowser = await browser({ 'Accept-Language': 'en-GB,en;q=0.9' }).get('/book/bp-show');
      expect(britishBrowser.html).toMatch(/<html lang="en">/);
      expect(textOf(britishBrowser.html)).toContain('Start from scratch');

      const mexicanBrowser = await browser({ 'Accept-Language': 'es-MX' }).get('/book/bp-show');
      expect(mexicanBrowser.html).toMatch(/<html lang="es">/);
      expect(textOf(mexicanBrowser.html)).toContain('Para empezar desde cero');

      // No preference at all: the studio's default language (es).
      expect(textOf((await browser({}).get('/book/bp-show')).html)).toContain('Para empezar desde cero');
    });

    it('When a browser asks nl-NL then en, then asking nl-NL then en gets the description in English, like the page', async () => {
      // negotiatePageLocale(): content = accepted[0] ('nl-NL'), which the studio lacks, so pickText falls
      // back to the studio default (es) while the page text is English: a page in two languages.
      const page = await browser({ 'Accept-Language': 'nl-NL,en;q=0.8' }).get('/book/bp-show');
      expect(page.html).toMatch(/<html lang="en">/);
      expect(textOf(page.html)).toContain('Start from scratch');
    });

    it('When a browser asks French, German or Italian, then the page speaks it; the studio, which writes Spanish and English, keeps its own words', async () => {
      const words = { fr: ['Réserver Salsa Beginners', 'Prénom'], de: ['Salsa Beginners buchen', 'Vorname'], it: ['Prenota Salsa Beginners', 'Nome'] };
      for (const [language, [title, firstName]] of Object.entries(words)) {
        const page = await browser({ 'Accept-Language': `${language},en;q=0.5` }).get('/book/bp-show');
        expect(page.html).toContain(`<html lang="${language}">`);
        const text = textOf(page.html);
        expect({ language, title: text.includes(title as string), firstName: text.includes(firstName as string) }).toEqual({ language, title: true, firstName: true });
      }
    });

    it('When a browser asks American or British English, then the dates and times read as there, still at the studio\'s time: 7:00 PM in the United States, 8 March in Britain', async () => {
      const american = textOf((await browser({ 'Accept-Language': 'en-US,en;q=0.9' }).get('/book/bp-show')).html);
      expect(american).toContain('When Monday, March 8, 2027, 7:00 PM–8:00 PM');
      const british = textOf((await browser({ 'Accept-Language': 'en-GB,en;q=0.9' }).get('/book/bp-show')).html);
      expect(british).toContain('When Monday, 8 March 2027, 19:00–20:00');
      // The language without a region keeps the pages' own formats; a region of another language than the page's says nothing.
      expect(textOf((await browser({ 'Accept-Language': 'en' }).get('/book/bp-show')).html)).toContain('When Monday, March 8, 2027, 19:00–20:00');
      expect(textOf((await browser({ 'Accept-Language': 'es-MX' }).get('/book/bp-show?lang=en')).html)).toContain('When Monday, March 8, 2027, 19:00–20:00');
      expect(textOf((await browser({ 'Accept-Language': 'es-MX' }).get('/book/bp-show')).html)).toContain('lunes, 8 de marzo de 2027, 7:00 p.m.–8:00 p.m.');
    });

    it('names the host of an event (not an instructor) and shows it as an event', async () => {
      const text = textOf((await browser().get('/book/bp-social')).html);
      expect(text).toContain('Event details');
      expect(text).toContain('Host Luis Ortega');
      expect(text).not.toContain('Instructor');
      expect(text).toContain('Saturday, March 13, 2027, 22:00–02:00 (next day)');
      expect(text).toContain('Room Main hall');
      expect(text).toContain('Price €8.00');
      expect(text).toContain('Spots left 100 of 100');
      expect(text).toContain('Social dancing till late');
    });

    it('offers a guest form whose every field has a label, with a required consent checkbox and hidden _csrf and idempotencyKey', async () => {
      const page = await browser().get('/book/bp-show');
      const form = postFormHtml(page.html);
      expect(form).not.toBeNull();
      expect(attributesOf(startTags(form as string, 'form')[0] as string).action).toBe('/book/bp-show');
      expect(unlabelledControls(page.html)).toEqual([]);
      const inputs = startTags(form as string, 'input').map(attributesOf);
      expect(inputs.filter((input) => input.type !== 'hidden').map((input) => input.name)).toEqual(['firstName', 'lastName', 'email', 'phone', 'terms']);
      const labelFor = (id: string) => textOf(new RegExp(`<label for="${id}">([\\s\\S]*?)</label>`).exec(page.html)?.[1] ?? '');
      expect(labelFor('firstName')).toBe('First name');
      expect(labelFor('lastName')).toBe('Last name');
      expect(labelFor('email')).toBe('Email');
      expect(labelFor('phone')).toBe('Phone (optional)');
      // Casa del Son published no terms (booking-pages-consent.test.ts shows the box with them).
      expect(labelFor('terms')).toBe('I agree that Casa del Son may contact me about this booking.');
      const terms = inputs.find((input) => input.name === 'terms');
      expect(terms).toMatchObject({ type: 'checkbox', value: 'yes', required: '' });
      expect(inputs.find((input) => input.name === 'email')).toMatchObject({ type: 'email', autocomplete: 'email' });
      expect(hiddenValue(page.html, '_csrf')).toMatch(/.{16,}/);
      expect(hiddenValue(page.html, 'idempotencyKey')).toMatch(/^[A-Za-z0-9-]{16,64}$/);
      expect(textOf(page.html)).toContain('You pay at the studio: nothing is charged online.');
    });

    it('When a class costs nothing, then its page, the confirmation and the calendar file say "Free" ("Gratis" in Spanish), never €0.00', async () => {
      const spanish = textOf((await browser().get('/book/bp-free?lang=es')).html);
      expect(spanish).toContain('Precio Gratis');
      expect(spanish).not.toMatch(/0,00/);
      const student = browser();
      const page = await student.get('/book/bp-free');
      const text = textOf(page.html);
      expect(text).toContain('Price Free');
      expect(text).not.toMatch(/€0\.00|0\.00/);
      // Nothing is to be paid, so nothing says "you pay at the studio".
      expect(text).not.toContain('You pay at the studio');

      const { confirmation, token } = await book(student, 'bp-free');
      const confirmed = textOf(confirmation.html);
      expect(confirmed).toContain('Price Free');
      expect(confirmed).not.toContain('To pay at the studio');
      const ics = (await student.get(`/booking/${token}/booking.ics`)).html.replace(/\r\n[ \t]/g, '');
      expect(ics).toMatch(/\\nPrice: Free\r\n/);
      expect(ics).not.toContain('0.00');
    });

    it("shows the studio's logo and name", async () => {
      const page = await browser().get('/book/bp-show');
      const logo = startTags(page.html, 'img').map(attributesOf).find((image) => image.class === 'studio-logo');
      expect(logo?.src).toBe('https://images.example.com/casa-del-son.png');
      expect(textOf(/<header[\s\S]*?<\/header>/.exec(page.html)?.[0] ?? '')).toBe('Casa del Son');
      expect(page.html).toContain('<title>Book Salsa Beginners · Casa del Son</title>');
    });
  });

  describe('booking a class', () => {
    it('a valid form answers 303 to a confirmation page with the reference, what, when, where and the price to pay at the studio', async () => {
      const student = browser();
      const { posted, confirmation, token } = await book(student, 'bp-book');
      expect(posted.location).toBe(`/booking/${token}`);
      // 32 random bytes, base64url: the address cannot be guessed.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const text = textOf(confirmation.html);
      expect(text).toContain('Booking confirmed');
      expect(text).toContain('Thank you, Lucía. Your booking is confirmed.');
      expect(text).toMatch(/Booking reference SD-[A-Z0-9]{4}-[A-Z0-9]{4}\b/);
      // Said once: the summary's heading (for screen readers) names the booking, the list its reference.
      expect(text.match(/Booking reference/g)).toHaveLength(1);
      expect(text).toContain('Your booking Booking reference');
      expect(text).toContain('What Salsa Beginners');
      expect(text).toContain('When Monday, March 8, 2027, 19:00–20:00');
      expect(text).toContain('Central European Standard Time (Europe/Madrid)');
      expect(text).toContain('Where Casa del Son, Calle Mayor 1, Madrid, 2º · Sala Azul');
      expect(text).toContain('To pay at the studio €12.50');
      expect(text).not.toContain('You had already booked');
      // The page names its icon (none), so the browser asks for no /favicon.ico, which would be a 404.
      expect(confirmation.html).toContain('<link rel="icon" href="data:,">');
      expect(confirmation.headers['referrer-policy']).toBe('no-referrer');
      expect(confirmation.headers['cache-control']).toBe('no-store');
      // The address is the proof of booking: another browser can open it, a guessed one cannot.
      expect((await browser().get(`/booking/${token}`)).status).toBe(200);
      expect((await browser().get(`/booking/${token.slice(0, -2)}xx`)).status).toBe(404);
      expect(await confirmedBookings('bp-book')).toBe(1);
    });

    it('the confirmation links to an .ics file in the studio wall-clock time (DTSTART;TZID=Europe/Madrid) with its VTIMEZONE', async () => {
      const student = browser();
      const { confirmation, token } = await book(student, 'bp-ics');
      const link = startTags(confirmation.html, 'a')
        .map(attributesOf)
        .find((anchor) => anchor.href?.endsWith('.ics'));
      expect(link?.href).toBe(`/booking/${token}/booking.ics`);
      expect(textOf(confirmation.html)).toContain('Add to calendar (.ics)');

      const ics = await student.get(link?.href as string);
      expect(ics.status).toBe(200);
      expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(ics.headers['content-disposition']).toMatch(/^attachment; filename="booking-SD-[A-Z0-9]{4}-[A-Z0-9]{4}\.ics"$/);
      const body = ics.html;
      expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(body).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid');
      expect(body).toContain('DTSTART;TZID=Europe/Madrid:20270308T190000\r\n');
      expect(body).toContain('DTEND;TZID=Europe/Madrid:20270308T200000\r\n');
      expect(body).toContain('STATUS:CONFIRMED');
      const reference = /SD-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(textOf(confirmation.html))?.[0];
      expect(body.replace(/\r\n[ \t]/g, '')).toContain(`Booking reference: ${reference}`);
      expect(body).toMatch(/END:VCALENDAR\r\n$/);
    });

    it('When a phone cannot open the .ics file, then the confirmation offers "Add to Google Calendar" and "Add to Outlook" with the same event in UTC', async () => {
      const student = browser();
      const { confirmation, token } = await book(student, 'bp-calendar-links');
      const linksOf = (page: PageResponse) =>
        Object.fromEntries([...page.html.matchAll(/<a\b[^>]*>[\s\S]*?<\/a>/g)].map((match) => [textOf(match[0]), attributesOf(startTags(match[0], 'a')[0] ?? '')]));
      const links = linksOf(confirmation);
      const reference = /SD-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(textOf(confirmation.html))?.[0];
      const google = new URL(links['Add to Google Calendar']?.href ?? '');
      expect(Object.fromEntries(google.searchParams)).toEqual({
        action: 'TEMPLATE',
        text: 'Salsa Beginners · Casa del Son',
        // 19:00–20:00 in Madrid (UTC+1 in March).
        dates: '20270308T180000Z/20270308T190000Z',
        details: `Booking reference: ${reference}\nTo pay at the studio: €12.50`,
        location: 'Casa del Son, Calle Mayor 1, Madrid, 2º, Sala Azul',
        ctz: 'Europe/Madrid',
      });
      const outlook = new URL(links['Add to Outlook']?.href ?? '');
      expect(`${outlook.origin}${outlook.pathname}`).toBe('https://outlook.live.com/calendar/0/action/compose');
      expect(outlook.searchParams.get('startdt')).toBe('2027-03-08T18:00:00Z');
      expect(outlook.searchParams.get('enddt')).toBe('2027-03-08T19:00:00Z');
      expect(outlook.searchParams.get('subject')).toBe('Salsa Beginners · Casa del Son');
      // The page's address is the proof of booking: no Referer takes it to the calendar site.
      expect(links['Add to Outlook']?.rel).toBe('noopener noreferrer');
      expect(confirmation.headers['referrer-policy']).toBe('no-referrer');
      // ...nor does either link carry the secret itself.
      expect([google.href.includes(token), outlook.href.includes(token)]).toEqual([false, false]);
      // Booked in Spanish: the links are in Spanish too.
      const spanishBooking = await book(browser({ 'Accept-Language': 'es' }), 'bp-calendar-links', guest({ email: 'es@example.com' }));
      const spanish = linksOf(spanishBooking.confirmation);
      const spanishReference = /SD-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(textOf(spanishBooking.confirmation.html))?.[0];
      const spanishText = `Código de reserva: ${spanishReference}\nA pagar en la escuela: 12,50\u00a0€`;
      expect(new URL(spanish['Añadir a Google Calendar']?.href ?? '').searchParams.get('details')).toBe(spanishText);
      expect(new URL(spanish['Añadir a Outlook']?.href ?? '').searchParams.get('body')).toBe(spanishText);
    });

    it('after booking, the public API shows one spot fewer for that class, and so does the page', async () => {
      expect(await spotsLeftInApi('bp-spots')).toBe(20);
      await book(browser(), 'bp-spots');
      expect(await spotsLeftInApi('bp-spots')).toBe(19);
      expect(textOf((await browser().get('/book/bp-spots')).html)).toContain('Spots left 19 of 20');
      // Who booked never shows in the public API.
      const listing = await request(app.url, `/api/public/studio/${STUDIO}/classes?from=2027-03-08`);
      expect(listing.text).not.toContain('lucia@example.com');
      expect(listing.text).not.toContain('Pérez');
    });

    it('the same email in another letter case gets the existing booking (same reference, "already booked"), not a second seat', async () => {
      const first = await book(browser(), 'bp-dupe', guest({ email: 'marta.ruiz@example.com', firstName: 'Marta' }));
      const again = await book(browser(), 'bp-dupe', guest({ email: '  MARTA.Ruiz@Example.COM ', firstName: 'Marta' }));
      expect(again.token).toBe(first.token);
      expect(again.posted.location).toBe(`/booking/${first.token}?existing=1`);
      const reference = (html: string) => /SD-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(textOf(html))?.[0];
      expect(reference(again.confirmation.html)).toBe(reference(first.confirmation.html));
      expect(textOf(again.confirmation.html)).toContain('You had already booked this with that email address: here is your booking.');
      expect(await confirmedBookings('bp-dupe')).toBe(1);
      expect(await spotsLeftInApi('bp-dupe')).toBe(9);
    });

    it("When someone else types an email that already holds a seat, then the page says so without opening that person's booking", async () => {
      const first = await book(browser(), 'bp-dupe', guest({ email: 'private@example.com', firstName: 'Paula', lastName: 'Soto' }));
      const intruder = await browser().fillIn('/book/bp-dupe', guest({ email: 'private@example.com', firstName: 'Mallory', lastName: 'Other' }));
      expect(intruder.status).toBe(409);
      expect(intruder.location).toBeUndefined();
      const text = textOf(intruder.html);
      expect(text).toContain('This email address already holds a seat in this class.');
      expect(text).not.toContain('Paula');
      expect(intruder.html).not.toContain(first.token);
      expect(intruder.html).not.toContain('<form method="post"');
    });

    it('the same form submitted twice (same idempotencyKey, a double click) books once, and the second answer shows it as just booked, not as "you had already booked"', async () => {
      const student = browser();
      const form = await student.openForm('/book/bp-twice');
      const first = await student.submit(form, guest({ email: 'double@example.com' }));
      const second = await student.submit(form, guest({ email: 'double@example.com' }));
      expect(first.status).toBe(303);
      expect(second.status).toBe(303);
      expect(accessTokenOf(second.location)).toBe(accessTokenOf(first.location));
      expect(second.location).not.toContain('existing=1');
      expect(await confirmedBookings('bp-twice')).toBe(1);
    });
  });

  describe('classes that cannot be booked', () => {
    /** A valid token and key from an open class's form, posted to another class: what a stale tab or a script would send. */
    const postAnyway = async (student: Browser, classId: string) => {
      const form = await student.openForm('/book/bp-show');
      return student.post(`/book/${classId}`, { ...form.hidden, ...guest({ email: 'late@example.com' }) });
    };

    const expectNoForm = (page: PageResponse) => {
      expect(postFormHtml(page.html)).toBeNull();
      expect(page.html).not.toMatch(/<form\b[^>]*method="post"/i);
      expect(hiddenValue(page.html, '_csrf')).toBeNull();
    };

    it('When a page is sent another method than its own (a PUT, a DELETE), then it answers 405 with a page saying so and the methods it takes, not the API\'s JSON', async () => {
      for (const [method, path, allowed] of [
        ['PUT', '/book/bp-book', 'GET, HEAD, POST'],
        ['DELETE', '/booking/some-token', 'GET, HEAD'],
      ] as const) {
        const answer = await request(app.url, path, { method, headers: { 'Accept-Language': 'en' } });
        expect([method, answer.status, answer.headers.allow, String(answer.headers['content-type'])]).toEqual([method, 405, allowed, 'text/html; charset=utf-8']);
        expect(textOf(answer.text)).toContain('This page cannot do that');
      }
    });

    it('a past class says it already took place and has no form, and is not offered (no "Book", no spots left); a POST anyway answers 409 and books nothing', async () => {
      const page = await browser().get('/book/bp-past');
      expect(page.status).toBe(200);
      expect(textOf(page.html)).toContain('This class has already started, so it can no longer be booked.');
      expect(textOf(page.html)).not.toMatch(/Book Salsa|Spots left/);
      expectNoForm(page);

      const posted = await postAnyway(browser(), 'bp-past');
      expect(posted.status).toBe(409);
      expect(posted.location).toBeUndefined();
      expect(textOf(posted.html)).toContain('This class has already started');
      expectNoForm(posted);
      expect(await confirmedBookings('bp-past')).toBe(0);
    });

    it('a cancelled class says the studio cancelled it and has no form; a POST anyway answers 409 and books nothing', async () => {
      const page = await browser().get('/book/bp-cancelled');
      expect(page.status).toBe(200);
      expect(textOf(page.html)).toContain('This class has been cancelled by the studio, so it cannot be booked.');
      expect(textOf(page.html)).not.toMatch(/Book Salsa|Spots left/);
      expectNoForm(page);

      const posted = await postAnyway(browser(), 'bp-cancelled');
      expect(posted.status).toBe(409);
      expect(textOf(posted.html)).toContain('cancelled by the studio');
      expectNoForm(posted);
      expect(await confirmedBookings('bp-cancelled')).toBe(0);
    });

    it('a full class says so and offers its waitlist instead of a seat; a booking form opened before it filled up answers 409 with that offer; the holder of the last seat still gets their booking', async () => {
      const late = browser();
      const staleForm = await late.openForm('/book/bp-full');
      expect(textOf(staleForm.page.html)).toContain('Spots left 1 of 1');

      const holder = await book(browser(), 'bp-full', guest({ email: 'first@example.com' }));

      const page = await browser().get('/book/bp-full');
      expect(page.status).toBe(200);
      expect(textOf(page.html)).toContain('This class is full. Join its waitlist');
      expect(textOf(page.html)).toContain('Spots left 0 of 1');
      expect(hiddenValue(page.html, 'intent')).toBe('waitlist');

      // The stale form asked for a seat, not a place in the queue: nothing is booked, and the waitlist is offered.
      const posted = await late.submit(staleForm, guest({ email: 'second@example.com' }));
      expect(posted.status).toBe(409);
      expect(textOf(posted.html)).toContain('This class is full. Join its waitlist');
      expect(hiddenValue(posted.html, 'intent')).toBe('waitlist');
      expect(await confirmedBookings('bp-full')).toBe(1);

      // The student who holds the seat submits again (another letter case): their booking, not "full".
      const returning = browser();
      const returningForm = await returning.openForm('/book/bp-show');
      const holderAgain = await returning.post('/book/bp-full', { ...returningForm.hidden, ...guest({ email: 'FIRST@example.com' }) });
      expect(holderAgain.status).toBe(303);
      expect(holderAgain.location).toBe(`/booking/${holder.token}?existing=1`);
      expect(await confirmedBookings('bp-full')).toBe(1);
    });

    /** The links of the page's "What you can do instead" block, as [href, text]. */
    const wayBackLinks = (page: PageResponse) => {
      const block = /<nav class="way-back"[\s\S]*?<\/nav>/.exec(page.html)?.[0] ?? '';
      return [...block.matchAll(/<a\b[^>]*>[\s\S]*?<\/a>/g)].map((match) => [attributesOf(startTags(match[0], 'a')[0] ?? '').href, textOf(match[0])]);
    };

    it("When a class cannot be booked, then its page is no dead end: it links to the studio's website", async () => {
      for (const classId of ['bp-past', 'bp-cancelled']) {
        const page = await browser().get(`/book/${classId}`);
        expect({ classId, links: wayBackLinks(page) }).toEqual({ classId, links: [['https://casadelson.example.com', "See Casa del Son's website"]] });
        expect(textOf(page.html)).toContain('What you can do instead');
      }
      // The same after a refused POST (409).
      const student = browser();
      const form = await student.openForm('/book/bp-show');
      const posted = await student.post('/book/bp-past', { ...form.hidden, ...guest({ email: 'late@example.com' }) });
      expect(posted.status).toBe(409);
      expect(wayBackLinks(posted)).toEqual([['https://casadelson.example.com', "See Casa del Son's website"]]);
    });

    it("When an address names a weekly class but none of its dates, then the class's own id leads to its next date, and a date it holds no class on is a 404 that offers that next date and the studio's website", async () => {
      // At NOW (1 March, 10:00) the class's 20:00 date that day is the next that can be booked (its seat is taken by a later test).
      const series = await browser().get('/book/bp-weekly?lang=es');
      expect([series.status, series.location]).toEqual([302, '/book/bp-weekly-20270301?lang=es']);
      // 8 March is a holiday of the series (except): no class, but no dead end either.
      const holiday = await browser().get('/book/bp-weekly-20270308');
      expect(holiday.status).toBe(404);
      expect(textOf(holiday.html)).toContain('We could not find this booking page.');
      expect(textOf(holiday.html)).toContain('Casa del Son');
      expect(wayBackLinks(holiday)).toEqual([
        ['/book/bp-weekly-20270301', 'Book the next one: Monday, March 1, 2027, 20:00–21:00'],
        ['https://casadelson.example.com', "See Casa del Son's website"],
      ]);
      // An id that names no series of any studio is the plain 404.
      const unknown = await browser().get('/book/bp-weeklyx-20270308');
      expect([unknown.status, wayBackLinks(unknown)]).toEqual([404, []]);
    });

    it('When a date of a weekly class has passed or is full, then the page offers the next date of that class that can be booked', async () => {
      // At NOW (1 March, 10:00) 22 February has passed; 1 March is full (its one seat taken here); 8 March is skipped; 15 March is open.
      await insertConfirmedClassBooking(app.server.store.db, { id: 'bp-weekly-seat', studioId: STUDIO, classId: 'bp-weekly-20270301' });
      for (const classId of ['bp-weekly-20270222', 'bp-weekly-20270301']) {
        const page = await browser().get(`/book/${classId}`);
        expect({ classId, links: wayBackLinks(page) }).toEqual({
          classId,
          links: [
            ['/book/bp-weekly-20270315', 'Book the next one: Monday, March 15, 2027, 20:00–21:00'],
            ['https://casadelson.example.com', "See Casa del Son's website"],
          ],
        });
      }
      const spanish = await browser().get('/book/bp-weekly-20270301?lang=es');
      expect(wayBackLinks(spanish)[0]?.[1]).toBe('Reservar la siguiente: lunes, 15 de marzo de 2027, 20:00–21:00');
      // The last date is open: its page has the form, and no such block.
      expect(wayBackLinks(await browser().get('/book/bp-weekly-20270322'))).toEqual([]);
    });

    it("When a studio without a website has a class that cannot be booked, then the page offers the studio's next class, its phone and WhatsApp", async () => {
      await app.importDocument(
        {
          studio: {
            id: 'bp-nosite',
            name: 'Sin Web',
            country: 'ES',
            defaultCurrency: 'EUR',
            timezone: 'Europe/Madrid',
            phone: '+34 911 22 33 44',
            whatsappEnabled: true,
            whatsappPhone: '+34 600 55 66 77',
            locales: ['en'],
          },
          danceTypes: [{ name: 'Kizomba' }],
          classes: [
            { id: 'bp-nosite-off', name: 'Kizomba Night', danceType: null, level: 'All levels', date: '2027-03-05', startTime: '21:00', endTime: '23:00', cancelled: true },
            { id: 'bp-nosite-next', name: 'Kizomba Basics', danceType: 'Kizomba', level: 'Beginner', date: '2027-03-09', startTime: '19:00', endTime: '20:00' },
          ],
        },
        NOW,
      );
      const page = await browser().get('/book/bp-nosite-off');
      expect(wayBackLinks(page)).toEqual([
        ['/book/bp-nosite-next', "Book the studio's next class: Kizomba Basics, Tuesday, March 9, 2027, 19:00–20:00"],
        ['tel:+34911223344', 'Call the studio: +34 911 22 33 44'],
        ['https://wa.me/34600556677', 'Write to the studio on WhatsApp: +34 600 55 66 77'],
      ]);
      // An open class has no such block.
      expect(wayBackLinks(await browser().get('/book/bp-nosite-next'))).toEqual([]);
    });

    it('an unknown class id is a friendly 404 HTML page (not JSON) without a stack trace', async () => {
      for (const path of ['/book/bp-no-such-class', '/book/%3Cscript%3Ealert(1)%3C%2Fscript%3E', `/book/${'x'.repeat(300)}`, '/booking/not-a-real-booking-token']) {
        const page = await browser().get(path);
        expect(page.status).toBe(404);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        const text = textOf(page.html);
        expect(text).toContain('Page not found');
        expect(text).toContain('We could not find this booking page.');
        expect(page.html).not.toMatch(/NotFoundError|\bat \S+ \(|node_modules|\/src\/|\.ts:\d+|"status"\s*:/);
        expect(page.html).not.toContain('<script>alert(1)');
        expect(postFormHtml(page.html)).toBeNull();
      }
      const spanish = await browser({ 'Accept-Language': 'es' }).get('/book/bp-no-such-class');
      expect(spanish.status).toBe(404);
      expect(textOf(spanish.html)).toContain('Página no encontrada');
    });
  });

  describe('validation', () => {
    it('empty and invalid fields answer 422 with the form again: what the student typed kept (escaped), each error tied to its field, a summary linking to them', async () => {
      const student = browser();
      const form = await student.openForm('/book/bp-form');
      const typed = { firstName: '  Zoë & "Co" <b>  ', lastName: '', email: 'not an email', phone: 'call me maybe' };
      const page = await student.submit(form, typed);
      expect(page.status).toBe(422);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(attributesOf(startTags(postFormHtml(page.html) ?? '', 'form')[0] ?? '').action).toBe('/book/bp-form');

      const input = (id: string) => attributesOf(elementById(page.html, id) ?? '');
      expect(input('firstName').value).toBe(typed.firstName);
      expect(page.html).toContain('value="  Zoë &amp; &quot;Co&quot; &lt;b&gt;  "');
      expect(input('email').value).toBe('not an email');
      expect(input('phone').value).toBe('call me maybe');
      expect(input('terms')).not.toHaveProperty('checked');
      expect(input('firstName')).not.toHaveProperty('aria-invalid');

      expect(errorTiedTo(page.html, 'lastName')).toBe('This field is required.');
      expect(errorTiedTo(page.html, 'email')).toBe('Enter an email address such as name@example.com.');
      expect(errorTiedTo(page.html, 'phone')).toBe('Enter a phone number using digits, spaces and + ( ) - . /');
      expect(errorTiedTo(page.html, 'terms')).toBe(
        'To book, you need to agree that the studio may contact you about this booking. ' +
          'Casa del Son receives your name, email and phone (if you give it) to keep your place and to contact you about this booking.',
      );
      expect(errorTiedTo(page.html, 'firstName')).toBeNull();

      const summary = elementById(page.html, 'error-summary') as string;
      expect(summary).not.toBeNull();
      expect(attributesOf(/^<[^>]*>/.exec(summary)?.[0] ?? '').role).toBe('alert');
      expect(textOf(summary)).toContain('Please correct the following:');
      const links = startTags(summary, 'a').map((anchor) => attributesOf(anchor).href);
      expect(links.sort()).toEqual(['#email', '#lastName', '#phone', '#terms']);
      for (const link of links) expect(elementById(page.html, (link as string).slice(1))).not.toBeNull();

      // The form keeps its key, so fixing the errors and submitting books once.
      expect(hiddenValue(page.html, 'idempotencyKey')).toBe(form.idempotencyKey);
      expect(unlabelledControls(page.html)).toEqual([]);
      expect(await confirmedBookings('bp-form')).toBe(0);

      const overlong = await student.fillIn('/book/bp-form', guest({ firstName: 'x'.repeat(101), email: `${'a'.repeat(250)}@example.com` }));
      expect(overlong.status).toBe(422);
      expect(errorTiedTo(overlong.html, 'firstName')).toBe('This is too long.');
      expect(errorTiedTo(overlong.html, 'email')).toBe('This is too long.');

      const repeated = await student.fillIn('/book/bp-form', { ...guest(), firstName: ['Ana', 'Eva'] });
      expect(repeated.status).toBe(422);
      expect(errorTiedTo(repeated.html, 'firstName')).toBe('Remove the special characters.');
      expect(await confirmedBookings('bp-form')).toBe(0);
    });

    it('When a student who chose ?lang=en on a Spanish browser gets the validation errors in English', async () => {
      // routes.ts formFor(): formAction is req.originalUrl without its query, so the POST is negotiated
      // from Accept-Language and the studio default only; the re-render (and the booking's locale) flip to es.
      const student = new Browser(app.url, { 'Accept-Language': 'es' });
      const form = await student.openForm('/book/bp-lang?lang=en');
      expect(textOf(form.page.html)).toContain('First name');
      const invalid = await student.submit(form, guest({ email: '' }));
      expect(invalid.status).toBe(422);
      expect(invalid.html).toMatch(/<html lang="en">/);
      expect(errorTiedTo(invalid.html, 'email')).toBe('This field is required.');
    });
  });

  describe('hostile input', () => {
    it.each([
      ['a script tag', SCRIPT],
      ['an attribute break-out with an image handler', BREAKOUT],
    ])('a first name with %s is shown escaped on the 422 re-render', async (_label, name) => {
      const page = await browser().fillIn('/book/bp-hostile-guest', guest({ firstName: name, lastName: name, email: 'nope' }));
      expect(page.status).toBe(422);
      expectNoRawMarkup(page.html);
      expect(attributesOf(elementById(page.html, 'firstName') ?? '').value).toBe(name);
      expect(attributesOf(elementById(page.html, 'lastName') ?? '').value).toBe(name);
    });

    it.each([
      ['a script tag', SCRIPT, 'script@example.com'],
      ['an attribute break-out with an image handler', BREAKOUT, 'breakout@example.com'],
    ])('a first name with %s is shown escaped on the confirmation page', async (_label, name, email) => {
      const { confirmation } = await book(browser(), 'bp-hostile-guest', guest({ firstName: name, lastName: name, email }));
      expectNoRawMarkup(confirmation.html);
      expect(textOf(confirmation.html)).toContain(`Thank you, ${name}. Your booking is confirmed.`);
    });

    it("HTML in the studio's class name, description, level, room, dance type and names is shown as text", async () => {
      const page = await browser().get('/book/bp-evil-class');
      expect(page.status).toBe(200);
      expectNoRawMarkup(page.html);
      expect(page.html).not.toContain('href="javascript:');
      const text = textOf(page.html);
      expect(text).toContain(`Book <b>Bold</b> ${SCRIPT}`);
      expect(text).toContain('<img src=x onerror=alert(1)> <a href="javascript:alert(1)">click</a>');
      expect(text).toContain(`Level <em>lvl</em>${BREAKOUT}`);
      expect(text).toContain(`Room ${BREAKOUT}`);
      expect(text).toContain(`Evil <b>Studio</b> ${SCRIPT}`);
      expect(text).toContain(`Instructor Eve ${SCRIPT} ${BREAKOUT}`);

      const { confirmation } = await book(browser(), 'bp-evil-class', guest({ email: 'brave@example.com' }));
      expectNoRawMarkup(confirmation.html);
      expect(textOf(confirmation.html)).toContain(`What <b>Bold</b> ${SCRIPT}`);
    });

    it('When a stored studio website is not an http(s) address, then it is not rendered as a link', async () => {
      const page = await browser().get('/book/bp-js-class');
      expect(page.status).toBe(200);
      expect(textOf(page.html)).toContain('Link Studio');
      expect(page.html).not.toMatch(/href="\s*javascript:/i);
    });
  });

  describe('CSRF', () => {
    it('a POST without the token gets 403, a friendly page, and books nothing', async () => {
      const student = browser();
      const form = await student.openForm('/book/bp-csrf');
      const { _csrf: _dropped, ...withoutToken } = form.hidden;
      const page = await student.post(form.action, { ...withoutToken, ...guest() });
      expect(page.status).toBe(403);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(textOf(page.html)).toContain('This form has expired');
      expect(page.html).not.toMatch(/EBADCSRFTOKEN|ForbiddenError|\bat \S+ \(/);

      const emptyToken = await student.post(form.action, { ...form.hidden, _csrf: '', ...guest() });
      expect(emptyToken.status).toBe(403);
      expect(await confirmedBookings('bp-csrf')).toBe(0);
    });

    it("a token taken from another browser's page gets 403 and books nothing (and so does a POST with no cookies at all)", async () => {
      const student = browser();
      const form = await student.openForm('/book/bp-csrf');
      const attacker = browser();
      const attackerForm = await attacker.openForm('/book/bp-csrf');
      expect(attackerForm.csrf).not.toBe(form.csrf);

      // The victim's cookies with the attacker's token, and the attacker's cookies with the victim's token.
      expect((await student.submit(form, { ...guest(), _csrf: attackerForm.csrf })).status).toBe(403);
      expect((await attacker.submit(attackerForm, { ...guest(), _csrf: form.csrf })).status).toBe(403);

      const cookieless = new Browser(app.url, EN);
      expect((await cookieless.post('/book/bp-csrf', { ...form.hidden, ...guest() })).status).toBe(403);
      expect(await confirmedBookings('bp-csrf')).toBe(0);

      // The right pair still works.
      expect((await student.submit(form, guest())).status).toBe(303);
      expect(await confirmedBookings('bp-csrf')).toBe(1);
    });

    it('the CSRF and visitor cookies are HttpOnly, and sent inside the booking dialog of the studio website: SameSite=None, Secure, Partitioned (a checkout on this machine is a secure context)', async () => {
      const page = await browser().get('/book/bp-show');
      const cookies = (page.headers['set-cookie'] ?? []) as string[];
      expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(['sd_csrf', 'sd_visitor']);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=None/i);
        expect(cookie).toMatch(/;\s*Secure/i);
        expect(cookie).toMatch(/;\s*Partitioned/i);
      }
    });

    it('the cookies of an http checkout that is not this machine stay SameSite=Lax (a browser takes no Secure cookie from it)', () => {
      expect(pageCookieOptions('http://booking.example.com')).toEqual({ sameSite: 'lax', secure: false });
      expect(pageCookieOptions('https://booking.example.com')).toEqual({ sameSite: 'none', secure: true, partitioned: true });
    });
  });

  describe('security headers', () => {
    it("every page has a CSP with default-src 'self' and script-src 'self' (no 'unsafe-inline'), frame-ancestors the studio's website or 'none', nosniff, and no inline script or style", async () => {
      const student = browser();
      const { posted, confirmation } = await book(student, 'bp-headers');
      const invalid = await student.fillIn('/book/bp-form', { firstName: '' });
      const pages: [string, PageResponse][] = [
        ['class page', await student.get('/book/bp-show')],
        ['event page', await student.get('/book/bp-social')],
        ['full/past page', await student.get('/book/bp-past')],
        ['422 re-render', invalid],
        ['303 redirect', posted],
        ['confirmation', confirmation],
        ['404 page', await student.get('/book/nope')],
        ['403 page', await student.post('/book/bp-show', guest())],
      ];
      for (const [name, page] of pages) {
        const csp = cspDirectives(page.headers['content-security-policy']);
        expect({ name, defaultSrc: csp['default-src'] }).toEqual({ name, defaultSrc: ["'self'"] });
        expect({ name, scriptSrc: csp['script-src'] }).toEqual({ name, scriptSrc: ["'self'"] });
        // A studio's page may be framed by the studio's own website only (its booking dialog), the expired form's 403 too; a page of no studio, by nothing.
        const framedBy = name === '404 page' ? ["'none'"] : ['https://casadelson.example.com'];
        expect({ name, frameAncestors: csp['frame-ancestors'] }).toEqual({ name, frameAncestors: framedBy });
        expect({ name, xFrameOptions: page.headers['x-frame-options'] }).toEqual({ name, xFrameOptions: framedBy[0] === "'none'" ? 'SAMEORIGIN' : undefined });
        expect(String(page.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval/);
        expect({ name, nosniff: page.headers['x-content-type-options'] }).toEqual({ name, nosniff: 'nosniff' });
        expect({ name, inline: inlineCodeIn(page.html) }).toEqual({ name, inline: [] });
        expect(page.html).not.toMatch(/\sstyle\s*=/i);
      }
    });
  });

  describe('rate limit', () => {
    it('with BOOKING_RATE_LIMIT=3 the 4th booking POST from the same IP gets 429 with a friendly page and Retry-After, and books nothing', async () => {
      const limited = await startTestServer(target, { documents: [pagesStudio()], now: () => NOW, env: { BOOKING_RATE_LIMIT: '3' } });
      try {
        const student = new Browser(limited.url, EN);
        const form = await student.openForm('/book/bp-limit');
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          const page = await student.submit(form, guest({ email: '' }));
          expect({ attempt, status: page.status }).toEqual({ attempt, status: 422 });
        }
        // Reading pages is not limited.
        expect((await student.get('/book/bp-limit')).status).toBe(200);

        const fourth = await student.submit(form, guest({ email: 'fourth@example.com' }));
        expect(fourth.status).toBe(429);
        expect(fourth.headers['content-type']).toBe('text/html; charset=utf-8');
        const retryAfter = Number(fourth.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(600);
        expect(textOf(fourth.html)).toContain('Too many attempts');
        expect(textOf(fourth.html)).toContain('Please wait a few minutes and try again.');
        expect(inlineCodeIn(fourth.html)).toEqual([]);
        expect(cspDirectives(fourth.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);

        // Another browser on the same IP is limited too.
        const other = new Browser(limited.url, EN);
        expect((await other.post('/book/bp-limit', guest())).status).toBe(429);
        const rows = await limited.server.store.db
          .selectFrom('bookings')
          .select(sql<number | string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(rows.n)).toBe(0);
      } finally {
        await limited.stop();
      }
    });
  });
});
