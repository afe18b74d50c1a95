import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** `npm start`'s process (tsx server/src/main.ts) with this environment: its exit code and what it wrote to stderr. */
function startAndWaitForExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr });
    }),
  );
}

describe('a server that cannot start says why, naming what to change', () => {
  let directory: string;
  beforeAll(() => (directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-start-'))));
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  it('When PORT is taken by another process, then the server exits 2 with one line naming PORT, and no stack trace', async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const { code, stderr } = await startAndWaitForExit({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${path.join(directory, 'port.sqlite')}`, DEMO_STUDIO: 'off' });
      expect([code, stderr.trim()]).toEqual([2, `PORT ${port} is in use on 127.0.0.1: another process is listening there. Stop it, or set PORT to a free port.`]);
    } finally {
      other.close();
    }
  }, 40_000);

  it('When HOST is not an address of this machine, then the server exits 2 with one line naming HOST', async () => {
    const { code, stderr } = await startAndWaitForExit({ PORT: '0', HOST: '192.0.2.1', DATABASE_URL: `sqlite:${path.join(directory, 'host.sqlite')}`, DEMO_STUDIO: 'off' });
    expect([code, stderr.trim()]).toEqual([2, 'HOST 192.0.2.1 is not an address of this machine: set HOST to one of its addresses (0.0.0.0 for all, 127.0.0.1 for this machine only).']);
  }, 40_000);
});
