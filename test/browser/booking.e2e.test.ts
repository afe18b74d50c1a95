import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { createBookingStore } from '../../server/src/data/booking-store';
import { classAdmission } from '../../server/src/domain/booking/class-bookability';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { axeViolations, BROWSER_TEST_TIMEOUT_MS, describeWithBrowser, formatViolations, launchBrowser, offlineContext, watchPageProblems } from '../support/browser';
import { databaseTargets } from '../support/databases';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The hosted booking pages in a real browser (Debian's Chromium): a student books a class and a
 * private lesson end to end, with the keyboard only, with and without JavaScript, on a phone-sized
 * screen, and axe-core finds no accessibility violation on any page.
 *
 * The server's clock is fixed at Monday 1 March 2027, 08:00 in Madrid, and the studio below is the
 * test's own, so every date, slot and "past" class is the same on every run.
 */

jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);

const NOW = Date.parse('2027-03-01T07:00:00.000Z');
/** Set to a folder (outside the repository) to keep mobile screenshots of the pages. */
const SCREENSHOTS_DIR = process.env.BROWSER_SCREENSHOTS_DIR;

const STUDIO_NAME = 'Estudio Compás';

const studioDocument = {
  studio: {
    id: 'browser-compas',
    name: STUDIO_NAME,
    country: 'ES',
    address: 'Calle de Atocha 34, 28012 Madrid',
    unit: '1º B',
    description: { es: 'Escuela de baile social', en: 'Social dance school' },
    logo: 'https://images.example.com/compas/logo.png',
    defaultCurrency: 'EUR',
    website: 'https://compas.example.com',
    timezone: 'Europe/Madrid',
    locales: ['es', 'en'],
  },
  danceTypes: [{ name: 'Salsa' }, { name: 'Bachata' }],
  people: [
    {
      id: 'browser-lucia',
      name: 'Lucía',
      lastname: 'Torres',
      image: 'https://images.example.com/compas/lucia.jpg',
      bio: { es: 'Bailarina y profesora de salsa desde 2010.', en: 'Salsa dancer and teacher since 2010.' },
      roles: ['INSTRUCTOR'],
    },
    { id: 'browser-pablo', name: 'Pablo', lastname: 'Ibáñez', roles: ['INSTRUCTOR'] },
    { id: 'browser-nora', name: 'Nora', lastname: 'Llena', roles: ['INSTRUCTOR'] },
  ],
  classes: [
    {
      id: 'browser-open',
      name: 'Salsa Beginners',
      danceType: 'Salsa',
      level: 'Beginner',
      room: 'Sala A',
      date: '2027-03-08',
      startTime: '19:00',
      endTime: '20:00',
      price: 12,
      capacity: 20,
      description: { es: 'Desde cero.', en: 'From scratch: basic step, timing and your first turns.' },
      instructorId: 'browser-pablo',
    },
    { id: 'browser-full', name: 'Bachata Improvers', danceType: 'Bachata', level: 'Improver', date: '2027-03-09', startTime: '20:00', endTime: '21:00', price: 12, capacity: 0 },
    { id: 'browser-past', name: 'Salsa Last Week', danceType: 'Salsa', level: 'Beginner', date: '2027-02-22', startTime: '19:00', endTime: '20:00', price: 12, capacity: 20 },
    { id: 'browser-cancelled', name: 'Salsa Cancelled', danceType: 'Salsa', level: 'Beginner', date: '2027-03-10', startTime: '19:00', endTime: '20:00', cancelled: true },
    // Nora teaches every Tuesday morning: her one private lesson window is never free.
    { id: 'browser-nora-class', name: 'Tuesday Technique', danceType: 'Salsa', level: 'Advanced', weekly: { dayOfWeek: 'tuesday', startTime: '10:00', endTime: '11:00', from: '2027-03-02', until: '2027-04-27' }, instructorId: 'browser-nora' },
    { id: 'browser-social', name: 'Saturday Social', danceType: null, level: 'All levels', room: 'Main hall', date: '2027-03-13', startTime: '22:00', endTime: '02:00', price: 8, capacity: 100, instructorId: 'browser-pablo' },
  ],
  privateLessons: {
    instructors: [
      {
        personId: 'browser-nora',
        availability: [{ id: 'browser-nora-tue', dayOfWeek: 2, startTime: '10:00', endTime: '11:00' }],
        pricing: [{ id: 'browser-nora-60', durationMins: 60, price: 50, currency: 'EUR' }],
      },
      {
        personId: 'browser-lucia',
        availability: [
          { id: 'browser-lucia-mon', dayOfWeek: 1, startTime: '10:00', endTime: '12:00' },
          { id: 'browser-lucia-wed', dayOfWeek: 3, startTime: '10:00', endTime: '12:00' },
        ],
        pricing: [
          { id: 'browser-45', durationMins: 45, price: 40, currency: 'EUR' },
          { id: 'browser-60', durationMins: 60, price: 55, currency: 'EUR' },
        ],
      },
    ],
    questions: [
      {
        id: 'q-level',
        label: { en: 'What is your level?', es: '¿Cuál es tu nivel?' },
        type: 'DROPDOWN',
        required: true,
        options: [
          { value: 'never', label: { en: 'I have never danced' } },
          { value: 'beginner', label: { en: 'Beginner' } },
        ],
      },
      { id: 'q-goal', label: { en: 'What would you like to achieve?' }, type: 'FREEFORM', required: false, options: null },
    ],
  },
};

/**
 * Another studio, whose booking forms link its terms and privacy notice next to the consent box
 * (Estudio Compás published neither), and which keeps no waitlist: its full class offers none.
 */
const linkedStudioDocument = {
  studio: {
    id: 'browser-clave',
    name: 'Sala Clave',
    country: 'ES',
    defaultCurrency: 'EUR',
    timezone: 'Europe/Madrid',
    locales: ['es', 'en'],
    policies: { termsUrl: 'https://clave.example.com/terms', privacyUrl: 'https://clave.example.com/privacy', waitlist: false },
  },
  danceTypes: [{ name: 'Salsa' }],
  classes: [
    { id: 'browser-clave-open', name: 'Salsa Footwork', danceType: 'Salsa', level: 'All levels', date: '2027-03-08', startTime: '20:00', endTime: '21:00', price: 10, capacity: 12 },
    { id: 'browser-clave-full', name: 'Salsa Shines', danceType: 'Salsa', level: 'All levels', date: '2027-03-09', startTime: '20:00', endTime: '21:00', price: 10, capacity: 0 },
  ],
};

/**
 * A third studio, for the pages after booking: it publishes how to reach it (phone, WhatsApp, email,
 * website), keeps a waitlist (cancellable until 2 hours before), and Teo gives private lessons on
 * Sunday nights, the night the clocks go back (2027-10-31) included.
 */
const ritmoStudioDocument = {
  studio: {
    id: 'browser-ritmo',
    name: 'Ritmo Norte',
    country: 'ES',
    address: 'Calle Mayor 5, 28013 Madrid',
    phone: '+34 600 123 456',
    whatsappEnabled: true,
    whatsappPhone: '+34 600 123 457',
    website: 'https://ritmo.example.com',
    defaultCurrency: 'EUR',
    timezone: 'Europe/Madrid',
    locales: ['es', 'en'],
    notifications: { email: 'hola@ritmo.example.com' },
  },
  danceTypes: [{ name: 'Salsa' }],
  people: [{ id: 'browser-teo', name: 'Teo', lastname: 'Noche', roles: ['INSTRUCTOR'] }],
  classes: [
    // 90 minutes after NOW: bookable, but past the cutoff for cancelling and for the waitlist.
    { id: 'browser-ritmo-soon', name: 'Morning Salsa', danceType: 'Salsa', level: 'All levels', date: '2027-03-01', startTime: '09:30', endTime: '10:30', price: 10, capacity: 10 },
    { id: 'browser-ritmo-soon-full', name: 'Morning Footwork', danceType: 'Salsa', level: 'All levels', date: '2027-03-01', startTime: '09:30', endTime: '10:30', price: 10, capacity: 0 },
    { id: 'browser-ritmo-week', name: 'Salsa Improvers', danceType: 'Salsa', level: 'Improver', room: 'Sala 2', date: '2027-03-08', startTime: '19:00', endTime: '20:00', price: 10, capacity: 10 },
    { id: 'browser-ritmo-queue', name: 'Salsa Masterclass', danceType: 'Salsa', level: 'Advanced', date: '2027-03-08', startTime: '20:00', endTime: '21:00', price: 15, capacity: 0 },
  ],
  privateLessons: {
    instructors: [
      {
        personId: 'browser-teo',
        availability: [{ id: 'browser-teo-sun', dayOfWeek: 0, startTime: '01:00', endTime: '04:00' }],
        pricing: [{ id: 'browser-teo-60', durationMins: 60, price: 30, currency: 'EUR' }],
      },
    ],
  },
};

const CLASS_PATH = '/book/browser-open';
const LINKED_CLASS_PATH = '/book/browser-clave-open';
const PRIVATE_PATH = '/en/book/private-lesson/browser-lucia';

interface FocusInfo {
  selector: string;
  focusVisible: boolean;
  outline: string;
  onScreen: boolean;
}

/** Where the keyboard focus is, as `tag#id`, `tag.class` or `tag[href]`, and how it is drawn. */
function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const g = globalThis as any;
    const element = g.document.activeElement;
    if (!element || element === g.document.body) return { selector: 'body', focusVisible: false, outline: 'none', onScreen: false };
    const tag = element.tagName.toLowerCase();
    const selector = element.id
      ? `${tag}#${element.id}`
      : element.classList.length
        ? `${tag}.${[...element.classList].join('.')}`
        : element.getAttribute('href')
          ? `${tag}[href="${element.getAttribute('href')}"]`
          : `${tag}[type="${element.getAttribute('type')}"]`;
    const style = g.getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      selector,
      focusVisible: element.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      onScreen: box.width > 0 && box.height > 0 && box.left >= 0 && box.top >= 0 && box.right <= g.innerWidth,
    };
  });
}

const activeId = (page: Page) => page.evaluate(() => String((globalThis as any).document.activeElement?.id ?? ''));
const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as any).document.documentElement;
    return { scrollWidth: root.scrollWidth as number, clientWidth: root.clientWidth as number };
  });

/** Submits the form whose button is named `button` and returns the answer the page then shows (a re-rendered form, an error page). */
async function submitWith(page: Page, button: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.request().method() === 'POST' && candidate.request().isNavigationRequest()),
    page.getByRole('button', { name: button }).click(),
  ]);
  await page.waitForLoadState('load');
  return response;
}

async function fillGuest(page: Page, guest: { firstName: string; lastName: string; email: string; phone?: string }): Promise<void> {
  await page.getByLabel('First name', { exact: true }).fill(guest.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(guest.lastName);
  await page.getByLabel('Email', { exact: true }).fill(guest.email);
  if (guest.phone) await page.getByLabel('Phone (optional)', { exact: true }).fill(guest.phone);
  await page.getByRole('checkbox', { name: /^I agree/ }).check();
}

/** The error summary's links and, for each, the field it points at. */
function errorSummary(page: Page) {
  return page.evaluate(() => {
    const g = globalThis as any;
    const summary = g.document.getElementById('error-summary');
    if (!summary) return null;
    const links = [...summary.querySelectorAll('a')].map((link: any) => {
      const id = decodeURIComponent(link.getAttribute('href').slice(1));
      const field = g.document.getElementById(id);
      const describedBy: string[] | null = field?.getAttribute('aria-describedby')?.split(/\s+/) ?? null;
      return {
        href: link.getAttribute('href') as string,
        fieldTag: field ? (field.tagName.toLowerCase() as string) : null,
        ariaInvalid: (field?.getAttribute('aria-invalid') ?? null) as string | null,
        describedByText: describedBy ? describedBy.map((describedId) => (g.document.getElementById(describedId)?.textContent ?? '').trim()).join(' | ') : null,
      };
    });
    return { role: summary.getAttribute('role') as string, visible: summary.getBoundingClientRect().height > 0, links };
  });
}

describeWithBrowser()('hosted booking pages in a browser', () => {
  let browser: Browser;
  let server: TestServer;
  let base: string;
  let context: BrowserContext;
  const pageProblems: string[] = [];
  let pagesWatched = 0;
  const timings: string[] = [];
  let startedAt = 0;
  /** The server's clock: NOW, moved only inside `atServerTime`. */
  let serverNow = NOW;

  const newPage = async (ctx: BrowserContext = context) => {
    const page = await ctx.newPage();
    pagesWatched++;
    watchPageProblems(page, pageProblems);
    return page;
  };

  beforeAll(async () => {
    startedAt = Date.now();
    const sqlite = databaseTargets().find((target) => target.name === 'sqlite');
    if (!sqlite) throw new Error('the SQLite target is missing');
    // Both are started at once; whichever did start is kept, so afterAll closes it even if the other failed.
    const [launched, started] = await Promise.allSettled([launchBrowser(), startTestServer(sqlite, { now: () => serverNow })]);
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'rejected') throw launched.reason;
    if (started.status === 'rejected') throw started.reason;
    await server.importDocument(studioDocument, NOW);
    await server.importDocument(linkedStudioDocument, NOW);
    await server.importDocument(ritmoStudioDocument, NOW);
    await server.server.stamps.refresh();
    base = server.url;
    context = await offlineContext(browser, { now: NOW });
    timings.push(`setup ${Date.now() - startedAt} ms`);
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    timings.push(`total ${Date.now() - startedAt} ms`);
    if (process.env.BROWSER_TEST_TIMINGS) process.stderr.write(`browser tests: ${timings.join(', ')}\n`);
  });

  describe('booking a class', () => {
    it('When a student fills in the class form by its labels and agrees, then the confirmation shows the reference and a calendar file in the studio zone', async () => {
      const page = await newPage();
      const opened = await page.goto(base + CLASS_PATH);
      expect(opened?.status()).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Book Salsa Beginners');
      expect(await page.locator('dl.details').textContent()).toContain('20 of 20');

      await fillGuest(page, { firstName: 'Lucía', lastName: 'Pérez García', email: 'lucia.perez@example.es', phone: '+34 600 12 34 56' });
      await Promise.all([page.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), page.getByRole('button', { name: 'Book now' }).click()]);

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Booking confirmed');
      expect(await page.getByText('Thank you, Lucía. Your booking is confirmed.').isVisible()).toBe(true);
      const reference = (await page.locator('.reference').textContent())?.trim() ?? '';
      expect(reference).toMatch(/^SD-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      const details = await page.locator('dl.details').textContent();
      expect(details).toContain('Monday, 8 March 2027, 19:00–20:00');
      expect(details).toContain('€12.00');

      const calendarLink = page.getByRole('link', { name: 'Add to calendar (.ics)' });
      const href = await calendarLink.getAttribute('href');
      expect(href).toMatch(/^\/booking\/[A-Za-z0-9_-]{43}\/booking\.ics$/);
      const calendar = await context.request.get(new URL(href as string, page.url()).href);
      expect(calendar.status()).toBe(200);
      expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
      const ics = await calendar.text();
      expect(ics).toContain('DTSTART;TZID=Europe/Madrid:20270308T190000');
      expect(ics).toContain('DTEND;TZID=Europe/Madrid:20270308T200000');
      expect(ics).toContain(reference);

      // The seat is taken: the class page now shows one spot less.
      await page.goto(base + CLASS_PATH);
      expect(await page.locator('dl.details').textContent()).toContain('19 of 20');
      await page.close();
    });
  });

  describe('the consent box', () => {
    it("When a student follows the studio's terms link next to the box, then the terms open in a new tab: the form keeps what was typed and the box is not ticked by the click", async () => {
      const page = await newPage();
      await page.goto(base + LINKED_CLASS_PATH);
      const box = page.getByRole('checkbox', { name: "I agree to Sala Clave's terms and to being contacted about this booking." });
      // The explanation and the links describe the box; they are not part of its name.
      expect(await page.locator('#terms').getAttribute('aria-describedby')).toBe('terms-about');
      expect(await page.locator('#terms-about').textContent()).toBe(
        "Sala Clave receives your name, email and phone (if you give it) to keep your place and to contact you about this booking. Read Sala Clave's terms and privacy notice (they open in a new tab).",
      );
      await page.getByLabel('First name', { exact: true }).fill('Irene');
      // The studio's site, as this offline browser sees it: a page of its own, and what the browser sent it.
      const sent: Record<string, string>[] = [];
      const studioSite = 'https://clave.example.com/**';
      await context.route(studioSite, (route) => {
        sent.push(route.request().headers());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Terms</title><h1>Terms</h1>' });
      });
      try {
        const [opened] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'terms', exact: true }).click()]);
        await opened.waitForLoadState('load');
        expect(opened.url()).toBe('https://clave.example.com/terms');
        // Nothing of the booking page reaches the studio's site: neither a Referer nor window.opener.
        expect(sent.map((headers) => headers.referer ?? null)).toEqual([null]);
        expect(await opened.evaluate(() => (globalThis as any).opener)).toBeNull();
        await opened.close();
      } finally {
        await context.unroute(studioSite);
      }
      expect(page.url()).toBe(base + LINKED_CLASS_PATH);
      expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Irene');
      expect(await box.isChecked()).toBe(false);
      // The label still ticks the box, and the keyboard reaches the links after it.
      await page.getByText("I agree to Sala Clave's terms", { exact: false }).click();
      expect(await box.isChecked()).toBe(true);
      await box.focus();
      await page.keyboard.press('Tab');
      expect((await focusInfo(page)).selector).toBe('a[href="https://clave.example.com/terms"]');
      await page.keyboard.press('Tab');
      expect((await focusInfo(page)).selector).toBe('a[href="https://clave.example.com/privacy"]');
      await page.close();
    });
  });

  describe('booking a private lesson', () => {
    it('When a student picks a duration and a date, then that day\u2019s free times come in place: nothing reloads, what was typed stays, the focus stays', async () => {
      const page = await newPage();
      expect((await page.goto(base + PRIVATE_PATH))?.status()).toBe(200);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });
      // The script removes the button it replaces.
      expect(await page.getByRole('button', { name: 'Show available times' }).count()).toBe(0);
      await page.getByLabel('First name', { exact: true }).fill('Carla');
      await page.getByLabel('What would you like to achieve? (optional)').fill('Confidence on the dance floor');

      await page.getByLabel('Duration and price').focus();
      await page.getByLabel('Duration and price').selectOption('browser-60');
      await page.getByLabel('Date', { exact: true }).focus();
      await page.getByLabel('Date', { exact: true }).selectOption('2027-03-03');
      await page.waitForFunction(() => (globalThis as any).document.querySelector('fieldset.slots legend')?.textContent.includes('Wednesday, 3 March 2027'));
      expect(await page.locator('.slot-time').allTextContents()).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
      expect(await activeId(page)).toBe('date-choice');
      expect(await page.getByLabel('Duration and price').inputValue()).toBe('browser-60');
      expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Carla');
      expect(await page.getByLabel('What would you like to achieve? (optional)').inputValue()).toBe('Confidence on the dance floor');
      // Screen readers hear the new times' heading.
      expect(await page.locator('#slot-status').textContent()).toContain('Start time · Wednesday, 3 March 2027');
      expect(navigations).toEqual([]);
      await page.close();
    });

    it('When a keyboard user walks through the dates with the arrow keys, then the page does not reload on each key and shows the times of the date they stop on', async () => {
      const page = await newPage();
      await page.goto(`${base}${PRIVATE_PATH}?pricing=browser-45&date=2027-03-01`);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });
      let timeRequests = 0;
      page.on('request', (request) => {
        if (request.url().includes('/book/private-lesson/') && request.method() === 'GET') timeRequests++;
      });
      await page.getByLabel('First name', { exact: true }).fill('Jon');
      await page.getByLabel('Date', { exact: true }).focus();
      for (let key = 0; key < 3; key++) await page.keyboard.press('ArrowDown');
      const chosen = await page.getByLabel('Date', { exact: true }).inputValue();
      expect(chosen).toBe('2027-03-10');
      await page.waitForFunction(() => (globalThis as any).document.querySelector('fieldset.slots legend')?.textContent.includes('Wednesday, 10 March 2027'));
      expect(navigations).toEqual([]);
      expect(timeRequests).toBe(1);
      expect(await activeId(page)).toBe('date-choice');
      expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Jon');
      await page.close();
    });

    it('When a student books a private lesson choosing the time with the keyboard, then the confirmation shows the lesson', async () => {
      const page = await newPage();
      await page.goto(`${base}${PRIVATE_PATH}?pricing=browser-60&date=2027-03-03`);
      await page.getByLabel('Date', { exact: true }).focus();

      // Tab from the date goes straight into the radio group (the script removed the button it replaces)...
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (globalThis as any).document.activeElement.value)).toBe('2027-03-03T09:00:00.000Z');
      expect((await focusInfo(page)).focusVisible).toBe(true);
      // ...the arrow keys move through the times and Space chooses one.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      const chosen = await page.evaluate(() => (globalThis as any).document.querySelector('input[name="start"]:checked')?.value ?? null);
      expect(chosen).toBe('2027-03-03T09:30:00.000Z');
      expect(await page.evaluate(() => (globalThis as any).document.activeElement.value)).toBe(chosen);

      await page.getByLabel('What is your level?').selectOption('beginner');
      await page.getByLabel('What would you like to achieve? (optional)').fill('Cleaner turns and better musicality.');
      await fillGuest(page, { firstName: 'Marc', lastName: 'Vidal', email: 'marc.vidal@example.es' });
      await Promise.all([page.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), page.getByRole('button', { name: 'Confirm booking' }).click()]);

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Booking confirmed');
      const details = await page.locator('dl.details').textContent();
      expect(details).toContain('Private lesson with Lucía Torres');
      expect(details).toContain('Wednesday, 3 March 2027, 10:30–11:30');
      expect(details).toContain('€55.00');
      expect((await page.locator('.reference').textContent())?.trim()).toMatch(/^SD-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

      // No other hour fits in that morning's window (10:00–12:00): the date is no longer offered, and asking for it says when the next free time is.
      await page.goto(`${base}${PRIVATE_PATH}?pricing=browser-60&date=2027-03-03`);
      expect(await page.locator('#date-choice option').evaluateAll((options) => options.map((option) => (option as any).value))).not.toContain('2027-03-03');
      expect(await page.getByText('There is no free time left on Wednesday, 3 March 2027. Next free time: Monday, 8 March 2027 at 10:00.').isVisible()).toBe(true);
      await page.close();
    });

    it('When JavaScript is off, then "Show available times" shows the chosen duration and date\u2019s times and keeps what was typed; confirming books exactly what is shown', async () => {
      const noScript = await offlineContext(browser, { javaScriptEnabled: false, now: NOW });
      try {
        const page = await newPage(noScript);
        await page.goto(base + PRIVATE_PATH);
        const show = page.getByRole('button', { name: 'Show available times' });
        expect(await show.isVisible()).toBe(true);
        await page.getByLabel('First name', { exact: true }).fill('Nora');
        await page.getByLabel('What would you like to achieve? (optional)').fill('Spins');
        await page.getByLabel('Duration and price').selectOption('browser-45');
        await page.getByLabel('Date', { exact: true }).selectOption('2027-03-08');
        // Without the script, choosing does not reload by itself.
        expect(await page.locator('fieldset.slots legend').textContent()).toContain('Monday, 1 March 2027');
        const answer = await submitWith(page, 'Show available times');
        expect(answer.status()).toBe(200);
        expect(await page.getByLabel('Duration and price').inputValue()).toBe('browser-45');
        expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe('2027-03-08');
        expect(await page.locator('fieldset.slots legend').textContent()).toContain('Monday, 8 March 2027');
        expect(await page.locator('.slot-time').allTextContents()).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15']);
        expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Nora');
        expect(await page.getByLabel('What would you like to achieve? (optional)').inputValue()).toBe('Spins');
        expect(await page.locator('#error-summary').count()).toBe(0);

        await page.getByText('11:15', { exact: true }).click();
        await page.getByLabel('What is your level?').selectOption('beginner');
        await fillGuest(page, { firstName: 'Nora', lastName: 'Lago', email: 'nora.lago@example.es' });
        await Promise.all([page.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), page.getByRole('button', { name: 'Confirm booking' }).click()]);
        const details = await page.locator('dl.details').textContent();
        expect(details).toContain('Monday, 8 March 2027, 11:15–12:00');
        expect(details).toContain('€40.00');
      } finally {
        await noScript.close();
      }
    });
  });

  describe('keyboard only', () => {
    it('When a student tabs from the top of the class page, then the focus visits the skip link, the studio link, every field and the button, in order, always visibly', async () => {
      const page = await newPage();
      await page.goto(base + CLASS_PATH);
      const visited: FocusInfo[] = [];
      for (let step = 0; step < 8; step++) {
        await page.keyboard.press('Tab');
        visited.push(await focusInfo(page));
      }
      expect(visited.map((info) => info.selector)).toEqual([
        'a.skip-link',
        'a[href="https://compas.example.com"]',
        'input#firstName',
        'input#lastName',
        'input#email',
        'input#phone',
        'input#terms',
        'button.button',
      ]);
      for (const info of visited) {
        expect({ selector: info.selector, focusVisible: info.focusVisible, onScreen: info.onScreen, outline: info.outline }).toEqual({
          selector: info.selector,
          focusVisible: true,
          onScreen: true,
          outline: 'solid 3px rgb(26, 86, 219)',
        });
      }
      await page.close();
    });

    it('When a student follows the skip link, then the focus moves to the main content and the next Tab reaches the first field', async () => {
      const page = await newPage();
      await page.goto(base + CLASS_PATH);
      await page.keyboard.press('Tab');
      expect((await focusInfo(page)).selector).toBe('a.skip-link');
      await page.keyboard.press('Enter');
      // Read from the page itself: page.url() follows a CDP event that can arrive after the key press resolves.
      expect(await page.evaluate(() => String((globalThis as any).location.hash))).toBe('#main');
      expect(await activeId(page)).toBe('main');
      await page.keyboard.press('Tab');
      expect(await activeId(page)).toBe('firstName');
      await page.close();
    });
  });

  describe('validation errors', () => {
    it('When a student submits an empty class form, then an error summary links to each invalid field and the fields are marked aria-invalid', async () => {
      const page = await newPage();
      await page.goto(base + CLASS_PATH);
      const answer = await submitWith(page, 'Book now');
      expect(answer.status()).toBe(422);
      const summary = await errorSummary(page);
      expect(summary).toEqual({
        role: 'alert',
        visible: true,
        links: [
          { href: '#firstName', fieldTag: 'input', ariaInvalid: 'true', describedByText: 'This field is required.' },
          { href: '#lastName', fieldTag: 'input', ariaInvalid: 'true', describedByText: 'This field is required.' },
          { href: '#email', fieldTag: 'input', ariaInvalid: 'true', describedByText: 'This field is required.' },
          {
            href: '#terms',
            fieldTag: 'input',
            ariaInvalid: 'true',
            describedByText:
              'To book, you need to agree that the studio may contact you about this booking. | ' +
              'Estudio Compás receives your name, email and phone (if you give it) to keep your place and to contact you about this booking.',
          },
        ],
      });
      // Following a link of the summary puts the focus in that field.
      await page.locator('#error-summary a[href="#email"]').click();
      expect(await activeId(page)).toBe('email');
      await page.close();
    });

    it('When a student submits an empty class form, then the error summary has the focus (so screen readers and keyboard users start there)', async () => {
      const page = await newPage();
      await page.goto(base + CLASS_PATH);
      await submitWith(page, 'Book now');
      expect(await activeId(page)).toBe('error-summary');
      await page.close();
    });

    it('When the consent box is missing, then its line in the error summary reads "label: message" without a doubled ".:"', async () => {
      const page = await newPage();
      await page.goto(base + CLASS_PATH);
      await submitWith(page, 'Book now');
      const lines = await page.locator('#error-summary a').allTextContents();
      expect(lines.filter((line) => /[.!?]:/.test(line))).toEqual([]);
      await page.close();
    });

    it('When a student submits an empty private lesson form, then the focused error summary links to the time, the required question and the guest fields', async () => {
      const page = await newPage();
      await page.goto(`${base}${PRIVATE_PATH}?pricing=browser-60&date=2027-03-10`);
      const answer = await submitWith(page, 'Confirm booking');
      expect(answer.status()).toBe(422);
      expect(await activeId(page)).toBe('error-summary');
      const summary = await errorSummary(page);
      expect(summary?.role).toBe('alert');
      // Each field the summary links to is described by what is wrong with it (the consent box also by what the studio receives), in the page's order.
      expect(summary?.links.map((link) => [link.href, link.describedByText])).toEqual([
        ['#start', 'Choose a start time.'],
        ['#answer_q-level', 'This field is required.'],
        ['#firstName', 'This field is required.'],
        ['#lastName', 'This field is required.'],
        ['#email', 'This field is required.'],
        [
          '#terms',
          'To book, you need to agree that the studio may contact you about this booking. | ' +
            'Estudio Compás receives your name, email, phone (if you give it) and your answers about your lesson, to keep your lesson time, to prepare the lesson and to contact you about this booking.',
        ],
      ]);
      for (const link of summary?.links ?? []) {
        // The time choice is a group of radios: its fieldset carries the description, the other fields aria-invalid.
        if (link.href === '#start') expect(link.fieldTag).toBe('fieldset');
        else expect({ href: link.href, ariaInvalid: link.ariaInvalid }).toEqual({ href: link.href, ariaInvalid: 'true' });
      }
      // The duration and date chosen are kept on the re-rendered page.
      expect(await page.locator('fieldset.slots legend').textContent()).toContain('Wednesday, 10 March 2027');
      await page.close();
    });
  });

  describe('on a phone (375×740)', () => {
    const pages: [string, string, ((page: Page) => Promise<unknown>) | null][] = [
      ['class page', CLASS_PATH, null],
      ["class page linking the studio's terms and privacy notice", LINKED_CLASS_PATH, null],
      ['class page with errors', CLASS_PATH, (page) => submitWith(page, 'Book now')],
      ['private lesson page', `${PRIVATE_PATH}?pricing=browser-60&date=2027-03-10`, null],
      ['private lesson page with errors', `${PRIVATE_PATH}?pricing=browser-60&date=2027-03-10`, (page) => submitWith(page, 'Confirm booking')],
      // A name of 100 letters without a space, thanked by name on the confirmation.
      [
        'confirmation of a booking with a very long name',
        CLASS_PATH,
        async (page) => {
          await fillGuest(page, { firstName: 'A'.repeat(100), lastName: 'B'.repeat(100), email: 'long.name@example.es' });
          await submitWith(page, 'Book now');
        },
      ],
    ];

    it.each(pages)('When the %s is shown on a 375 px wide screen, then nothing scrolls sideways', async (name, url, action) => {
      const phone = await offlineContext(browser, { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, now: NOW });
      try {
        const page = await newPage(phone);
        await page.goto(base + url);
        if (action) await action(page);
        const { scrollWidth, clientWidth } = await hasHorizontalScroll(page);
        expect({ name, scrollWidth }).toEqual({ name, scrollWidth: Math.min(scrollWidth, clientWidth) });
        if (SCREENSHOTS_DIR && !action) {
          fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
          await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name.replace(/\W+/g, '-')}-375.png`), fullPage: true });
        }
      } finally {
        await phone.close();
      }
    });
  });

  describe('accessibility (axe-core: WCAG 2.1 A and AA, best practices)', () => {
    let axeContext: BrowserContext;
    // The pages' CSP refuses injected scripts: only this context bypasses it, to run axe.
    beforeAll(async () => {
      axeContext = await offlineContext(browser, { bypassCSP: true, now: NOW });
    });
    afterAll(async () => {
      await axeContext?.close();
    });

    /** Runs `work` with the server's clock at `instant`, then puts it back at NOW. */
    async function atServerTime<T>(instant: number, work: () => Promise<T>): Promise<T> {
      serverNow = instant;
      try {
        return await work();
      } finally {
        serverNow = NOW;
      }
    }
    const store = () => createBookingStore(server.server.store.db, server.server.store.dialect, listingRenderer);
    let bookings = 0;
    /** A booking of Ritmo Norte's class written as the booking page writes it (a seat, or a place when it is full); answers it. */
    async function bookRitmo(classId: string, joinWaitlist = false) {
      const n = ++bookings;
      const booked = await store().bookClass(
        { classId, guest: { firstName: 'Alba', lastName: `Ruiz ${n}`, email: `alba${n}@example.es`, phone: null }, locale: 'en', idempotencyKey: `browser-ritmo-${n}`, nowMs: NOW },
        classAdmission(NOW, { joinWaitlist }),
      );
      if (booked.outcome !== 'confirmed' && booked.outcome !== 'waiting') throw new Error(`Ritmo Norte's ${classId} answered ${booked.outcome}`);
      return booked.booking;
    }
    /** Teo's private lesson on Sunday 2027-03-07, 02:00–03:00 in Madrid (01:00Z). */
    async function bookTeo() {
      const n = ++bookings;
      const startsAt = Date.parse('2027-03-07T01:00:00Z');
      const booked = await store().bookPrivateLesson(
        {
          studioId: 'browser-ritmo',
          instructorId: 'browser-teo',
          pricingId: 'browser-teo-60',
          startsAt,
          endsAt: startsAt + 3_600_000,
          answers: {},
          title: 'Private lesson with Teo Noche',
          price: 30,
          currency: 'EUR',
          guest: { firstName: 'Alba', lastName: `Ruiz ${n}`, email: `alba${n}@example.es`, phone: null },
          locale: 'en',
          idempotencyKey: `browser-teo-${n}`,
          nowMs: NOW,
        },
        () => true,
      );
      if (booked.outcome !== 'confirmed') throw new Error(`Teo's lesson answered ${booked.outcome}`);
      return booked.booking;
    }
    /** Opens the page and waits until it shows `text`: the state axe is then run on. */
    async function openShowing(page: Page, path: string, text: string): Promise<Response | null> {
      const answer = await page.goto(base + path);
      await page.getByText(text).first().waitFor();
      return answer;
    }

    const cases: [string, number, (page: Page) => Promise<Response | null>][] = [
      ['the open class page (no terms, no privacy notice: the consent box says what the studio receives)', 200, (page) => page.goto(base + CLASS_PATH)],
      ["a class page whose consent box links the studio's terms and privacy notice", 200, (page) => page.goto(base + LINKED_CLASS_PATH)],
      [
        "a class page linking the studio's terms and privacy notice, with errors",
        422,
        async (page) => {
          await page.goto(base + LINKED_CLASS_PATH);
          return submitWith(page, 'Book now');
        },
      ],
      ['a full class page', 200, (page) => page.goto(`${base}/book/browser-full`)],
      ['a past class page', 200, (page) => page.goto(`${base}/book/browser-past`)],
      ['a cancelled class page', 200, (page) => page.goto(`${base}/book/browser-cancelled`)],
      ['an event page', 200, (page) => page.goto(`${base}/book/browser-social`)],
      [
        'the class page with errors',
        422,
        async (page) => {
          await page.goto(base + CLASS_PATH);
          await page.getByLabel('Email', { exact: true }).fill('not-an-email');
          return submitWith(page, 'Book now');
        },
      ],
      ['the private lesson page with free times', 200, (page) => page.goto(`${base}${PRIVATE_PATH}?pricing=browser-45&date=2027-03-08`)],
      ['the private lesson page naming a date without free time', 200, (page) => page.goto(`${base}${PRIVATE_PATH}?pricing=browser-45&date=2027-03-02`)],
      ['a private lesson page without any free time', 200, (page) => page.goto(`${base}/en/book/private-lesson/browser-nora`)],
      [
        'the private lesson page with the times the script brought in',
        200,
        async (page) => {
          const answer = await page.goto(`${base}${PRIVATE_PATH}?pricing=browser-45&date=2027-03-08`);
          await page.getByLabel('Duration and price').selectOption('browser-60');
          await page.getByLabel('Date', { exact: true }).selectOption('2027-03-10');
          await page.waitForFunction(() => (globalThis as any).document.querySelector('fieldset.slots legend')?.textContent.includes('10 March'));
          return answer;
        },
      ],
      [
        'the private lesson page after "Show available times" (the way without JavaScript)',
        200,
        async (page) => {
          await page.goto(`${base}${PRIVATE_PATH}?pricing=browser-45&date=2027-03-08`);
          await page.getByLabel('First name', { exact: true }).fill('Ada');
          // What the button does without the script (the script removes it): post the form with intent=show-times.
          const [answer] = await Promise.all([
            page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
            page.evaluate(() => {
              const g = globalThis as any;
              const form = g.document.querySelector('form[method="post"]');
              const intent = g.document.createElement('input');
              Object.assign(intent, { type: 'hidden', name: 'intent', value: 'show-times' });
              form.appendChild(intent);
              form.querySelector('#date-choice').value = '2027-03-10';
              form.submit();
            }),
          ]);
          await page.waitForFunction(() => (globalThis as any).document.querySelector('fieldset.slots legend')?.textContent.includes('10 March'));
          return answer;
        },
      ],
      [
        'the private lesson page with errors',
        422,
        async (page) => {
          await page.goto(`${base}${PRIVATE_PATH}?pricing=browser-45&date=2027-03-08`);
          return submitWith(page, 'Confirm booking');
        },
      ],
      [
        'the confirmation page',
        200,
        async (page) => {
          await page.goto(`${base}/book/browser-social`);
          await fillGuest(page, { firstName: 'Iker', lastName: 'Sanz', email: 'iker.sanz@example.es' });
          const [answer] = await Promise.all([page.waitForResponse((candidate) => /\/booking\/[A-Za-z0-9_-]{43}$/.test(candidate.url())), page.getByRole('button', { name: 'Book now' }).click()]);
          await page.waitForLoadState('load');
          return answer;
        },
      ],
      [
        'the manage page past the cutoff, with the ways to reach the studio',
        200,
        async (page) => {
          const booking = await bookRitmo('browser-ritmo-soon');
          const answer = await openShowing(page, `/booking/${booking.accessToken}`, 'It is too late to cancel online');
          await page.getByRole('link', { name: '+34 600 123 457' }).waitFor();
          return answer;
        },
      ],
      [
        'the answer to a cancel sent after the cutoff passed (409)',
        409,
        async (page) => {
          const booking = await bookRitmo('browser-ritmo-week');
          await openShowing(page, `/booking/${booking.accessToken}/cancel`, 'Cancel your booking?');
          // The student waited on the confirmation step until an hour before the class.
          return atServerTime(Date.parse('2027-03-08T17:00:00Z'), async () => {
            const answer = await submitWith(page, 'Yes, cancel my booking');
            await page.getByText('It is too late to cancel online').waitFor();
            return answer;
          });
        },
      ],
      [
        'the step to leave the waitlist',
        200,
        async (page) => {
          const place = await bookRitmo('browser-ritmo-queue', true);
          return openShowing(page, `/booking/${place.accessToken}/cancel`, 'Leave the waitlist?');
        },
      ],
      [
        'the manage page of a student who left the waitlist',
        200,
        async (page) => {
          const place = await bookRitmo('browser-ritmo-queue', true);
          await openShowing(page, `/booking/${place.accessToken}/cancel`, 'Leave the waitlist?');
          const [answer] = await Promise.all([page.waitForResponse((candidate) => candidate.url().endsWith(`/booking/${place.accessToken}`)), page.getByRole('button', { name: 'Yes, leave the waitlist' }).click()]);
          await page.getByText('You are no longer on the waitlist.').waitFor();
          return answer;
        },
      ],
      [
        'the manage page of a booking the studio cancelled',
        200,
        async (page) => {
          const booking = await bookRitmo('browser-ritmo-week');
          expect((await store().cancelBooking({ bookingId: booking.id, by: 'class_cancelled', nowMs: NOW }, () => true)).outcome).toBe('cancelled');
          return openShowing(page, `/booking/${booking.accessToken}`, 'The studio cancelled this booking.');
        },
      ],
      ['a full class whose waitlist has closed (past the cutoff)', 200, (page) => openShowing(page, '/book/browser-ritmo-soon-full', 'This class is full: there are no spots left.')],
      ['a full class of a studio that keeps no waitlist', 200, (page) => openShowing(page, '/book/browser-clave-full', 'This class is full: there are no spots left.')],
      [
        'the manage page of a private lesson',
        200,
        async (page) => {
          const lesson = await bookTeo();
          return openShowing(page, `/booking/${lesson.accessToken}`, 'Private lesson with Teo Noche');
        },
      ],
      [
        'the cancel step of a private lesson',
        200,
        async (page) => {
          const lesson = await bookTeo();
          return openShowing(page, `/booking/${lesson.accessToken}/cancel`, 'Cancel your booking?');
        },
      ],
      [
        'the private lesson page the night the clocks go back (02:00–02:59 twice)',
        200,
        // A week before Sunday 2027-10-31, when Madrid goes back from 03:00 summer time to 02:00 winter time.
        (page) => atServerTime(Date.parse('2027-10-25T08:00:00Z'), () => openShowing(page, '/en/book/private-lesson/browser-teo?date=2027-10-31', '02:00 (winter time)')),
      ],
      ['the 404 page', 404, (page) => page.goto(`${base}/book/no-such-class`)],
      [
        'the expired form page (403)',
        403,
        async (page) => {
          await page.goto(base + CLASS_PATH);
          // The visitor's cookies are gone (a new browser session): the form's CSRF token no longer matches.
          await axeContext.clearCookies();
          await fillGuest(page, { firstName: 'Noa', lastName: 'Gil', email: 'noa.gil@example.es' });
          return submitWith(page, 'Book now');
        },
      ],
    ];

    it('When axe-core checks a page with known faults, then it reports them (the check is not vacuous)', async () => {
      const page = await axeContext.newPage();
      try {
        await page.setContent('<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>t</h1><img src="x.png"><button></button></main></body></html>');
        expect((await axeViolations(page)).map((violation) => violation.id).sort()).toEqual(['button-name', 'image-alt']);
      } finally {
        await page.close();
      }
    });

    it.each(cases)('When axe-core checks %s, then it reports no violation', async (name, status, open) => {
      const page = await axeContext.newPage();
      try {
        const answer = await open(page);
        expect({ name, status: answer?.status() }).toEqual({ name, status });
        expect(formatViolations(await axeViolations(page))).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });

  it('When the flows above ran under the pages\u2019 CSP, then no script failed and nothing was refused by the CSP', () => {
    // Runs last: the pages of every flow above were watched.
    expect(pagesWatched).toBeGreaterThanOrEqual(10);
    expect(pageProblems).toEqual([]);
  });
});
