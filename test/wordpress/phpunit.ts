import { spawn } from 'node:child_process';
import path from 'node:path';

export const PHPUNIT_DIR = path.join(__dirname, 'phpunit');

export interface PhpunitRun {
  passed: boolean;
  output: string;
}

/** Runs Debian's phpunit on one of our configurations; the output is kept for the failure message. */
export function runPhpunit(config: 'client.xml' | 'site.xml', env: Record<string, string>): Promise<PhpunitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('phpunit', ['-c', path.join(PHPUNIT_DIR, config), '--do-not-cache-result'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ passed: code === 0 && !/No tests executed|Skipped: /.test(output), output }));
  });
}
