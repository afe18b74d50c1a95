import fs from 'node:fs';
import { startTestServer, type TestServer } from '../support/test-server';
import { databaseTargets } from '../support/databases';
import { madridStudio } from '../support/fixture-studios';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { axeViolations, BROWSER_SETUP_TIMEOUT_MS, BROWSER_TEST_TIMEOUT_MS, chromiumAvailable, formatViolations, inFreshBrowser, launchBrowser, offlineContext } from '../support/browser';
import { HOSTILE_CLASS_NAME, HOSTILE_STUDIO_ID, LIVE_STUDIO_ID, LIVE_STUDIO_ZONE, firstScheduleDay, hostileStudio, liveStudio } from './fixtures';
import { testNow, weekdayName, zoneDay } from '../support/test-clock';
import { Browser, accessTokenOf } from '../support/booking-form';
import { lucia } from '../support/casa-del-son';
import { createStudioKey } from '../support/studio-api';
import { phpString, startWordPress, type WordPressSite, type WordPressVersion } from './harness';
import { logInThroughForm } from './browser-login';
import { runPhpunit } from './phpunit';
import { ensureBlocksBuilt } from '../blocks/built-blocks';
import { describeWithPhp } from './prerequisites';

/** Today (by the test's clock) + days in the live studio's zone, as Y-m-d. */
function madridDay(days: number): string {
  return zoneDay(LIVE_STUDIO_ZONE, days);
}

/** The plugin's HTTP timeout (studio_data_http_timeout's default), in seconds. */
const PLUGIN_TIMEOUT_SECONDS = 3;

/**
 * The whole plugin in one real WordPress of the given version: phpunit inside the site, then pages
 * with shortcodes fetched over HTTP, then the API slowed and stopped, then the debug log read.
 * The tests run in order and share the site, as a site owner's day would.
 */
export function describeWordPressSite(version: WordPressVersion): void {
  jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);
  describeWithPhp()(`The Studio Data plugin in a real WordPress ${version}`, () => {
    let api: TestServer;
    let proxy: TcpProxy;
    let site: WordPressSite;
    const pages: Record<string, string> = {};
    /** The studio key phpunit's Bookings search tests use, and the two bookings they find (Jørgen's, then Núria's). */
    let phpunitKey: string;
    const searchReferences: string[] = [];

    beforeAll(async () => {
      // The shortcodes' renderers are the blocks' PHP, which the build copies into plugin/build/.
      await ensureBlocksBuilt();
      // The API and the plugin stand at the test's now, and the live studio's classes are around it.
      const now = testNow();
      api = await startTestServer(databaseTargets()[0]!, { documents: [madridStudio(), liveStudio(now), hostileStudio(now)], now: () => now });
      const apiAddress = new URL(api.url);
      // WordPress reaches the API through a proxy the tests can make slow (blackhole) or cut.
      proxy = await startTcpProxy({ host: apiAddress.hostname, port: Number(apiAddress.port) });
      site = await startWordPress({ version, apiUrl: `http://127.0.0.1:${proxy.port}`, checkoutUrl: 'https://book.example.com', studioId: LIVE_STUDIO_ID, now });
      const shortcodes = {
        schedule: '[studio_data_schedule]',
        events: '[studio_data_events weeks="2"]',
        instructors: '[studio_data_instructors columns="2"]',
        privateLessons: '[studio_data_private_lessons locale="es"]',
        studio: '[studio_data_studio parts="name,description,address,hours,phone"]',
        packages: '[studio_data_packages]',
        bookButton: '[studio_data_book_button kind="private-lesson" target="wp-live-carmen" label="Book with Carmen"]',
        hostile: `[studio_data_schedule studio="${HOSTILE_STUDIO_ID}" descriptions="true"][studio_data_instructors studio="${HOSTILE_STUDIO_ID}"][studio_data_studio studio="${HOSTILE_STUDIO_ID}"][studio_data_packages studio="${HOSTILE_STUDIO_ID}"]`,
      };
      for (const [name, content] of Object.entries(shortcodes)) pages[name] = await site.createPage(name, content);
      const { hostile: _hostile, ...everyday } = shortcodes;
      pages.everything = await site.createPage('Everything', Object.values(everyday).join('\n\n'));
      // Two students of one family name, in a class ten days ahead (outside the Bookings screen's week): phpunit searches for them.
      phpunitKey = (await createStudioKey(api, LIVE_STUDIO_ID, now)).key;
      const searchDay = zoneDay(LIVE_STUDIO_ZONE, 10, now);
      for (const [firstName, email] of [['Jørgen', 'jorgen.search@example.com'], ['Núria', 'nuria.search@example.com']] as const) {
        const booked = await new Browser(api.url, { 'Accept-Language': 'en' }).fillIn(`/book/wp-live-salsa-${weekdayName(searchDay).toLowerCase()}-${searchDay.replace(/-/g, '')}`, { ...lucia(), firstName, lastName: 'Núñez', email });
        const token = accessTokenOf(booked.location);
        searchReferences.push((await api.server.store.db.selectFrom('bookings').select('reference').where('access_token', '=', token).executeTakeFirstOrThrow()).reference!);
      }
      // A notice of our own proves the debug log is where the last test reads it.
      await site.wpEval("trigger_error('studio-data-log-probe', E_USER_NOTICE);");
      // The first run on a machine also fetches the WordPress cores from npm (158 MB).
    }, BROWSER_SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await site?.stop();
      await proxy?.close();
      await api?.stop();
    });

    test('phpunit inside the site passes: settings, client decoding, caching, outages, escaping, REST permissions, the Bookings search', async () => {
      const run = await runPhpunit('site.xml', {
        ...site.env,
        STUDIO_DATA_LIVE_STUDIO: LIVE_STUDIO_ID,
        STUDIO_DATA_MADRID_STUDIO: 'fixture-madrid',
        STUDIO_DATA_HOSTILE_STUDIO: HOSTILE_STUDIO_ID,
        STUDIO_DATA_LIVE_STUDIO_KEY: phpunitKey,
        STUDIO_DATA_SEARCH_REFERENCES: searchReferences.join(','),
      });
      if (!run.passed) throw new Error(`phpunit failed on WordPress ${version}:\n${run.output}`);
      expect(run.output).toMatch(/OK \(\d+ tests/);
    });

    test('When a visitor opens pages with the shortcodes, then they show the studio live data with booking links', async () => {
      const schedule = await page(pages.schedule!);
      expect(schedule).toContain('Salsa Every Night');
      expect(schedule).toMatch(/href="https:\/\/book\.example\.com\/book\/wp-live-salsa-[a-z]+-\d{8}\?lang=en"/);
      expect(schedule).toContain("Times are in the studio&#039;s time zone (Europe/Madrid).");

      const events = await page(pages.events!);
      expect(events).toContain('Midnight Social');
      expect(events).toContain('hosted by Pablo Ruiz');

      expect(await page(pages.instructors!)).toMatch(/Carmen Vidal[\s\S]*Salsa teacher[\s\S]*Pablo Ruiz/);
      const lessons = await page(pages.privateLessons!);
      expect(lessons).toContain('href="https://book.example.com/es/book/private-lesson/wp-live-carmen"');
      expect(lessons).toContain('Profesora de salsa');
      const studio = await page(pages.studio!);
      expect(studio).toContain('Ritmo Live Studio');
      expect(studio).toContain('Salsa classes every night');
      expect(await page(pages.packages!)).toContain('Ten Class Pass');
      expect(await page(pages.bookButton!)).toContain('<a class="studio-data-button" href="https://book.example.com/en/book/private-lesson/wp-live-carmen">Book with Carmen</a>');
      expect(schedule).toMatch(/<link[^>]+studio-data\.css/);
    });

    test('When the API sends markup in its texts, then the page shows it as text and runs nothing', async () => {
      const html = await page(pages.hostile!);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain(HOSTILE_CLASS_NAME);
      expect(html).not.toMatch(/<(img src=x|iframe src|svg onload|marquee|b onmouseover)/i);
      expect(html).not.toMatch(/alert\([2-9]\)<\/script>/);
    });

    test('When a visitor opens the shortcode pages in a browser, then axe-core finds no accessibility violation in them', async () => {
      if (!chromiumAvailable() && process.env.CI !== 'true') return void process.stderr.write('⚠ Chromium is missing: the accessibility check is skipped.\n');
      await inFreshBrowser(async (browser) => {
        const context = await offlineContext(browser, { bypassCSP: true, now: testNow() });
        const tab = await context.newPage();
        await tab.goto(pages.everything!);
        await tab.getByRole('heading', { name: 'Ten Class Pass' }).waitFor();
        // Only what the plugin renders is judged, not the theme around it.
        const ours = (await axeViolations(tab)).map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => /studio-data/.test(node.html) || /studio-data/.test(node.target)) }));
        expect(formatViolations(ours.filter((violation) => violation.nodes.length > 0))).toEqual([]);
      });
    });

    test("When a visitor's week navigation asks the REST proxy, then it answers for the site's studios and weeks only, and the rest needs an editor", async () => {
      const studios = `${site.url}/wp-json/studio-data/v1/studio`;
      const classes = await fetch(`${studios}/${LIVE_STUDIO_ID}/classes?from=${madridDay(7)}`);
      expect(classes.status).toBe(200);
      expect(classes.headers.get('cache-control')).toBe('public, max-age=60');
      expect(((await classes.json()) as { name: string }[]).map((item) => item.name)).toContain('Salsa Every Night');
      await page(pages.hostile!); // A page of the site shows the hostile studio: its weeks become public.
      expect((await fetch(`${studios}/${HOSTILE_STUDIO_ID}/events`)).status).toBe(200);
      expect((await fetch(`${studios}/fixture-madrid/classes?from=${madridDay(7)}`)).status).toBe(403); // No page shows it.
      expect((await fetch(`${studios}/${LIVE_STUDIO_ID}/events?from=${madridDay(3)}`)).status).toBe(400); // Not a week the site links to.
      expect((await fetch(`${studios}/${LIVE_STUDIO_ID}/classes?from=2026-02-30`)).status).toBe(400);
      expect((await fetch(`${studios}/${LIVE_STUDIO_ID}/profile`)).status).toBe(401);
    });

    test('When the owner saves the settings and tests the connection, then the page shows the studio by name', async () => {
      const admin = await logIn(site);
      const settingsUrl = `${site.url}/wp-admin/options-general.php?page=studio-data`;
      const form = await (await admin.get(settingsUrl)).text();
      for (const label of ['API base URL', 'Checkout base URL', 'Studio ID', 'Default locale', 'Cache lifetime (seconds)']) expect(form).toContain(label);
      const [settingsNonce, testNonce] = [...form.matchAll(/name="_wpnonce" value="([^"]+)"/g)].map((match) => match[1]!);

      const saved = await admin.post(`${site.url}/wp-admin/options.php`, {
        option_page: 'studio_data', action: 'update', _wpnonce: settingsNonce!, _wp_http_referer: '/wp-admin/options-general.php?page=studio-data',
        'studio_data_settings[api_base_url]': `http://127.0.0.1:${proxy.port}/`, 'studio_data_settings[checkout_base_url]': 'https://book.example.com',
        'studio_data_settings[studio_id]': 'fixture-madrid', 'studio_data_settings[default_locale]': 'es_ES', 'studio_data_settings[cache_ttl]': '5', 'studio_data_settings[injected]': 'x',
      });
      expect(saved.status).toBe(302);
      expect(JSON.parse(await site.wpEval("echo wp_json_encode(get_option('studio_data_settings'));"))).toEqual({
        api_base_url: `http://127.0.0.1:${proxy.port}`, checkout_base_url: 'https://book.example.com', studio_id: 'fixture-madrid', default_locale: 'es-ES', cache_ttl: 30,
      });

      const tested = await admin.post(`${site.url}/wp-admin/admin-post.php`, { action: 'studio_data_test_connection', _wpnonce: testNonce! });
      expect(tested.status).toBe(302);
      expect(await (await admin.get(tested.headers.get('location')!)).text()).toContain('The API knows your studio as “Salsa Fixture Madrid”');

      const forged = await admin.post(`${site.url}/wp-admin/admin-post.php`, { action: 'studio_data_test_connection', _wpnonce: 'forged' });
      expect(forged.status).toBe(403);
      await site.configure({ studio_id: LIVE_STUDIO_ID, default_locale: 'en', cache_ttl: 300 });
    });

    test("When the owner saves the studio's key, then the Bookings screen shows the week's rosters, finds, cancels after a confirmation and downloads CSV, and the key never reaches a page", async () => {
      const now = testNow();
      const { key } = await createStudioKey(api, LIVE_STUDIO_ID, now);
      // Two students in the first class the schedule still offers (tonight's, or tomorrow's once it has started).
      const day = firstScheduleDay(now);
      const classId = `wp-live-salsa-${weekdayName(day).toLowerCase()}-${day.replace(/-/g, '')}`;
      const references: string[] = [];
      for (const [firstName, email] of [['Lucía', 'lucia.roster@example.com'], ['Marco', 'marco.roster@example.com']] as const) {
        const booked = await new Browser(api.url, { 'Accept-Language': 'en' }).fillIn(`/book/${classId}`, { ...lucia(), firstName, email });
        const token = accessTokenOf(booked.location);
        references.push((await api.server.store.db.selectFrom('bookings').select('reference').where('access_token', '=', token).executeTakeFirstOrThrow()).reference!);
      }

      const admin = await logIn(site);
      const settingsUrl = `${site.url}/wp-admin/options-general.php?page=studio-data`;
      const settingsNonce = /name="_wpnonce" value="([^"]+)"/.exec(await (await admin.get(settingsUrl)).text())![1]!;
      const saved = await admin.post(`${site.url}/wp-admin/options.php`, {
        option_page: 'studio_data', action: 'update', _wpnonce: settingsNonce, _wp_http_referer: '/wp-admin/options-general.php?page=studio-data',
        'studio_data_settings[api_base_url]': `http://127.0.0.1:${proxy.port}`, 'studio_data_settings[checkout_base_url]': 'https://book.example.com',
        'studio_data_settings[studio_id]': LIVE_STUDIO_ID, 'studio_data_settings[default_locale]': 'en', 'studio_data_settings[cache_ttl]': '300',
        'studio_data_settings[studio_key]': key,
      });
      expect(saved.status).toBe(302);
      // Stored apart, not autoloaded, and out of the settings option.
      expect(await site.wpEval("global $wpdb; echo $wpdb->get_var(\"SELECT autoload FROM {$wpdb->options} WHERE option_name = 'studio_data_studio_key'\");")).toMatch(/^(no|off)$/);
      expect(await site.wpEval(`echo get_option('studio_data_studio_key') === ${phpString(key)} ? 'same' : 'different';`)).toBe('same');
      expect(await site.wpEval("echo wp_json_encode(get_option('studio_data_settings'));")).not.toContain('sdk_');
      const settingsPage = await (await admin.get(settingsUrl)).text();
      expect(settingsPage).toContain(`A key is saved (${key.slice(0, 8)}…). It is not shown again; enter a new one to replace it.`);
      expect(settingsPage).not.toContain(key);

      const bookingsUrl = `${site.url}/wp-admin/admin.php?page=studio-data-bookings`;
      const screen = await (await admin.get(bookingsUrl)).text();
      expect(screen).not.toContain(key);
      const roster = screen.slice(screen.indexOf(`id="studio-data-${classId}"`));
      expect(roster).toMatch(/^id="studio-data-[^"]+"><h3>23:30–23:59 Salsa Every Night<\/h3><p>Sala 1 · 2 of 20 booked<\/p>/);
      // Both booked at the API's one instant (its clock is the test's): the order between them is not told.
      expect([roster.indexOf('Lucía Pérez') > 0, roster.indexOf('Marco Pérez') > 0]).toEqual([true, true]);
      for (const reference of references) expect(roster.slice(0, roster.indexOf('</section>'))).toContain(`<code>${reference}</code>`);

      const byName = await (await admin.get(`${bookingsUrl}&s=marco`)).text();
      expect(byName).toContain('Bookings matching “marco”');
      expect(byName).toContain(`<code>${references[1]}</code>`);
      expect(byName).not.toContain(`<code>${references[0]}</code>`);
      expect(await (await admin.get(`${bookingsUrl}&s=${references[0]!.toLowerCase()}`)).text()).toContain('lucia.roster@example.com');
      // The API finds them, in any case, accents or not, words in any order.
      const byFullName = await (await admin.get(`${bookingsUrl}&s=${encodeURIComponent('PEREZ marco')}`)).text();
      expect([byFullName.includes(`<code>${references[1]}</code>`), byFullName.includes(`<code>${references[0]}</code>`)]).toEqual([true, false]);
      expect(await (await admin.get(`${bookingsUrl}&s=nobody-by-this-name`)).text()).toContain('No booking matches.');

      // Cancelling: a confirmation step, then a POST with its nonce.
      const step = await (await admin.get(`${bookingsUrl}&cancel=${references[0]}`)).text();
      expect(step).toContain('Cancel this booking?');
      const cancelNonce = /name="_wpnonce" value="([^"]+)"/.exec(step)![1]!;
      const forged = await admin.post(`${site.url}/wp-admin/admin-post.php`, { action: 'studio_data_cancel_booking', reference: references[0]!, _wpnonce: 'forged' });
      expect(forged.status).toBe(403);
      const cancelled = await admin.post(`${site.url}/wp-admin/admin-post.php`, { action: 'studio_data_cancel_booking', reference: references[0]!, _wpnonce: cancelNonce });
      expect(cancelled.status).toBe(302);
      expect(await (await admin.get(cancelled.headers.get('location')!)).text()).toContain(`Booking ${references[0]} of Lucía Pérez is cancelled. The student has been emailed.`);
      const row = await api.server.store.db.selectFrom('bookings').select(['status', 'cancelled_by']).where('reference', '=', references[0]!).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', cancelled_by: 'studio' });

      const csvNonce = /name="_wpnonce" value="([^"]+)"/.exec(screen)![1]!;
      const csv = await admin.post(`${site.url}/wp-admin/admin-post.php`, { action: 'studio_data_bookings_csv', _wpnonce: csvNonce, from: day, to: zoneDay(LIVE_STUDIO_ZONE, 8, now) });
      expect([csv.status, csv.headers.get('content-type'), csv.headers.get('content-disposition')]).toEqual([200, 'text/csv; charset=utf-8', `attachment; filename="bookings-${LIVE_STUDIO_ID}-${day}.csv"`]);
      // A UTF-8 byte-order mark first, so that Excel shows Lucía as Lucía (fetch's text() would drop it).
      const bytes = Buffer.from(await csv.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text).toContain(',Lucía,');
      const lines = text.split('\r\n');
      expect(lines[0]).toMatch(/^reference,status,kind,classId,/);
      // Newest change first; both changes happened at the API's one instant, so they are compared as a set.
      expect(lines.filter((line) => line.includes(classId)).map((line) => line.split(',').slice(0, 2).join(',')).sort()).toEqual([`${references[0]},cancelled`, `${references[1]},confirmed`].sort());

      const dashboard = await (await admin.get(`${site.url}/wp-admin/index.php`)).text();
      expect(dashboard).toContain('Today at the studio');
      expect(dashboard).toContain(`23:30 Salsa Every Night</a> · ${day === zoneDay(LIVE_STUDIO_ZONE, 0, now) ? '1 of 20 booked' : '0 of 20 booked'}`);
      expect(dashboard).not.toContain(key);

      // Someone who cannot manage options sees neither the screen nor its actions.
      await site.wpEval("wp_insert_user(array('user_login' => 'editor-ed', 'user_pass' => 'editor-password-1', 'user_email' => 'ed@example.com', 'role' => 'editor'));");
      const editor = await logIn(site, { user: 'editor-ed', password: 'editor-password-1' });
      expect((await editor.get(bookingsUrl)).status).toBe(403);
      expect((await editor.post(`${site.url}/wp-admin/admin-post.php`, { action: 'studio_data_cancel_booking', reference: references[1]!, _wpnonce: cancelNonce })).status).toBe(403);
      expect((await editor.post(`${site.url}/wp-admin/admin-post.php`, { action: 'studio_data_bookings_csv', _wpnonce: csvNonce, from: day })).status).toBe(403);
      expect((await admin.post(`${site.url}/wp-admin/admin-post.php`, { action: 'studio_data_bookings_csv', _wpnonce: 'forged', from: day })).status).toBe(403);
      expect(await (await editor.get(`${site.url}/wp-admin/index.php`)).text()).not.toContain('Today at the studio');

      if (!chromiumAvailable() && process.env.CI !== 'true') return void process.stderr.write('⚠ Chromium is missing: the accessibility check of the Bookings screen is skipped.\n');
      const browser = await launchBrowser();
      try {
        const context = await offlineContext(browser, { bypassCSP: true, now });
        const tab = await context.newPage();
        await logInThroughForm(tab, site);
        for (const view of [bookingsUrl, `${bookingsUrl}&cancel=${references[1]}`, `${bookingsUrl}&s=marco`, `${bookingsUrl}&s=nobody-by-this-name`]) {
          await tab.goto(view);
          await tab.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
          // The plugin's screen is judged, not WordPress's admin around it.
          expect(formatViolations(await axeViolations(tab, '.studio-data-bookings'))).toEqual([]);
        }
        // The owner cancels as a person does: the confirmation step's button, then the screen with its notice.
        await tab.goto(`${bookingsUrl}&cancel=${references[1]}`);
        await Promise.all([tab.waitForURL(/page=studio-data-bookings$/), tab.getByRole('button', { name: 'Yes, cancel this booking' }).click()]);
        await tab.getByRole('status').filter({ hasText: `Booking ${references[1]} of Marco Pérez is cancelled. The student has been emailed.` }).waitFor();
        expect(formatViolations(await axeViolations(tab, '.studio-data-bookings'))).toEqual([]);
        const marco = await api.server.store.db.selectFrom('bookings').select(['status', 'cancelled_by']).where('reference', '=', references[1]!).executeTakeFirstOrThrow();
        expect(marco).toEqual({ status: 'cancelled', cancelled_by: 'studio' });
      } finally {
        await browser.close();
      }
    });

    test('When the API is slow and then stopped, then pages still render the last good data within the timeout', async () => {
      // Every page has been seen once: its answers are the last good copies. Now they go stale.
      await site.wpEval('studio_data_flush_cache();');
      proxy.blackhole();
      for (const name of ['schedule', 'events', 'studio'] as const) {
        const started = Date.now();
        const html = await page(pages[name]!);
        expect(html).toContain(name === 'studio' ? 'Ritmo Live Studio' : name === 'events' ? 'Midnight Social' : 'Salsa Every Night');
        expect(Date.now() - started).toBeLessThan((PLUGIN_TIMEOUT_SECONDS + 2) * 1000);
      }
      await proxy.restore();

      await api.stop();
      await site.wpEval('studio_data_flush_cache();');
      const html = await page(pages.schedule!);
      expect(html).toContain('Salsa Every Night');
      expect(html).not.toContain('not available right now');
      expect(await page(pages.packages!)).toContain('Ten Class Pass');
    });

    test('With WP_DEBUG on, the plugin logs no PHP warning, notice or deprecation', () => {
      const log = fs.existsSync(site.debugLog) ? fs.readFileSync(site.debugLog, 'utf8') : '';
      expect(log).toContain('PHP Notice:  studio-data-log-probe');
      // The site runs nothing but WordPress, its default theme and this plugin (whose files log under
      // their real path, plugin/…), so any PHP warning, notice or deprecation at all is a failure.
      const problems = log.split('\n').filter((line) => /PHP (Fatal|Warning|Notice|Deprecated|Parse)/.test(line) && !line.includes('studio-data-log-probe'));
      expect(problems).toEqual([]);
    });

    async function page(url: string): Promise<string> {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      return response.text();
    }
  });
}

/** A logged-in user's browser (the administrator unless told): cookies kept, redirects not followed. */
export async function logIn(site: WordPressSite, as: { user: string; password: string } = site.adminLogin) {
  const cookies = new Map<string, string>([['wordpress_test_cookie', 'WP%20Cookie%20check']]);
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      cookies.set(name!.trim(), value ?? '');
    }
    return response;
  };
  const headers = () => ({ cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') });
  const browser = {
    get: async (url: string) => remember(await fetch(url, { headers: headers(), redirect: 'manual' })),
    post: async (url: string, form: Record<string, string>) =>
      remember(await fetch(url, { method: 'POST', headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(), redirect: 'manual' })),
  };
  const login = await browser.post(`${site.url}/wp-login.php`, { log: as.user, pwd: as.password, testcookie: '1', 'wp-submit': 'Log In' });
  if (login.status !== 302) throw new Error(`Logging in to WordPress failed (${login.status})`);
  return browser;
}
