import type { BrowserContext, ConsoleMessage, Frame, Page } from 'playwright-core';
import { BROWSER_SETUP_TIMEOUT_MS, BROWSER_TEST_TIMEOUT_MS, offlineContext, PAGE_ACTION_TIMEOUT_MS } from '../support/browser';
import { CHECKOUT, eventually, expectNoAxeViolations, ownerContext, startBlocksSite, watchSiteConsoleErrors, type BlocksSite } from './blocks-site';
import { LIVE_STUDIO_ZONE } from './fixtures';
import { instantAtZoneTime, testNow, weekdayName, zoneDay } from '../support/test-clock';
import type { WordPressVersion } from './harness';
import { describeWithPhp } from './prerequisites';

/** The live studio's salsa series of today's weekday, and the id of its next session by the test's clock (every night at 23:30 in Madrid). */
function nextSalsaSession(now = testNow()): { series: string; sessionId: string; startsAt: number } {
  const series = `wp-live-salsa-${weekdayName(zoneDay(LIVE_STUDIO_ZONE, 0, now)).toLowerCase()}`;
  const tonight = instantAtZoneTime(LIVE_STUDIO_ZONE, zoneDay(LIVE_STUDIO_ZONE, 0, now), '23:30');
  const day = zoneDay(LIVE_STUDIO_ZONE, tonight >= now ? 0 : 7, now);
  return { series, sessionId: `${series}-${day.replaceAll('-', '')}`, startsAt: instantAtZoneTime(LIVE_STUDIO_ZONE, day, '23:30') };
}

/** Block markup of a core block whose `attribute` is bound to the Studio Data source. */
function bound(block: string, attribute: string, args: Record<string, string>, inner: string): string {
  const attributes = JSON.stringify({ metadata: { bindings: { [attribute]: { source: 'studio-data/studio-data', args } } } });
  return `<!-- wp:${block} ${attributes} -->${inner}<!-- /wp:${block} -->`;
}

function boundButton(args: Record<string, string>, text: string): string {
  return `<!-- wp:buttons --><div class="wp-block-buttons">${bound('button', 'url', args, `<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">${text}</a></div>`)}</div><!-- /wp:buttons -->`;
}

/**
 * Warnings of @wordpress/deprecated ("… is deprecated since version … Please use … instead.") in the
 * editor's console: the blocks keep to the APIs the current @wordpress packages have not deprecated.
 */
function watchDeprecations(page: Page, into: string[]): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' && /deprecated/i.test(message.text())) into.push(message.text());
  });
}

/**
 * What a studio owner builds from the blocks besides a page of them: pages from the plugin's block
 * patterns, in the editor as WordPress 7.0 always shows it (iframed), and core blocks bound to the
 * studio's data; what visitors and search engines then get.
 */
export function describeOwnerPages(version: WordPressVersion): void {
  jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);
  describeWithPhp()(`Pages an owner builds from the Studio Data patterns and bindings in a real WordPress ${version}`, () => {
    let blocks: BlocksSite;
    let owner: BrowserContext;
    let visitor: BrowserContext;

    beforeAll(async () => {
      blocks = await startBlocksSite(version);
      owner = await ownerContext(blocks);
      visitor = await offlineContext(blocks.browser, { bypassCSP: true, viewport: { width: 1100, height: 900 }, now: testNow() });
    }, BROWSER_SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await blocks?.stop();
    });

    test('When the owner inserts the three patterns from the inserter and a Book button for a weekly class, then the iframed editor shows live data, with no console error and no deprecation warning, and visitors get a next-session link', async () => {
      const page = await owner.newPage();
      const consoleErrors: string[] = [];
      const deprecations: string[] = [];
      watchSiteConsoleErrors(page, blocks.site.url, consoleErrors);
      watchDeprecations(page, deprecations);
      await page.addLocatorHandler(page.locator('.components-modal__screen-overlay'), async (overlay) => {
        await overlay.getByRole('button', { name: 'Close' }).first().click();
      });
      await page.goto(`${blocks.site.url}/wp-admin/post-new.php?post_type=page`);
      await page.waitForFunction(() => Boolean((globalThis as any).wp?.blocks?.getBlockType?.('studio-data/book-button')), undefined, { timeout: PAGE_ACTION_TIMEOUT_MS });
      await page.evaluate(() => {
        const wp = (globalThis as any).wp;
        wp.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false);
        wp.data.dispatch('core/editor').editPost({ title: 'Learn to dance' });
      });
      // The editor as 7.0 always shows it: the canvas in an iframe (6.5–6.7 iframe it when every block is apiVersion 3, as these are).
      await page.waitForSelector('iframe[name="editor-canvas"]');
      const canvas = page.frame({ name: 'editor-canvas' }) as Frame;

      const inserterToggle = page.locator('button[aria-label="Toggle block inserter"]').first();
      for (const pattern of ['Classes page', 'Team page', 'Studio home page']) {
        await eventually(async () => {
          if ((await inserterToggle.getAttribute('aria-expanded')) !== 'true') await inserterToggle.click();
          await page.getByRole('searchbox', { name: /search/i }).fill(pattern, { timeout: 5_000 });
          await page.getByRole('option', { name: pattern, exact: true }).first().click({ timeout: 5_000 });
        });
      }
      const inserted: string[] = await page.evaluate(() => (globalThis as any).wp.data.select('core/block-editor').getBlocks().map((block: any) => block.name));
      for (const name of ['class-schedule', 'events', 'packages', 'instructors', 'private-lessons', 'studio-info']) expect(inserted).toContain(`studio-data/${name}`);
      expect(inserted.filter((name) => name === 'core/buttons')).toHaveLength(1);
      // Live data in the iframed canvas: the schedule, the team, the studio's address.
      for (const text of ['Salsa Every Night', 'Carmen Vidal', 'Calle del Prado 7, Madrid']) await canvas.getByText(text).filter({ visible: true }).first().waitFor();

      // A Book button from the inserter books the next session of a weekly class (its default), picked in the sidebar.
      const { series, sessionId } = nextSalsaSession();
      await eventually(async () => {
        if ((await inserterToggle.getAttribute('aria-expanded')) !== 'true') await inserterToggle.click();
        await page.getByRole('searchbox', { name: /search/i }).fill('Book button', { timeout: 5_000 });
        await page.getByRole('option', { name: 'Book button', exact: true }).first().click({ timeout: 5_000 });
      });
      await page.evaluate(() => (globalThis as any).wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/block'));
      const sidebar = page.locator('.interface-complementary-area');
      await expect(sidebar.getByLabel('Kind').inputValue()).resolves.toBe('series');
      const choices = await sidebar.getByLabel('Booked').locator('option').allTextContents();
      expect(choices).toContain('Salsa Every Night · every ' + weekdayName(zoneDay(LIVE_STUDIO_ZONE)) + ' at 23:30 · Carmen Vidal');
      await sidebar.getByLabel('Booked').selectOption({ label: 'Salsa Every Night · every ' + weekdayName(zoneDay(LIVE_STUDIO_ZONE)) + ' at 23:30 · Carmen Vidal' });
      await canvas.locator('.wp-block-studio-data-book-button a').filter({ visible: true }).first().waitFor();

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.locator('.editor-post-publish-panel').getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText(/is now live/).first().waitFor();
      const pageUrl: string = await page.evaluate(() => (globalThis as any).wp.data.select('core/editor').getPermalink());
      expect(consoleErrors).toEqual([]);
      expect(deprecations).toEqual([]);
      await page.close();

      const visit = await visitor.newPage();
      await visit.goto(pageUrl);
      expect(await visit.locator('.wp-block-studio-data-book-button a').getAttribute('href')).toBe(`${CHECKOUT}/book/${sessionId}`);
      expect(series).toBe(sessionId.replace(/-\d{8}$/, ''));
      // The studio home page's heading is the studio's name, its buttons call and find the way.
      await visit.getByRole('heading', { name: 'Ritmo Live Studio' }).first().waitFor();
      expect(await visit.getByRole('link', { name: 'Call us' }).getAttribute('href')).toBe('tel:+34611222333');
      expect(await visit.getByRole('link', { name: 'Directions', exact: true }).getAttribute('href')).toBe('https://www.openstreetmap.org/search?query=Calle%20del%20Prado%207%2C%20Madrid');
      await expectNoAxeViolations(visit);
      await visit.close();
    });

    test('When a post has core blocks bound to the studio-data source, then visitors see the studio’s name, phone and the next class’s date, time and booking link, and axe finds no violation', async () => {
      const { series, sessionId, startsAt } = nextSalsaSession();
      const url = await blocks.site.createPage(
        'Visit us',
        [
          bound('heading', 'content', { key: 'name' }, '<h2 class="wp-block-heading">Our studio</h2>'),
          bound('paragraph', 'content', { key: 'phone' }, '<p>Call us</p>'),
          bound('paragraph', 'content', { key: 'next-date', series }, '<p>Every day</p>'),
          bound('paragraph', 'content', { key: 'next-time', series }, '<p>In the evening</p>'),
          boundButton({ key: 'booking-url', series }, 'Book the next class'),
        ].join('\n\n'),
      );
      const page = await visitor.newPage();
      await page.goto(url);
      const content = page.locator('.entry-content, .wp-block-post-content').first();
      await content.getByRole('heading', { name: 'Ritmo Live Studio' }).waitFor();
      await content.getByText('+34 611 222 333', { exact: true }).waitFor();
      // The site's formats (Settings › General: WordPress' defaults "F j, Y" and "g:i a"), in Madrid time.
      const date = new Intl.DateTimeFormat('en-US', { timeZone: LIVE_STUDIO_ZONE, month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(startsAt));
      await content.getByText(date, { exact: true }).waitFor();
      await content.getByText('11:30 pm', { exact: true }).waitFor();
      expect(await content.getByRole('link', { name: 'Book the next class' }).getAttribute('href')).toBe(`${CHECKOUT}/book/${sessionId}`);
      await expectNoAxeViolations(page, '.wp-block-post-content, .entry-content');
      await page.close();
    });
  });
}
