import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../support/free-port';

export interface Balancer {
  url: string;
  /** the instances HAProxy's health checks see up (from its statistics page) */
  serversUp(): Promise<string[]>;
  close(): Promise<void>;
}

const CONFIG = path.resolve(__dirname, '../../deploy/haproxy.cfg');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** HAProxy with the deployment's own configuration (deploy/haproxy.cfg), in front of the three instances. */
export async function startHaproxy(instances: string[]): Promise<Balancer> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    STUDIO_DATA_BIND: `127.0.0.1:${port}`,
    HAPROXY_STATS_BIND: `127.0.0.1:${statsPort}`,
    ...Object.fromEntries(instances.map((address, index) => [`STUDIO_DATA_${index + 1}`, address])),
  };
  const child = spawn('haproxy', ['-db', '-f', CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const serversUp = async () => {
    const csv = await (await fetch(statsUrl)).text();
    return csv
      .split('\n')
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === 'instances' && cells[1]?.startsWith('app') && cells[17]?.startsWith('UP'))
      .map((cells) => cells[1] as string);
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await serversUp().catch(() => []);
    if (up.length === instances.length) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not see the ${instances.length} instances up (${up.join(', ')}):\n${output}`);
    }
    await sleep(100);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    serversUp,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
