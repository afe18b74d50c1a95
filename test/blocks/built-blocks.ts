import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { withLock } from '../wordpress/wordpress-core';

const run = promisify(execFile);

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const BLOCKS_BUILD = path.join(REPO_ROOT, 'plugin/build');

/**
 * plugin/build as `npm run build:blocks` makes it. A checkout without it (CI's fresh clone) gets it
 * built once, under a lock, whichever test file asks first; an existing build is used as it is.
 */
export async function ensureBlocksBuilt(): Promise<string> {
  // The schedule's renderer: a build from before the blocks held their PHP lacks it, and is redone.
  const marker = path.join(BLOCKS_BUILD, 'class-schedule/renderer.php');
  if (fs.existsSync(marker)) return BLOCKS_BUILD;
  await withLock(path.join(REPO_ROOT, '.cache', 'blocks-build.lock'), async () => {
    if (fs.existsSync(marker)) return;
    await run('npm', ['run', 'build:blocks'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  });
  if (!fs.existsSync(marker)) throw new Error('npm run build:blocks did not produce plugin/build/.');
  return BLOCKS_BUILD;
}
