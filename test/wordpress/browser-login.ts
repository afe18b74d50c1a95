import type { Page } from 'playwright-core';
import type { WordPressSite } from './harness';

/**
 * Logs the page in through wp-login.php as a person would. It waits for WordPress's answer that
 * sends the browser to wp-admin (the cookies are set by then), not for the whole dashboard to load:
 * the dashboard is not what any test judges, and its many assets through `php -S` (slower still
 * under faketime) once took more than the page timeout on a busy CI machine.
 */
export async function logInThroughForm(page: Page, site: WordPressSite, as: { user: string; password: string } = site.adminLogin): Promise<void> {
  await page.goto(`${site.url}/wp-login.php`);
  await page.fill('#user_login', as.user);
  await page.fill('#user_pass', as.password);
  await Promise.all([page.waitForURL(/\/wp-admin\//, { waitUntil: 'commit' }), page.click('#wp-submit')]);
}
