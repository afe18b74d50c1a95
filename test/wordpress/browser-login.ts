import type { Page } from 'playwright-core';
import type { WordPressSite } from './harness';
import { recentSiteLogs } from './site-logs';

/**
 * Logs the page in through wp-login.php as a person would. It waits for WordPress's answer that
 * sends the browser to wp-admin (the cookies are set by then), not for the whole dashboard to load:
 * the dashboard is not what any test judges, and its many assets through `php -S` (slower still
 * under faketime) once took more than the page timeout on a busy CI machine.
 *
 * A login that does not reach wp-admin is tried once more, as a person would; if that fails too,
 * the error says where the browser was, what the login page said, and the end of the site's logs
 * (twice, on CI only, the first login of the faketime run never reached wp-admin).
 */
export async function logInThroughForm(page: Page, site: WordPressSite, as: { user: string; password: string } = site.adminLogin): Promise<void> {
  const attempt = async () => {
    await page.goto(`${site.url}/wp-login.php`);
    await page.fill('#user_login', as.user);
    await page.fill('#user_pass', as.password);
    await Promise.all([page.waitForURL(/\/wp-admin\//, { waitUntil: 'commit' }), page.click('#wp-submit')]);
  };
  try {
    await attempt();
  } catch (first) {
    const before = await whereTheLoginStopped(page, site);
    process.stderr.write(`⚠ The login did not reach wp-admin (${String(first)}); trying once more.\n${before}\n`);
    try {
      await attempt();
    } catch (second) {
      throw new Error(`The login did not reach wp-admin, twice.\nFirst: ${String(first)}\n${before}\nThen: ${String(second)}\n${await whereTheLoginStopped(page, site)}`);
    }
  }
}

async function whereTheLoginStopped(page: Page, site: WordPressSite): Promise<string> {
  const loginError = await page
    .locator('#login_error')
    .textContent({ timeout: 1_000 })
    .catch(() => null);
  return [`browser at: ${page.url()}`, `login error: ${loginError ?? '(none shown)'}`, recentSiteLogs(site)].join('\n');
}
