import fs from 'node:fs';
import type { WordPressSite } from './harness';

/** The last lines of the site's `php -S` and debug logs, for a failure to say what the site was doing. */
export function recentSiteLogs(site: WordPressSite): string {
  const tail = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '(none)');
  return [`php -S log:\n${tail(site.serverLog)}`, `debug log:\n${tail(site.debugLog)}`].join('\n');
}
