import { spawnSync } from 'node:child_process';
import { mariadbAvailable } from '../support/mariadb';

/**
 * PHP and Debian's phpunit run the WordPress half of the suite. Locally a missing tool skips it with a
 * warning; under CI=true it fails the run (like MariaDB in test/support/global-setup.ts).
 */
export function phpPrerequisites(needs: { mariadb: boolean }): { ok: boolean; missing: string[] } {
  const missing: string[] = [];
  // WordPress keeps its site in MariaDB (test/support/global-setup.ts decides whether it is there).
  if (needs.mariadb && !mariadbAvailable()) missing.push('MariaDB at 127.0.0.1:3306');
  const php = spawnSync('php', ['-r', 'echo PHP_VERSION_ID, ",", implode(",", get_loaded_extensions());'], { encoding: 'utf8' });
  if (php.status !== 0) {
    missing.push('php (apt: php-cli)');
  } else {
    const [version, ...extensions] = php.stdout.split(',');
    if (Number(version) < 80100) missing.push(`PHP 8.1+ (found ${version})`);
    for (const [extension, pkg] of [['mysqli', 'php-mysql'], ['mbstring', 'php-mbstring'], ['dom', 'php-xml'], ['zip', 'php-zip'], ['intl', 'php-intl'], ['curl', 'php-curl']]) {
      if (!extensions.includes(extension!)) missing.push(`PHP extension ${extension} (apt: ${pkg})`);
    }
  }
  if (spawnSync('phpunit', ['--version'], { encoding: 'utf8' }).status !== 0) missing.push('phpunit (apt: phpunit)');
  return { ok: missing.length === 0, missing };
}

/** `describe` when the tools are there; under CI=true their absence is a failure, locally a skip. */
export function describeWithPhp(needs: { mariadb: boolean } = { mariadb: true }): jest.Describe {
  const { ok, missing } = phpPrerequisites(needs);
  if (ok) return describe;
  const message = `The WordPress tests need: ${missing.join(', ')}.`;
  if (process.env.CI === 'true') throw new Error(`${message} They are required under CI=true.`);
  process.stderr.write(`\n⚠ ${message} The WordPress tests are skipped.\n`);
  return describe.skip;
}
