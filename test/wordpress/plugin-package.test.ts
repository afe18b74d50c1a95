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

  test('Every plugin PHP file, the blocks\' own included, parses on this PHP and refuses to run outside WordPress or the client autoloader', async () => {
    const phpFiles = (folder: string) =>
      fs.readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.php'))
        .map((file) => `${folder}/${file}`);
    const files = [...phpFiles('plugin').filter((file) => !/^plugin\/(build|bin)\//.test(file)), ...phpFiles('blocks')];
    expect(files).toEqual(expect.arrayContaining(['blocks/class-schedule/renderer.php', 'blocks/events/json-ld.php']));
    for (const file of files) {
      const source = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
      await run('php', ['-l', path.join(REPO_ROOT, file)]);
      // The plain client (includes/client/) runs anywhere; everything else needs WordPress.
      if (!file.startsWith('plugin/includes/client/')) {
        expect({ file, guarded: /defined\( '(ABSPATH|WP_UNINSTALL_PLUGIN)' \)/.test(source) }).toEqual({ file, guarded: true });
      }
    }
  });
});
