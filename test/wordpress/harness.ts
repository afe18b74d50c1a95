import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createScratchDatabase, MARIADB_HOST, MARIADB_PORT } from '../support/mariadb';
import { ensureWordPressCore, type WordPressVersion } from './wordpress-core';
import { freePort } from '../support/free-port';
import { eventuallyWithin } from '../support/eventually-within';

const run = promisify(execFile);

export type { WordPressVersion };

/** How long a site's install may take before the set-up fails, naming it. */
const INSTALL_TIMEOUT_MS = 120_000;

export interface WordPressSiteOptions {
  version: WordPressVersion;
  apiUrl: string;
  checkoutUrl?: string;
  studioId: string;
  cacheTtl?: number;
  defaultLocale?: string;
  /** The instant (ms) the plugin's calendar is held at (its `studio_data_now` filter); the real clock when left out. */
  now?: number;
  /** PHP processes serving requests at once (PHP_CLI_SERVER_WORKERS); 4 when left out. */
  workers?: number;
}

export interface WordPressSite {
  version: WordPressVersion;
  url: string;
  tree: string;
  adminLogin: { user: string; password: string };
  /** Environment that points PHP processes (phpunit, wpEval) at this site. */
  env: Record<string, string>;
  debugLog: string;
  /** What `php -S` printed: one line per request it served, and PHP's own errors. */
  serverLog: string;
  /** Runs PHP code inside the site (after wp-load.php) and returns what it printed. */
  wpEval(code: string): Promise<string>;
  /** The plugin's settings, written through its sanitizer. */
  configure(settings: Partial<Record<'api_base_url' | 'checkout_base_url' | 'studio_id' | 'default_locale' | 'cache_ttl', string | number>>): Promise<void>;
  /** A published page with this content; answers its URL. */
  createPage(title: string, content: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A real WordPress site: a cached core tree, a database of its own on MariaDB, installed by
 * wp_install() with the plugin activated and configured, served by `php -S` with WP_DEBUG on and the
 * debug log in a file of its own.
 */
export async function startWordPress(options: WordPressSiteOptions): Promise<WordPressSite> {
  const tree = await ensureWordPressCore(options.version);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `studio-data-wp-${options.version}-`));
  const database = await createScratchDatabase('sdwp');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const debugLog = path.join(runDir, 'debug.log');
  const serverLogFile = path.join(runDir, 'server.log');
  const siteConfig = path.join(runDir, 'site-config.php');
  fs.writeFileSync(siteConfig, siteConfigPhp({ database: database.name, url, debugLog, now: options.now }));
  const env = { STUDIO_DATA_WP_CONFIG: siteConfig, STUDIO_DATA_WP_TREE: tree };
  const password = randomBytes(12).toString('hex');

  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => (server!.exitCode !== null ? resolve(null) : server!.once('exit', resolve)));
    }
    await database.drop();
    fs.rmSync(runDir, { recursive: true, force: true });
  };

  try {
    const settings = {
      api_base_url: options.apiUrl,
      checkout_base_url: options.checkoutUrl ?? options.apiUrl,
      studio_id: options.studioId,
      default_locale: options.defaultLocale ?? 'en',
      cache_ttl: options.cacheTtl ?? 300,
    };
    // Bounded, so that an install that hangs fails here, by name, and not as the suite's hook timeout.
    await run('php', [path.join(__dirname, 'install.php'), tree, password, JSON.stringify(settings)], { env: { ...process.env, ...env }, timeout: INSTALL_TIMEOUT_MS }).catch(
      (error: unknown) => {
        throw new Error(`WordPress ${options.version}'s install (install.php) failed or took over ${INSTALL_TIMEOUT_MS / 1000} s: ${error instanceof Error ? error.message : String(error)}`);
      },
    );

    const serverLog = fs.openSync(serverLogFile, 'a');
    // Workers let a page that asks the site's own REST API (or a slow API) not block the others.
    server = spawn('php', ['-d', 'memory_limit=256M', '-S', `127.0.0.1:${port}`, '-t', tree, path.join(__dirname, 'router.php')], {
      env: { ...process.env, ...env, PHP_CLI_SERVER_WORKERS: String(options.workers ?? 4) },
      detached: true,
      stdio: ['ignore', serverLog, serverLog],
    });
    fs.closeSync(serverLog);
    // If the test process ends without stop() (a crash, a timeout), its PHP servers end with it.
    const serverGroup = server.pid!;
    const killOnExit = () => {
      try {
        process.kill(-serverGroup, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    process.once('exit', killOnExit);
    server.once('exit', () => process.removeListener('exit', killOnExit));
    await waitForHttp(`${url}/wp-login.php`);
  } catch (error) {
    await stop();
    throw error;
  }

  const wpEval = async (code: string) => {
    const file = path.join(runDir, `eval-${randomBytes(4).toString('hex')}.php`);
    fs.writeFileSync(file, `<?php\n${code}\n`);
    try {
      const { stdout } = await run('php', [path.join(__dirname, 'wp-eval.php'), tree, file], { env: { ...process.env, ...env } });
      return stdout;
    } finally {
      fs.rmSync(file, { force: true });
    }
  };

  return {
    version: options.version,
    url,
    tree,
    adminLogin: { user: 'admin', password },
    env,
    debugLog,
    serverLog: serverLogFile,
    wpEval,
    async configure(settings) {
      await wpEval(`update_option('studio_data_settings', array_merge(get_option('studio_data_settings', []), json_decode(${phpString(JSON.stringify(settings))}, true)));`);
    },
    async createPage(title, content) {
      return (
        await wpEval(
          `$id = wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => ${phpString(title)}, 'post_content' => ${phpString(content)}], true);
if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message()); exit(1); }
echo get_permalink($id);`,
        )
      ).trim();
    },
    stop,
  };
}

function siteConfigPhp({ database, url, debugLog, now }: { database: string; url: string; debugLog: string; now?: number }): string {
  const keys = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'];
  const defines: Record<string, string | boolean | number> = {
    DB_NAME: database,
    DB_USER: 'root',
    DB_PASSWORD: '',
    DB_HOST: `${MARIADB_HOST}:${MARIADB_PORT}`,
    DB_CHARSET: 'utf8mb4',
    DB_COLLATE: '',
    WP_HOME: url,
    WP_SITEURL: url,
    WP_DEBUG: true,
    WP_DEBUG_LOG: debugLog,
    WP_DEBUG_DISPLAY: false,
    WP_ENVIRONMENT_TYPE: 'local',
    // Offline: no update checks or other calls to wordpress.org (the API on 127.0.0.1 stays reachable).
    WP_HTTP_BLOCK_EXTERNAL: true,
    AUTOMATIC_UPDATER_DISABLED: true,
    WP_AUTO_UPDATE_CORE: false,
    DISABLE_WP_CRON: true,
    // Read by clock-mu-plugin.php: the plugin's calendar stands still at the test's instant.
    ...(now === undefined ? {} : { STUDIO_DATA_TEST_NOW: Math.floor(now / 1000) }),
    ...Object.fromEntries(keys.map((key) => [key, randomBytes(24).toString('hex')])),
  };
  const lines = Object.entries(defines).map(([name, value]) => `define('${name}', ${typeof value === 'string' ? phpString(value) : String(value)});`);
  // $GLOBALS, not a plain variable: phpunit loads wp-load.php from inside a function.
  return `<?php\n${lines.join('\n')}\n$GLOBALS['table_prefix'] = 'wp_';\n`;
}

/** A PHP single-quoted string literal. */
export function phpString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}


/**
 * Asks until WordPress answers, each attempt for at most ATTEMPT_MS, so that a request `php -S`
 * accepts and never answers is given up and asked again, and the deadline holds. (A blocks suite's
 * set-up once waited out its 300-second hook in a CI rehearsal, at a step not recorded: the steps
 * that could wait without end now have bounds, and fail naming what they waited for.)
 */
async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const ATTEMPT_MS = 5_000;
  // A refused connection (not listening yet), an attempt that got no answer in time, or a 5xx: asked again.
  await eventuallyWithin(async () => {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(ATTEMPT_MS) });
    if (response.status >= 500) throw new Error(`status ${response.status}`);
  }, timeoutMs).catch((last: unknown) => {
    throw new Error(`WordPress did not answer at ${url} within ${timeoutMs / 1000} s (last: ${last instanceof Error ? last.message : String(last)})`);
  });
}
