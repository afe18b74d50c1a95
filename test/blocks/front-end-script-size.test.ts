import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BLOCKS_BUILD as BUILD, ensureBlocksBuilt } from './built-blocks';

const BUDGET_BYTES = 10 * 1024;

/** Every block's front-end script (viewScript / viewScriptModule), as built by `npm run build:blocks`. */
function frontEndScripts(): string[] {
  return fs
    .readdirSync(BUILD)
    .flatMap((block) => ['view.js'].map((file) => path.join(BUILD, block, file)))
    .filter((file) => fs.existsSync(file));
}

beforeAll(() => ensureBlocksBuilt(), 180_000);

test('When a visitor loads a page with blocks, then each block’s front-end script is under 10 KB gzipped', () => {
  const scripts = frontEndScripts();
  expect(scripts.map((file) => path.relative(BUILD, file))).toContain('class-schedule/view.js');
  for (const file of scripts) {
    const size = gzipSync(fs.readFileSync(file)).length;
    expect({ file: path.relative(BUILD, file), underBudget: size < BUDGET_BYTES, size }).toMatchObject({ underBudget: true });
  }
});
