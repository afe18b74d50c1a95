import type { BrowserContext, Frame } from 'playwright-core';
import { BROWSER_SETUP_TIMEOUT_MS, BROWSER_TEST_TIMEOUT_MS } from '../support/browser';
import { CHECKOUT, eventually, expectNoAxeViolations, openNewPage, ownerContext, startBlocksSite, visitorContext, type BlocksSite } from './blocks-site';
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
      visitor = await visitorContext(blocks);
    }, BROWSER_SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await blocks?.stop();
    });

    /** A new page in the editor, with what its console reports collected, and the inserter's search. */
    async function newPageInEditor(title: string) {
      const { page, consoleErrors, deprecations } = await openNewPage(blocks, owner, 'studio-data/book-button');
      await page.evaluate((pageTitle) => {
        const wp = (globalThis as any).wp;
        wp.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false);
        wp.data.dispatch('core/editor').editPost({ title: pageTitle });
      }, title);
      // The editor as 7.0 always shows it: the canvas in an iframe (6.5–6.7 iframe it when every block is apiVersion 3, as these are).
      await page.waitForSelector('iframe[name="editor-canvas"]');
      const canvas = page.frame({ name: 'editor-canvas' }) as Frame;
      const inserterToggle = page.locator('button[aria-label="Toggle block inserter"]').first();
      const blockNames = (): Promise<string[]> => page.evaluate(() => (globalThis as any).wp.data.select('core/block-editor').getBlocks().map((block: any) => block.name));
      /** A pattern or block found by name in the inserter's search, inserted at the end (nothing selected: with a pattern's Buttons block selected, the inserter would offer buttons only). */
      const insert = async (name: string) => {
        await page.evaluate(() => (globalThis as any).wp.data.dispatch('core/block-editor').clearSelectedBlock());
        const before = (await blockNames()).length;
        await eventually(async () => {
          // A click that inserted but reported an error (the list re-rendered under it) is not repeated.
          if ((await blockNames()).length > before) return;
          if ((await inserterToggle.getAttribute('aria-expanded')) !== 'true') await inserterToggle.click();
          await page.getByRole('searchbox', { name: /search/i }).fill(name, { timeout: 5_000 });
          await page.getByRole('option', { name }).first().click({ timeout: 5_000 });
        });
      };
      const publish = async (): Promise<string> => {
        await page.getByRole('button', { name: 'Publish', exact: true }).click();
        await page.locator('.editor-post-publish-panel').getByRole('button', { name: 'Publish', exact: true }).click();
        await page.getByText(/is now live/).first().waitFor();
        const url: string = await page.evaluate(() => (globalThis as any).wp.data.select('core/editor').getPermalink());
        expect(consoleErrors).toEqual([]);
        expect(deprecations).toEqual([]);
        await page.close();
        return url;
      };
      return { page, canvas, insert, blockNames, publish };
    }

    test('When the owner builds a page from the "Classes page" and "Team page" patterns and a Book button for a weekly class, in the iframed editor, then it shows live data with no console error or deprecation warning, and visitors get the next session’s link', async () => {
      const editor = await newPageInEditor('Learn to dance');
      await editor.insert('Classes page');
      await editor.insert('Team page');
      const inserted = await editor.blockNames();
      for (const name of ['class-schedule', 'events', 'packages', 'instructors', 'private-lessons']) expect(inserted).toContain(`studio-data/${name}`);
      // Live data in the iframed canvas: the schedule, the team with what their profiles say.
      for (const text of ['Salsa Every Night', 'Carmen Vidal', 'Teacher · 9 years of experience']) await editor.canvas.getByText(text).filter({ visible: true }).first().waitFor();

      // A Book button from the inserter books the next session of a weekly class (its default), picked in the sidebar.
      const { sessionId } = nextSalsaSession();
      await editor.insert('Book button');
      await editor.page.evaluate(() => (globalThis as any).wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/block'));
      const sidebar = editor.page.locator('.interface-complementary-area');
      expect(await sidebar.getByLabel('Kind').inputValue()).toBe('series');
      const tonight = `Salsa Every Night · every ${weekdayName(zoneDay(LIVE_STUDIO_ZONE))} at 23:30 · Carmen Vidal`;
      // The choices come from the studio's live classes, once they have loaded.
      await sidebar.getByLabel('Booked').locator('option', { hasText: tonight }).waitFor({ state: 'attached' });
      await sidebar.getByLabel('Booked').selectOption({ label: tonight });
      await editor.canvas.locator('.wp-block-studio-data-book-button a').filter({ visible: true }).first().waitFor();
      const pageUrl = await editor.publish();

      const visit = await visitor.newPage();
      await visit.goto(pageUrl);
      expect(await visit.locator('.wp-block-studio-data-book-button a').getAttribute('href')).toBe(`${CHECKOUT}/book/${sessionId}?lang=en`);
      await expectNoAxeViolations(visit);
      await visit.close();
    });

    test('When the owner builds a home page from the "Studio home page" pattern, then its heading is the studio’s name and its buttons call and find the way, for visitors too', async () => {
      const editor = await newPageInEditor('Welcome');
      await editor.insert('Studio home page');
      expect(await editor.blockNames()).toEqual(['core/heading', 'studio-data/studio-info', 'core/buttons', 'core/heading', 'studio-data/class-schedule']);
      await editor.canvas.getByText('Calle del Prado 7, Madrid').filter({ visible: true }).first().waitFor();
      const pageUrl = await editor.publish();

      const visit = await visitor.newPage();
      await visit.goto(pageUrl);
      await visit.getByRole('heading', { name: 'Ritmo Live Studio' }).first().waitFor();
      expect(await visit.getByRole('link', { name: 'Call us' }).getAttribute('href')).toBe('tel:+34611222333');
      expect(await visit.getByRole('link', { name: 'Directions', exact: true }).getAttribute('href')).toBe('https://www.openstreetmap.org/search?query=Calle%20del%20Prado%207%2C%20Madrid');
      await expectNoAxeViolations(visit);
      await expectNoAxeViolations(visit, '.wp-block-buttons');
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
      // The site's formats (Settings › General, as the harness's install.php sets them: "j F Y" and "H:i"), in Madrid time.
      const date = new Intl.DateTimeFormat('en-GB', { timeZone: LIVE_STUDIO_ZONE, month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(startsAt));
      await content.getByText(date, { exact: true }).waitFor();
      await content.getByText('23:30', { exact: true }).waitFor();
      expect(await content.getByRole('link', { name: 'Book the next class' }).getAttribute('href')).toBe(`${CHECKOUT}/book/${sessionId}?lang=en`);
      await expectNoAxeViolations(page, '.wp-block-post-content, .entry-content');
      await page.close();
    });
  });
}
