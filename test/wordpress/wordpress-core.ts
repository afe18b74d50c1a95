import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type WordPressVersion = '6.5' | '6.6' | '6.7';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const CORE_CACHE = path.join(REPO_ROOT, '.cache', 'wordpress');

/**
 * WordPress cores come from npm (the registry is reachable where wordpress.org is not): the
 * Playground builds package holds each release's PHP files in a zip and its static assets apart.
 * 6.6 is the package's "beta" build (6.6 RC3), 6.7 its "nightly" (6.7-alpha, the newest core on npm).
 */
const BUILDS_PACKAGE = '@wp-playground/wordpress-builds@0.9.19';
const BUILDS_TARBALL = 'wp-playground-wordpress-builds-0.9.19.tgz';
const BUILD_NAMES: Record<WordPressVersion, string> = { '6.5': 'wp-6.5', '6.6': 'wp-beta', '6.7': 'wp-nightly' };

/**
 * A complete WordPress tree of that version under .cache/wordpress/, fetched and unpacked on first
 * use, with our wp-config.php and the plugin linked in. Safe to call from parallel test files.
 */
export async function ensureWordPressCore(version: WordPressVersion): Promise<string> {
  const tree = path.join(CORE_CACHE, `wordpress-${version}`);
  const ready = path.join(tree, '.studio-data-ready');
  if (!fs.existsSync(ready)) {
    await withLock(path.join(CORE_CACHE, '.lock'), async () => {
      if (fs.existsSync(ready)) return;
      await unpackCore(version, tree);
      fs.writeFileSync(ready, `${BUILDS_PACKAGE} ${BUILD_NAMES[version]}\n`);
    });
  }
  // Refreshed on every run: the config follows the repository, and the link follows this clone.
  fs.copyFileSync(path.join(__dirname, 'wp-config.php'), path.join(tree, 'wp-config.php'));
  fs.mkdirSync(path.join(tree, 'wp-content', 'mu-plugins'), { recursive: true });
  fs.copyFileSync(path.join(__dirname, 'offline-mu-plugin.php'), path.join(tree, 'wp-content', 'mu-plugins', 'studio-data-tests-offline.php'));
  fs.copyFileSync(path.join(__dirname, 'clock-mu-plugin.php'), path.join(tree, 'wp-content', 'mu-plugins', 'studio-data-tests-clock.php'));
  linkPlugin(tree);
  return tree;
}

async function unpackCore(version: WordPressVersion, tree: string): Promise<void> {
  fs.mkdirSync(CORE_CACHE, { recursive: true });
  const tarball = path.join(CORE_CACHE, BUILDS_TARBALL);
  if (!fs.existsSync(tarball)) {
    await run('npm', ['pack', BUILDS_PACKAGE, '--pack-destination', CORE_CACHE, '--silent'], { cwd: CORE_CACHE, maxBuffer: 1 << 20 });
  }
  const name = BUILD_NAMES[version];
  const scratch = fs.mkdtempSync(path.join(CORE_CACHE, `unpack-${name}-`));
  try {
    await run('tar', ['-xzf', tarball, '-C', scratch, `package/src/wordpress/${name}.zip`, `package/public/${name}`]);
    const staging = path.join(scratch, 'tree');
    // PHP's zip extension unpacks the PHP files (no unzip binary needed).
    await run('php', ['-r', '$z = new ZipArchive(); if ($z->open($argv[1]) !== true || !$z->extractTo($argv[2])) exit(1);', path.join(scratch, 'package/src/wordpress', `${name}.zip`), staging]);
    fs.cpSync(path.join(scratch, 'package/public', name), staging, { recursive: true });
    // The Playground's SQLite database is not used: sites run on MariaDB.
    fs.rmSync(path.join(staging, 'wp-content', 'database'), { recursive: true, force: true });
    fs.rmSync(tree, { recursive: true, force: true });
    fs.renameSync(staging, tree);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function linkPlugin(tree: string): void {
  const link = path.join(tree, 'wp-content', 'plugins', 'studio-data');
  const target = path.join(REPO_ROOT, 'plugin');
  try {
    if (fs.readlinkSync(link) === target) return;
  } catch {
    // not a link yet
  }
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(target, link, 'dir');
}

/** A lock between processes (a folder), taken over when its holder has been gone for ten minutes. */
export async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
