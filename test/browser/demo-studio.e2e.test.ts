import type { Browser, BrowserContext } from 'playwright-core';
import { pointDemoImagesAt, readDemoDocument, rollDemoDocument } from '../../server/src/demo/demo-studio';
import { BROWSER_TEST_TIMEOUT_MS, describeWithBrowser, fillGuest, launchBrowser, offlineContext } from '../support/browser';
import { databaseTargets } from '../support/databases';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';
import { testNow } from '../support/test-clock';

/**
 * The demo studio as `npm start` serves it (rolled to the current week of the test's clock): a student
 * books its next class and a private lesson with its first listed instructor, in a real browser.
 */

jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);

describeWithBrowser()('the demo studio in a browser', () => {
  let browser: Browser;
  let server: TestServer;
  let context: BrowserContext;
  const demo = readDemoDocument();
  const studioId = (demo.studio as { id: string }).id;

  beforeAll(async () => {
    const sqlite = databaseTargets().find((target) => target.name === 'sqlite');
    if (!sqlite) throw new Error('the SQLite target is missing');
    const now = testNow();
    [browser, server] = await Promise.all([launchBrowser(), startTestServer(sqlite, { now: () => now })]);
    // As npm start loads it: its images named on this server's address (known once it listens).
    await server.importDocument(rollDemoDocument(pointDemoImagesAt(demo, server.url), now), now);
    await server.server.stamps.refresh();
    context = await offlineContext(browser, { locale: 'en-GB', now });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("When a student opens the demo studio's next class and books it, then the confirmation shows the booking", async () => {
    const listing = await request(server.url, `/api/public/studio/${studioId}/classes`);
    const next = (listing.body as { id: string; date: string; spotsLeft: number | null }[]).find(
      (entry) => Date.parse(entry.date) > testNow() + 3_600_000 && entry.spotsLeft !== 0,
    );
    if (!next) throw new Error('the demo studio has no bookable class this week');
    const page = await context.newPage();
    await page.goto(`${server.url}/book/${next.id}`);
    // The demo's logo is shipped with the server: it shows, it is not a broken image.
    await page.waitForLoadState('load');
    // A broken image has a natural width of 0; the logo drawing (server/demo/images/logo.svg) is 96 wide.
    expect(await page.locator('img.studio-logo').evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBe(96);
    await fillGuest(page, { firstName: 'Ana', lastName: 'Demo', email: 'ana.demo@example.com' });
    await Promise.all([page.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), page.locator('form[method="post"] button[type="submit"]').click()]);
    expect((await page.locator('.reference').textContent())?.trim()).toMatch(/^SD-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await page.close();
  });

  it('When a student books a private lesson with the first listed demo instructor, then the confirmation shows the lesson', async () => {
    const listing = await request(server.url, `/api/public/studio/${studioId}/private-lesson-instructors`);
    const [teacher] = listing.body as { id: string; name: string }[];
    if (!teacher) throw new Error('the demo studio lists no private lesson instructor');
    const page = await context.newPage();
    await page.goto(`${server.url}/en/book/private-lesson/${teacher.id}`);
    await page.waitForLoadState('load');
    // The studio's logo (96 wide) and the teacher's photo (server/demo/images/team, 256 wide), neither broken (0).
    const widths = await page.locator('img').evaluateAll((images) => images.map((image) => (image as unknown as { naturalWidth: number }).naturalWidth));
    expect(widths).toEqual([96, 256]);
    // Every date offered has a free time: the page opens on the first one.
    await page.locator('input[name="start"]').first().check();
    for (const select of await page.locator('fieldset.questions select[required]').all()) {
      const values = await select.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as unknown as { value: string }).value).filter(Boolean));
      await select.selectOption(values[0] as string);
    }
    await fillGuest(page, { firstName: 'Leo', lastName: 'Demo', email: 'leo.demo@example.com' });
    await Promise.all([page.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), page.getByRole('button', { name: 'Confirm booking' }).click()]);
    expect(await page.locator('dl.details').textContent()).toContain(`Private lesson with ${teacher.name}`);
    await page.close();
  });
});
