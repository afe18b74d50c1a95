import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start`, `npm run start:production` and `npm run import` first run server/check-node-version.cjs
 * (their npm pre-scripts): on a Node that package.json's `engines` does not list, the command stops
 * with one plain sentence instead of a loader error or a native stack.
 */

const ROOT = path.resolve(__dirname, '../..');
const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
const ENGINES = packageJson.engines.node;
// Plain CommonJS on purpose (it must run on any Node), so required rather than imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const check = require('../../server/check-node-version.cjs') as { satisfies(version: string, engines: string): boolean; refusal(version: string, engines: string): string };

describe('the Node version check before npm start and npm run import', () => {
  test('When Node is a supported release, then the commands go ahead', () => {
    for (const version of ['20.11.0', '20.20.2', '22.11.0', '22.23.3', '24.0.0', '24.21.0', '26.1.0', 'v24.21.0']) expect([version, check.satisfies(version, ENGINES)]).toEqual([version, true]);
  });

  test('When Node is too old or an odd release between the supported ones, then the commands stop', () => {
    for (const version of ['16.20.2', '18.20.8', '20.10.0', '21.7.3', '22.10.0', '23.11.1']) expect([version, check.satisfies(version, ENGINES)]).toEqual([version, false]);
  });

  test('When the commands stop, then they say in one sentence which Node versions to use', () => {
    expect(check.refusal('v18.20.8', ENGINES)).toBe(
      'Studio Data runs on Node 20.11 or a later 20.x, 22.11 or a later 22.x, or 24 or later, not on Node 18.20.8: switch to a supported Node and run npm install again.',
    );
  });

  test('When the check runs on this Node, then it passes without a word', () => {
    const run = spawnSync(process.execPath, ['server/check-node-version.cjs'], { cwd: ROOT, encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  test('When npm start, start:production or import is run, then the check runs first', () => {
    for (const script of ['start', 'start:production', 'import']) expect(packageJson.scripts[`pre${script}`]).toBe('node server/check-node-version.cjs');
  });
});
