import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeWithPhp } from './prerequisites';
import { REPO_ROOT } from './wordpress-core';
import { ensureBlocksBuilt } from '../blocks/built-blocks';

const run = promisify(execFile);

describeWithPhp({ mariadb: false })('The plugin as a site owner installs it', () => {
  test('When the plugin zip is built (wp-scripts plugin-zip), then it holds the plugin and its built blocks under studio-data/ and no tests, tools or sources', async () => {
    await ensureBlocksBuilt();
    const pluginDir = path.join(REPO_ROOT, 'plugin');
    // plugin-zip writes `<name>.zip` where it runs; this test's copy goes to a folder of its own.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-zip-'));
    try {
      await run(path.join(REPO_ROOT, 'node_modules/.bin/wp-scripts'), ['plugin-zip'], { cwd: pluginDir, maxBuffer: 16 * 1024 * 1024 });
      const zip = path.join(dir, 'studio-data.zip');
      fs.renameSync(path.join(pluginDir, 'studio-data.zip'), zip);
      const { stdout } = await run('php', ['-r', '$z = new ZipArchive(); $z->open($argv[1]); for ($i = 0; $i < $z->numFiles; $i++) echo $z->getNameIndex($i), "\\n";', zip]);
      const files = stdout.trim().split('\n');
      expect(files).toEqual(expect.arrayContaining([
        'studio-data/studio-data.php',
        'studio-data/uninstall.php',
        'studio-data/readme.txt',
        'studio-data/languages/studio-data.pot',
        'studio-data/assets/studio-data.css',
        'studio-data/includes/client/Client.php',
        'studio-data/includes/render/context.php',
        'studio-data/build/class-schedule/block.json',
        'studio-data/build/class-schedule/block-markup.php',
        'studio-data/build/class-schedule/renderer.php',
        'studio-data/build/class-schedule/view.js',
        'studio-data/build/events/index.js',
      ]));
      // npm's packlist, which plugin-zip follows, always adds the package.json and README.md beside `files`.
      const unexpected = files.filter((file) => !/^studio-data\/(studio-data\.php|uninstall\.php|readme\.txt|package\.json|README\.md|(includes|assets|languages|build)\/[^]+)$/.test(file));
      expect(unexpected).toEqual([]);
      expect(files.filter((file) => /\.map$|\/\.|\.tsx?$|\/bin\/|\/test/.test(file))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('When a string is added to the plugin, then the translation template lists it', async () => {
    await expect(run('php', [path.join(REPO_ROOT, 'plugin/bin/make-pot.php'), '--check'])).resolves.toMatchObject({ stdout: "languages/studio-data.pot has every string of the plugin's own PHP\n" });
  });

  test('When a Spanish site loads the plugin, then every string of the template has its Spanish translation, and the .mo and the blocks\' JSON files are current', async () => {
    const checked = await run('node', [path.join(REPO_ROOT, 'plugin/bin/make-translations.mjs'), '--check']).catch((error: { stderr?: string }) => {
      throw new Error(`node plugin/bin/make-translations.mjs --check failed:\n${error.stderr ?? String(error)}`);
    });
    const [, translated, total] = /es_ES: (\d+) of (\d+) strings translated/.exec(checked.stdout) ?? [];
    expect(Number(total)).toBeGreaterThan(250);
    expect(translated).toBe(total);
    // One JSON file per block editor script, as WordPress names them.
    const blockScripts = fs.readdirSync(path.join(REPO_ROOT, 'blocks')).filter((folder) => fs.existsSync(path.join(REPO_ROOT, 'blocks', folder, 'block.json')));
    const jsonFiles = fs.readdirSync(path.join(REPO_ROOT, 'plugin/languages')).filter((file) => /^studio-data-es_ES-[0-9a-f]{32}\.json$/.test(file));
    expect(jsonFiles).toHaveLength(blockScripts.length);
  });

  test('When any PHP file of the plugin (the blocks\' and the client\'s included) is requested directly, then it exits before running anything: each parses on this PHP and starts with its guard', async () => {
    const phpFiles = (folder: string) =>
      fs.readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.php'))
        .map((file) => `${folder}/${file}`);
    const files = [...phpFiles('plugin').filter((file) => !/^plugin\/build\//.test(file)), ...phpFiles('blocks')];
    expect(files).toEqual(expect.arrayContaining(['blocks/class-schedule/renderer.php', 'plugin/includes/client/Client.php', 'plugin/bin/make-pot.php']));
    const unguarded: string[] = [];
    for (const file of files) {
      await run('php', ['-l', path.join(REPO_ROOT, file)]);
      const first = firstStatement(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'));
      // The tools of bin/ are for the command line; everything else runs inside WordPress, or (the
      // plain client) included by another PHP program, never as the script a web request names.
      const guard = file.startsWith('plugin/bin/') ? CLI_GUARD : file === 'plugin/uninstall.php' ? UNINSTALL_GUARD : ABSPATH_GUARD;
      if (!guard.test(first)) unguarded.push(`${file}: ${first.slice(0, 80)}`);
    }
    expect(unguarded).toEqual([]);
  });
});

/** `defined( 'ABSPATH' ) || … exit;` or `if ( ! defined( 'ABSPATH' ) ) { exit; }`. */
const ABSPATH_GUARD = /^(defined\( 'ABSPATH' \) \|\|[^;]*\bexit;|if \( ! defined\( 'ABSPATH' \) \) \{ exit;)/;
const UNINSTALL_GUARD = /^if \( ! defined\( 'WP_UNINSTALL_PLUGIN' \) \) \{ exit;/;
const CLI_GUARD = /^'cli' === PHP_SAPI \|\| exit;/;

/** A PHP file's first statement that runs something: after comments, `namespace`, `use` and `declare`. */
function firstStatement(source: string): string {
  let rest = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*(\/\/|#).*$/gm, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
  for (let harmless = /^(<\?php|namespace\s[^;]+;|use\s[^;]+;|declare\([^)]*\);)\s*/.exec(rest); harmless; harmless = /^(<\?php|namespace\s[^;]+;|use\s[^;]+;|declare\([^)]*\);)\s*/.exec(rest)) {
    rest = rest.slice(harmless[0].length);
  }
  return rest;
}
