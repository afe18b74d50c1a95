import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createStudioDataClient } from '../../src/index.js';
import { buildElementsBundle, MAX_GZIPPED_BYTES } from '../../scripts/elements-bundle.mjs';
import { axeViolations, describeWithBrowser, launchBrowser, offlineContext, startStaticSite, type StaticSite } from '../support/browser.js';
import { DEMO_STUDIO, DEMO_WEEK_CLASSES, FIXTURE_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');
const EXAMPLE = new URL('../../examples/elements/index.html', import.meta.url);
/**
 * The visitor's clock: Monday 23 March 2026, 07:00 in Madrid, the start of the fixture studio's week,
 * whose classes the tests book, so that none has started (a started class offers no Book link). The
 * demo studio's week is the server's, months later: none of its classes has started either.
 */
const FIXTURE_MONDAY_MORNING = Date.parse('2026-03-23T06:00:00Z');

describeWithBrowser()('Custom elements in Chromium, on a site of their own origin, against the real server', () => {
  let browser: Browser;
  let context: BrowserContext;
  let site: StaticSite;
  let bundle: Awaited<ReturnType<typeof buildElementsBundle>>;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [browser, site, bundle] = await Promise.all([launchBrowser(), startStaticSite(), buildElementsBundle()]);
    site.pages.set('/studio-elements.js', { type: 'text/javascript', body: bundle.code });
    // The README's example page, pointed at the test server and the freshly built bundle.
    const example = fs.readFileSync(EXAMPLE, 'utf8').replaceAll('http://localhost:3000', apiUrl).replace('../../dist/studio-elements.js', '/studio-elements.js');
    site.pages.set('/', { type: 'text/html', body: example });
    context = await offlineContext(browser);
    await context.clock.setFixedTime(FIXTURE_MONDAY_MORNING);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.close();
  });

  /** A page of the site with `body` in its main; `beforeLoad` sees the page before it starts loading. */
  /** A page of the site with `body` in its main (in `lang`; `null`: a page that names no language); `beforeLoad` sees the page before it starts loading. */
  async function open(body: string, { lang = 'en', headers = {}, beforeLoad }: { lang?: string | null; headers?: Record<string, string>; beforeLoad?: (page: Page) => void } = {}): Promise<Page> {
    const path = `/page-${site.pages.size}`;
    site.pages.set(path, { type: 'text/html', headers, body: `<!doctype html><html${lang === null ? '' : ` lang="${lang}"`}><head><title>Test page</title><script src="/studio-elements.js" defer></script></head><body><main><h1>Test page</h1>${body}</main></body></html>` });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    beforeLoad?.(page);
    await page.goto(`${site.url}${path}`);
    return page;
  }

  /** Waits until every studio element of the page has rendered (no longer busy). */
  async function settled(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const elements = [...document.querySelectorAll('studio-schedule, studio-events, studio-instructors, studio-private-lessons')];
      return elements.length > 0 && elements.every((element) => element.shadowRoot?.querySelector('[part~=status]') === null && !element.hasAttribute('aria-busy'));
    });
  }

  /** The studio's profile as the API gives it, its website this one (the one site its booking pages may be framed by). */
  async function profileWithWebsite(route: Route, website: string): Promise<void> {
    const answer = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
    await route.fulfill({ response: answer, json: { ...((await answer.json()) as object), website } });
  }

  const ids = (page: Page, selector: string) => page.locator(`${selector} [part~=item]`).evaluateAll((items) => items.map((item) => item.getAttribute('data-id')));
  // Texts with their spaces as one reads them: Intl writes "7:00 PM" with a narrow no-break space.
  const texts = async (locator: Locator) => (await locator.allTextContents()).map((text) => text.replace(/\s/g, ' '));
  const hrefs = (page: Page, selector: string) => page.locator(`${selector} [part~=book-link]`).evaluateAll((links) => links.map((link) => link.getAttribute('href')));

  it('When the example page opens, then the four elements show the demo studio’s week with correct booking links, and axe finds no violation', async () => {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${site.url}/`);
    await settled(page);

    const client = createStudioDataClient({ baseUrl: apiUrl, studio: DEMO_STUDIO, cache: false });
    const [classes, events, instructors, privateTeachers] = await Promise.all([client.classes(), client.events(), client.instructors(), client.privateLessonInstructors()]);
    expect(classes).toHaveLength(DEMO_WEEK_CLASSES.all);
    expect(await ids(page, 'studio-schedule')).toEqual(classes.map((studioClass) => studioClass.id));
    const bookable = classes.filter((studioClass) => studioClass.spotsLeft !== 0);
    expect(await hrefs(page, 'studio-schedule')).toEqual(bookable.map((studioClass) => `${apiUrl}/book/${studioClass.id}?lang=en`));
    expect(await ids(page, 'studio-events')).toEqual(events.map((event) => event.id));
    expect(await hrefs(page, 'studio-events')).toEqual(events.filter((event) => event.spotsLeft !== 0).map((event) => `${apiUrl}/book/${event.id}?lang=en`));
    expect(await page.locator('studio-instructors [part~=name]').allTextContents()).toEqual(instructors.map((person) => [person.name, person.lastname].filter(Boolean).join(' ')));
    expect(await hrefs(page, 'studio-private-lessons')).toEqual(privateTeachers.map((teacher) => `${apiUrl}/en/book/private-lesson/${teacher.id}`));

    // The fallback links are not shown once the elements have rendered.
    expect(await page.getByRole('link', { name: 'See this week\'s classes on our website' }).isVisible()).toBe(false);
    // A booking link names what it books for screen readers.
    const first = classes.find((studioClass) => studioClass.spotsLeft !== 0)!;
    await expect(page.getByRole('link', { name: new RegExp(`^Book ${first.name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, `) }).first().getAttribute('href')).resolves.toBe(`${apiUrl}/book/${first.id}?lang=en`);

    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('When the schedule is filtered by dance type and level, then only those classes are listed, and a changed attribute lists again', async () => {
    const classAnswers: number[] = [];
    const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="salsa" level="beginner"></studio-schedule>`, {
      beforeLoad: (opening) =>
        opening.on('response', (response) => {
          if (response.url().includes('/classes/salsa?') && response.request().method() === 'GET') classAnswers.push(response.status());
        }),
    });
    await settled(page);
    expect(await ids(page, 'studio-schedule')).toEqual(['cf-salsa-mon-20260323']);
    expect(await page.locator('studio-schedule [part~=day-heading]').allTextContents()).toEqual(['Monday, March 23']);
    expect(await page.locator('studio-schedule [part~=time]').allTextContents()).toEqual(['19:00–20:00']);
    expect(await page.locator('studio-schedule [part~=spots]').allTextContents()).toEqual(['20 spots left']);
    expect(await page.locator('studio-schedule [part~=price]').allTextContents()).toEqual(['€12.50']);

    await page.locator('studio-schedule').evaluate((element) => element.setAttribute('level', 'Advanced'));
    await page.waitForFunction(() => document.querySelector('studio-schedule')?.shadowRoot?.querySelector('[data-id="cf-salsa-late"]'));
    expect(await ids(page, 'studio-schedule')).toEqual(['cf-salsa-late']);
    // The level is filtered in the page: the same list was asked for again, cross-origin, with If-None-Match.
    expect(classAnswers).toEqual([200, 304]);

    await page.locator('studio-schedule').evaluate((element) => {
      element.removeAttribute('level');
      element.removeAttribute('dance-type');
      element.setAttribute('instructor', 'cf-bruno');
    });
    await page.waitForFunction(() => document.querySelector('studio-schedule')?.shadowRoot?.querySelector('[data-id="cf-wcs-wed"]'));
    expect(await ids(page, 'studio-schedule')).toEqual(['cf-wcs-wed']);
    await page.close();
  });

  it('When the schedule is shown, then it offers to subscribe to the calendar feed of what it shows, in Apple/Outlook (webcal) and Google Calendar', async () => {
    const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa"></studio-schedule>`);
    await settled(page);
    const feed = `${apiUrl}/api/public/studio/${FIXTURE_STUDIO}/calendar.ics?type=Salsa`.replace('http://', 'webcal://');
    expect(await page.locator('studio-schedule [part~=subscribe-webcal]').getAttribute('href')).toBe(feed);
    expect(await page.locator('studio-schedule [part~=subscribe-google]').getAttribute('href')).toBe(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feed)}`);
    expect(await page.locator('studio-schedule [part~=subscribe] a').allTextContents()).toEqual(['Subscribe in your calendar', 'Add to Google Calendar']);
    await page.locator('studio-schedule').evaluate((element) => element.setAttribute('subscribe', 'off'));
    await page.waitForFunction(() => document.querySelector('studio-schedule')?.shadowRoot?.querySelector('[part~=subscribe]') === null);
    await page.close();
  });

  it('When booking="dialog" and a visitor clicks Book, then the booking page opens in place in a modal dialog that Close or Escape ends, focus back on Book', async () => {
    // The test site is the studio's website here (its profile says so), the one site its booking pages
    // let frame them (the server's side: test/browser/booking-framed.e2e.test.ts); the framed page is a stand-in.
    const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner" booking="dialog" heading-level="2"></studio-schedule>`, {
      beforeLoad: (opening) => void opening.route(`${apiUrl}/api/public/studio/${FIXTURE_STUDIO}/profile`, (route) => profileWithWebsite(route, `${site.url}/`)),
    });
    await settled(page);
    await page.route(`${apiUrl}/book/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Booking</title><main><h1>Book Salsa Beginners</h1></main></html>' }));
    const book = page.locator('studio-schedule [part~=book-link]');
    await book.click();
    const dialog = page.locator('studio-schedule [part~=booking-dialog]');
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
    expect(await dialog.locator('iframe').getAttribute('src')).toBe(`${apiUrl}/book/cf-salsa-mon-20260323?lang=en`);
    expect(await dialog.locator('[part~=booking-dialog-new-tab]').getAttribute('href')).toBe(`${apiUrl}/book/cf-salsa-mon-20260323?lang=en`);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Closed, the schedule reads the week again (the visitor may have booked) and keeps focus on Book.
    const focusedAfterRefresh = () =>
      page.locator('studio-schedule').evaluate(async (element) => {
        await (element as HTMLElement & { rendered: Promise<void> }).rendered;
        const focused = element.shadowRoot?.activeElement;
        return [focused?.getAttribute('part'), focused?.closest('[data-id]')?.getAttribute('data-id')];
      });
    expect(await focusedAfterRefresh()).toEqual(['book-link', 'cf-salsa-mon-20260323']);
    // A click with Ctrl (a new tab) is the link's, not the dialog's.
    await book.click({ modifiers: ['Control'] });
    expect(await dialog.count()).toBe(0);

    // The visitor books the last spot in the dialog (the API answers so from now on) and closes it: the
    // schedule reads the week again and says the class is full; focus stays on the class.
    await book.click();
    await dialog.waitFor();
    await page.route(`${apiUrl}/api/public/studio/${FIXTURE_STUDIO}/classes/**`, async (route) => {
      const answer = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
      const classes = (await answer.json()) as { spotsLeft: number | null; waitlistOpen: boolean | null }[];
      await route.fulfill({ response: answer, json: classes.map((entry) => ({ ...entry, spotsLeft: 0, waitlistOpen: false })) });
    });
    await dialog.locator('[part~=booking-dialog-close]').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedAfterRefresh()).toEqual(['item', 'cf-salsa-mon-20260323']);
    expect(await page.locator('studio-schedule [part~=full]').allTextContents()).toEqual(['Full']);
    expect(await page.locator('studio-schedule [part~=book-link]').count()).toBe(0);
    await page.close();
  });

  it('When booking="dialog" but the page is not on the studio’s website (which alone may frame the booking pages), then Book is a plain link to the page', async () => {
    const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner" booking="dialog"></studio-schedule>`);
    await settled(page);
    await page.locator('studio-schedule [part~=book-link]').click();
    await page.waitForURL(`${apiUrl}/book/cf-salsa-mon-20260323?lang=en`);
    await page.close();
  });

  it('When a class is full and its waitlist open, then it says Full and links to the waitlist; a free class says Free', async () => {
    const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule>`, {
      // The fixture's week is past (its waitlists closed): the answer is the one a full class with an open waitlist and no price gets.
      beforeLoad: (opening) =>
        void opening.route(`${apiUrl}/api/public/studio/${FIXTURE_STUDIO}/classes/**`, async (route) => {
          const answer = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
          const classes = (await answer.json()) as object[];
          await route.fulfill({ response: answer, json: classes.map((entry) => ({ ...entry, spotsLeft: 0, waitlistOpen: true, price: 0 })) });
        }),
    });
    await settled(page);
    expect(await page.locator('studio-schedule [part~=full]').allTextContents()).toEqual(['Full']);
    expect(await page.locator('studio-schedule [part~=price]').allTextContents()).toEqual(['Free']);
    const waitlist = page.locator('studio-schedule [part~=waitlist-link]');
    expect(await waitlist.textContent()).toMatch(/^Join the waitlist Salsa Beginners, Monday, March 23 19:00$/);
    expect(await waitlist.getAttribute('href')).toBe(`${apiUrl}/book/cf-salsa-mon-20260323?lang=en`);
    expect(await page.locator('studio-schedule [part~=spots]').count()).toBe(0);
    await page.close();
  });

  it('When a class of the day has started, then it offers no Book link and no spots left, and says it is no longer booked online', async () => {
    const evening = await offlineContext(browser);
    // 20:30 in Madrid: the 19:00 Salsa has started.
    await evening.clock.setFixedTime(Date.parse('2026-03-23T19:30:00Z'));
    const path = `/page-${site.pages.size}`;
    site.pages.set(path, {
      type: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Test page</title><script src="/studio-elements.js" defer></script></head><body><main><h1>Test page</h1><studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule></main></body></html>`,
    });
    const page = await evening.newPage();
    await page.goto(`${site.url}${path}`);
    await settled(page);
    expect(await page.locator('studio-schedule [part~=started]').allTextContents()).toEqual(['Started: no longer booked online']);
    expect(await page.locator('studio-schedule [part~=book-link]').count()).toBe(0);
    expect(await page.locator('studio-schedule [part~=spots]').count()).toBe(0);
    await evening.close();
  });

  it('When times are shown, then the element says they are in the studio’s time zone, whatever the visitor’s own', async () => {
    const abroad = await offlineContext(browser, { timezoneId: 'America/New_York' });
    await abroad.clock.setFixedTime(FIXTURE_MONDAY_MORNING);
    const path = `/page-${site.pages.size}`;
    site.pages.set(path, {
      type: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Test page</title><script src="/studio-elements.js" defer></script></head><body><main><h1>Test page</h1><studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule><studio-private-lessons studio="${FIXTURE_STUDIO}" api="${apiUrl}" locale="es"></studio-private-lessons></main></body></html>`,
    });
    const page = await abroad.newPage();
    await page.goto(`${site.url}${path}`);
    await settled(page);
    expect(await page.locator('studio-schedule [part~=time]').allTextContents()).toEqual(['19:00–20:00']);
    expect(await page.locator('studio-schedule [part~=time-zone]').textContent()).toBe("Times are in the studio's time zone: Central European Time (Europe/Madrid).");
    expect(await page.locator('studio-private-lessons [part~=time-zone]').textContent()).toBe('Horas en la zona horaria de la escuela: hora de Europa central (Europe/Madrid).');
    // A site in American English reads the studio's 19:00 on a twelve-hour clock: still the studio's time, not New York's.
    const americanPath = `/page-${site.pages.size}`;
    site.pages.set(americanPath, {
      type: 'text/html',
      body: `<!doctype html><html lang="en-US"><head><title>Test page</title><script src="/studio-elements.js" defer></script></head><body><main><h1>Test page</h1><studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule></main></body></html>`,
    });
    await page.goto(`${site.url}${americanPath}`);
    await settled(page);
    expect(await texts(page.locator('studio-schedule [part~=time]'))).toEqual(['7:00 PM–8:00 PM']);
    expect(await texts(page.locator('studio-schedule [part~=book-link]'))).toEqual(['Book Salsa Beginners, Monday, March 23 7:00 PM']);
    // Its Book link asks the booking page for American English, which writes the time as the site does, whatever the browser asks.
    const [americanHref] = await hrefs(page, 'studio-schedule');
    expect(americanHref).toBe(`${apiUrl}/book/cf-salsa-mon-20260323?lang=en-US`);
    const bookingPage = await page.goto(americanHref!);
    expect(bookingPage?.status()).toBe(200);
    expect(await page.locator('body').textContent()).toMatch(/Monday, March 23, 2026, 7:00\sPM–8:00\sPM/);
    await abroad.close();
  });

  it('When the page’s language changes (a language switcher), then the elements that follow it speak the new one, and their Book links open the page in it', async () => {
    const page = await open(
      `<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule>` +
        `<studio-events studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" locale="en"></studio-events>`,
    );
    await settled(page);
    expect(await page.locator('studio-schedule [part~=book-link]').first().textContent()).toMatch(/^Book /);
    await page.evaluate(() => (document.documentElement.lang = 'es'));
    await page.waitForFunction(() => /^Reservar /.test(document.querySelector('studio-schedule')?.shadowRoot?.querySelector('[part~=book-link]')?.textContent ?? ''));
    expect(await hrefs(page, 'studio-schedule')).toEqual([`${apiUrl}/book/cf-salsa-mon-20260323?lang=es`]);
    // An element that names its own language keeps it.
    expect(await page.locator('studio-events [part~=book-link]').first().textContent()).toMatch(/^Book /);
    const booking = await page.goto(`${apiUrl}/book/cf-salsa-mon-20260323?lang=es`);
    expect(await booking?.text()).toContain('lang="es"');
    await page.close();
  });

  it('When a class is full, then it says so and offers no booking link', async () => {
    const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" level="intermediate" dance-type="Salsa"></studio-schedule>`);
    await settled(page);
    expect(await ids(page, 'studio-schedule')).toEqual(['cf-salsa-full']);
    expect(await page.locator('studio-schedule [part~=full]').allTextContents()).toEqual(['Full']);
    expect(await hrefs(page, 'studio-schedule')).toEqual([]);
    await page.close();
  });

  it('When the page is in French, German or Italian, then the elements speak it too', async () => {
    for (const [lang, book] of [['fr', 'Réserver'], ['de', 'Buchen'], ['it', 'Prenota']] as const) {
      const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule>`, { lang });
      await settled(page);
      expect({ lang, book: await page.locator('studio-schedule [part~=book-link]').first().textContent() }).toEqual({ lang, book: expect.stringMatching(new RegExp(`^${book} `)) });
      await page.close();
    }
  });

  it('When the page is in Spanish, then the elements speak Spanish and studio texts come in Spanish', async () => {
    const page = await open(`<studio-events studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23"></studio-events><studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule>`, { lang: 'es' });
    await settled(page);
    expect(await ids(page, 'studio-events')).toEqual(['cf-social', 'cf-workshop']);
    expect(await page.locator('studio-events [part~=day-heading]').allTextContents()).toEqual(['sábado, 28 de marzo', 'domingo, 29 de marzo']);
    expect(await page.locator('studio-schedule [part~=description]').allTextContents()).toEqual(['Para empezar']);
    // A studio's text reads in its own direction (a Hebrew or Arabic description right to left).
    expect(await page.locator('studio-schedule [part~=description]').getAttribute('dir')).toBe('auto');
    expect(await page.locator('studio-schedule [part~=book-link]').first().textContent()).toMatch(/^Reservar /);
    await page.close();
  });

  it('When the page names no language, then the elements speak the studio’s default (the first of its profile’s locales), not the browser’s', async () => {
    // The browser speaks en-GB (offlineContext); the fixture studio's locales are es, then en.
    const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule>`, { lang: null });
    await settled(page);
    expect(await page.locator('studio-schedule [part~=description]').allTextContents()).toEqual(['Para empezar']);
    expect(await page.locator('studio-schedule [part~=book-link]').first().textContent()).toMatch(/^Reservar /);
    await page.close();
  });

  it('When private lessons are shown, then each instructor has prices, availability and a link to the hosted booking page in the page’s language', async () => {
    const page = await open(`<studio-private-lessons studio="${FIXTURE_STUDIO}" api="${apiUrl}" locale="en-GB"></studio-private-lessons>`);
    await settled(page);
    expect(await ids(page, 'studio-private-lessons')).toEqual(['cf-bruno']);
    expect(await page.locator('studio-private-lessons [part~=pricing] li').allTextContents()).toEqual(['60 min · €50.00', '90 min · €70.00']);
    expect(await page.locator('studio-private-lessons [part~=availability] li').allTextContents()).toEqual(['Monday 09:00–11:00', 'Wednesday 16:00–18:00']);
    const [href] = await hrefs(page, 'studio-private-lessons');
    expect(href).toBe(`${apiUrl}/en/book/private-lesson/cf-bruno`);
    const booking = await page.goto(href!);
    expect(booking?.status()).toBe(200);
    await page.close();
  });

  it('When an instructor is available on Sunday, then the week starts and the clock reads as the page’s language has them: Monday and 24 hours in Britain, Sunday and AM/PM in the United States', async () => {
    const withSunday = (opening: Page) =>
      void opening.route(`${apiUrl}/api/public/studio/${FIXTURE_STUDIO}/private-lesson-instructors`, async (route) => {
        const answer = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
        const instructors = (await answer.json()) as { availability: object[] }[];
        await route.fulfill({ response: answer, json: instructors.map((entry) => ({ ...entry, availability: [{ dayOfWeek: 0, startTime: '10:00', endTime: '12:00' }, ...entry.availability] })) });
      });
    const british = await open(`<studio-private-lessons studio="${FIXTURE_STUDIO}" api="${apiUrl}" locale="en-GB"></studio-private-lessons>`, { beforeLoad: withSunday });
    await settled(british);
    expect(await british.locator('studio-private-lessons [part~=availability] li').allTextContents()).toEqual(['Monday 09:00–11:00', 'Wednesday 16:00–18:00', 'Sunday 10:00–12:00']);
    await british.close();
    const american = await open(`<studio-private-lessons studio="${FIXTURE_STUDIO}" api="${apiUrl}" locale="en-US"></studio-private-lessons>`, { beforeLoad: withSunday });
    await settled(american);
    expect(await texts(american.locator('studio-private-lessons [part~=availability] li'))).toEqual(['Sunday 10:00 AM–12:00 PM', 'Monday 9:00 AM–11:00 AM', 'Wednesday 4:00 PM–6:00 PM']);
    await american.close();
  });

  it('When the studio cannot be loaded, then the element says so and shows its fallback link', async () => {
    const page = await open(`<studio-instructors studio="no-such-studio" api="${apiUrl}"><a href="https://studio.example.com/team">Meet the team</a></studio-instructors>`);
    await page.locator('studio-instructors [role=alert]').waitFor();
    expect(await page.locator('studio-instructors [role=alert]').textContent()).toBe('This could not be loaded.');
    expect(await page.getByRole('link', { name: 'Meet the team' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('When JavaScript is off, then the fallback link inside each element is what the visitor gets', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto(`${site.url}/`);
    for (const name of ['See this week\'s classes on our website', 'See our events', 'Meet our teachers', 'Book a private lesson']) {
      expect(await page.getByRole('link', { name }).isVisible()).toBe(true);
    }
    await noScript.close();
  });

  it('When the site sets custom properties and ::part rules, then the elements take them', async () => {
    const page = await open(
      `<style>studio-schedule{--studio-accent:rgb(0, 100, 0);--studio-font:monospace} studio-schedule::part(name){text-decoration:underline}</style>` +
        `<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule>`,
    );
    await settled(page);
    const style = await page.locator('studio-schedule [part~=book-link]').evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(style).toBe('rgb(0, 100, 0)');
    expect(await page.locator('studio-schedule').evaluate((element) => getComputedStyle(element).fontFamily)).toBe('monospace');
    expect(await page.locator('studio-schedule [part~=name]').evaluate((name) => getComputedStyle(name).textDecorationLine)).toBe('underline');
    await page.close();
  });

  it('When the site has a strict Content-Security-Policy (no inline styles), then the elements still render with their styles', async () => {
    const csp = `default-src 'none'; script-src 'self'; style-src 'self'; connect-src ${apiUrl}`;
    const refusals: string[] = [];
    const page = await open(`<studio-schedule studio="${FIXTURE_STUDIO}" api="${apiUrl}" from="2026-03-23" dance-type="Salsa" level="Beginner"></studio-schedule>`, {
      headers: { 'content-security-policy': csp },
      beforeLoad: (opening) =>
        opening.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
        }),
    });
    await settled(page);
    expect(await ids(page, 'studio-schedule')).toEqual(['cf-salsa-mon-20260323']);
    expect(await page.locator('studio-schedule [part~=book-link]').evaluate((link) => getComputedStyle(link).backgroundColor)).toBe('rgb(29, 78, 216)');
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('The one-script-tag bundle stays under 15 KB gzipped', () => {
    expect(bundle.gzippedBytes).toBeLessThan(MAX_GZIPPED_BYTES);
  });
});
