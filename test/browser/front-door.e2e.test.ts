import type { Browser, BrowserContext } from 'playwright-core';
import { pointDemoImagesAt, readDemoDocument, rollDemoDocument } from '../../server/src/demo/demo-studio';
import { BROWSER_TEST_TIMEOUT_MS, axeViolations, describeWithBrowser, formatViolations, launchBrowser, offlineContext, watchPageProblems } from '../support/browser';
import { databaseTargets } from '../support/databases';
import { request } from '../support/http';
import { testNow } from '../support/test-clock';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The server's front door (issue 20) in Chromium: `/` shows a person what Studio Data is, the demo
 * studio's week with its booking pages, how to subscribe and the embed snippets; `/api-reference`
 * renders the OpenAPI document with Swagger UI served by this server, and "Try it out" asks this
 * server. A client asking for JSON at `/` still gets JSON. axe-core finds nothing on either page.
 */

jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);

describeWithBrowser()('the front door (Chromium)', () => {
  const [sqlite] = databaseTargets();
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  const now = testNow();

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startTestServer(sqlite!, { now: () => now })]);
    await server.importDocument(rollDemoDocument(pointDemoImagesAt(readDemoDocument(), server.url), now), now);
    await server.server.stamps.refresh();
    // No fixed clock in the page: Swagger UI debounces its work on Date.now, which a fixed clock never moves (the server's clock is the test's).
    context = await offlineContext(browser, { bypassCSP: true });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('When a client asks / for JSON, then it gets the index as before, with the reference and the API version, and caches are told the answer varies by Accept', async () => {
    for (const accept of ['application/json', '*/*', 'text/html']) {
      const answer = await request(server.url, '/', { headers: { accept } });
      expect(String(answer.headers.vary).split(/,\s*/)).toContain('Accept');
      if (accept === 'text/html') continue;
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.body).toEqual({
        name: 'Studio Data',
        version: '1.2.0',
        openApi: 'http://localhost:0/api/public/openapi.json',
        apiReference: 'http://localhost:0/api-reference',
        health: 'http://localhost:0/healthz',
      });
    }
  });

  it("When a person opens / in a browser, then it says what Studio Data is and lists the demo studio's week with links to book and subscribe", async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    watchPageProblems(page, problems);
    await page.goto(`${server.url}/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Studio Data');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['This week at Salsa City', 'Subscribe to the schedule', 'Put it on a website', 'For developers']);
    const bookLinks = page.getByRole('link', { name: /^Book / });
    expect(await bookLinks.count()).toBeGreaterThan(10);
    const first = await bookLinks.first().getAttribute('href');
    // A weekly class's session (`…-YYYYMMDD`) or a one-off's own id, whichever comes first in the week.
    expect(first).toMatch(/^http:\/\/localhost:0\/book\/[a-z0-9-]+$/);
    // The link goes to the class's own booking page.
    const classPage = await request(server.url, new URL(first!).pathname);
    expect(classPage.status).toBe(200);
    expect(await page.getByRole('link', { name: 'Subscribe (Apple Calendar, Outlook, phones)' }).getAttribute('href')).toBe('webcal://localhost:0/api/public/studio/salsa-city/calendar.ics');
    expect(await page.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent('webcal://localhost:0/api/public/studio/salsa-city/calendar.ics')}`,
    );
    expect(await page.locator('pre code').allTextContents()).toEqual([
      '<!-- wp:studio-data/class-schedule {"layout":"list"} /-->',
      '[studio_data_schedule dance_types="Salsa" layout="grid"]',
      expect.stringContaining('<studio-schedule studio="salsa-city" api="http://localhost:0" booking="dialog">'),
      expect.stringContaining("createStudioDataClient({ baseUrl: 'http://localhost:0', studio: 'salsa-city' })"),
    ]);
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('When a developer opens the API reference, then Swagger UI (served here) shows every operation and "Try it out" asks this server', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    watchPageProblems(page, problems);
    const outside: string[] = [];
    page.on('request', (sent) => {
      if (!sent.url().startsWith(server.url)) outside.push(sent.url());
    });
    await page.goto(`${server.url}/api-reference`);
    const operation = page.locator('#operations-Studio-getStudioProfile');
    // Swagger UI has rendered once the document (fetched by its page) is in and the operations are listed.
    await page.waitForLoadState('networkidle');
    await operation.locator('.opblock-summary-control').click();
    await operation.locator('.opblock-summary-control[aria-expanded="true"]').waitFor();
    // "Try it out" is on from the start (tryItOutEnabled): the parameters are fields to fill.
    await operation.getByPlaceholder('studioId').fill('salsa-city');
    await Promise.all([page.waitForResponse((answer) => answer.url().endsWith('/api/public/studio/salsa-city/profile')), operation.getByRole('button', { name: 'Execute' }).click()]);
    const status = operation.locator('.live-responses-table tbody .response-col_status');
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    expect(await operation.locator('.live-responses-table tbody .response-col_description').textContent()).toContain('"id": "salsa-city"');
    expect(await page.locator('.opblock-summary-path').allTextContents()).toEqual(expect.arrayContaining(['/api/public/class/{classId}', '/api/public/studio/{studioId}/calendar.ics']));
    expect(outside).toEqual([]);
    expect(formatViolations(await axeViolations(page))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
