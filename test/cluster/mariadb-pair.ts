import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { freePort } from '../support/free-port';

/**
 * A MariaDB primary and its replica of their own, for the cluster test: two `mariadbd` with their own
 * data folders (made by `mariadb-install-db`) and ports, the primary writing a binary log, the
 * replica following it by GTID (`CHANGE MASTER TO … MASTER_USE_GTID=slave_pos`) and read-only. Root
 * has no password on either; both listen on 127.0.0.1 only.
 */
export interface MariadbPair {
  primaryUrl: string;
  replicaUrl: string;
  /** a connection to the primary's database */
  primary(): Promise<Connection>;
  /** a connection to the replica's database */
  replica(): Promise<Connection>;
  /** stops the replica's server (SIGTERM, then waits for its exit) */
  stopReplica(): Promise<void>;
  /** waits until the replica has applied everything the primary has written so far */
  replicaCaughtUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const DATABASE = 'studio_data';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The programs the pair needs; missing ones make the test fail under CI=true and skip elsewhere. */
export function missingMariadbPrograms(): string[] {
  return ['mariadbd', 'mariadb-install-db'].filter((program) => !onPath(program));
}

export function onPath(program: string): boolean {
  const dirs = (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin', '/sbin']);
  return dirs.some((dir) => fs.existsSync(path.join(dir, program)));
}

function which(program: string): string {
  const dirs = (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin', '/sbin']);
  const found = dirs.map((dir) => path.join(dir, program)).find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`${program} is not installed`);
  return found;
}

interface Server {
  port: number;
  process: ChildProcess;
  exited: Promise<void>;
  log: () => string;
}

export async function startMariadbPair(root: string): Promise<MariadbPair> {
  const [primary, replica] = await Promise.all([startServer(root, 'primary', 1), startServer(root, 'replica', 2)]);
  const servers = [primary, replica];
  try {
    const admin = (port: number) => createConnection({ host: '127.0.0.1', port, user: 'root', multipleStatements: true });
    const onPrimary = await admin(primary.port);
    await onPrimary.query(`CREATE DATABASE ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await onPrimary.end();
    const onReplica = await admin(replica.port);
    // The primary's whole binary log is replayed from its start (the database above included), by GTID.
    await onReplica.query(
      `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primary.port}, MASTER_USER='root', MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1; START SLAVE;`,
    );
    await onReplica.end();
  } catch (error) {
    await stopAll(servers);
    throw error;
  }
  const pair: MariadbPair = {
    primaryUrl: `mysql://root@127.0.0.1:${primary.port}/${DATABASE}`,
    replicaUrl: `mysql://root@127.0.0.1:${replica.port}/${DATABASE}`,
    primary: () => createConnection({ host: '127.0.0.1', port: primary.port, user: 'root', database: DATABASE }),
    replica: () => createConnection({ host: '127.0.0.1', port: replica.port, user: 'root', database: DATABASE }),
    async stopReplica() {
      replica.process.kill('SIGTERM');
      await replica.exited;
    },
    async replicaCaughtUp(timeoutMs = 10_000) {
      const onPrimary = await createConnection({ host: '127.0.0.1', port: primary.port, user: 'root' });
      const onReplica = await createConnection({ host: '127.0.0.1', port: replica.port, user: 'root' });
      try {
        const [[position]] = (await onPrimary.query('SELECT @@gtid_binlog_pos AS pos')) as unknown as [[{ pos: string }]];
        const [[waited]] = (await onReplica.query('SELECT MASTER_GTID_WAIT(?, ?) AS result', [position.pos, timeoutMs / 1000])) as unknown as [[{ result: number }]];
        if (waited.result !== 0) throw new Error(`the replica did not reach ${position.pos} within ${timeoutMs} ms:\n${replica.log()}`);
      } finally {
        await onPrimary.end();
        await onReplica.end();
      }
    },
    close: () => stopAll(servers),
  };
  await pair.replicaCaughtUp();
  return pair;
}

async function startServer(root: string, name: string, serverId: number): Promise<Server> {
  const datadir = path.join(root, name);
  fs.mkdirSync(datadir, { recursive: true });
  const asRoot = os.userInfo().uid === 0;
  const install = spawnSync(
    which('mariadb-install-db'),
    [`--datadir=${datadir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...(asRoot ? ['--user=root'] : []), '--no-defaults'],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db for the ${name} failed:\n${install.stdout}\n${install.stderr}`);
  const port = await freePort();
  const args = [
    '--no-defaults',
    `--datadir=${datadir}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${path.join(datadir, 'mariadb.sock')}`,
    `--pid-file=${path.join(datadir, 'mariadb.pid')}`,
    `--server-id=${serverId}`,
    '--log-bin=binlog',
    '--binlog-format=ROW',
    '--skip-name-resolve',
    // Small and quick: this is a test of behaviour, not of durability.
    '--innodb-buffer-pool-size=64M',
    '--innodb-log-file-size=16M',
    '--innodb-flush-log-at-trx-commit=2',
    '--sync-binlog=0',
    '--performance-schema=OFF',
    '--skip-log-error',
    ...(serverId === 1 ? [] : ['--read-only=ON', '--log-slave-updates=ON']),
    ...(asRoot ? ['--user=root'] : []),
  ];
  const child = spawn(which('mariadbd'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const connection = await createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 1000 });
      await connection.end();
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the ${name} MariaDB did not start (${(error as Error).message}):\n${log}`);
      }
      await sleep(200);
    }
  }
  return { port, process: child, exited, log: () => log };
}

async function stopAll(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      if (server.process.exitCode !== null || server.process.signalCode !== null) return;
      server.process.kill('SIGTERM');
      const killed = setTimeout(() => server.process.kill('SIGKILL'), 10_000);
      await server.exited;
      clearTimeout(killed);
    }),
  );
}
