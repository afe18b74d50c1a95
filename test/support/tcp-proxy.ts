import net from 'node:net';

/**
 * A TCP proxy between the server under test and its database, to play outages:
 * - forwarding (the default, and after `restore()`);
 * - `refuse()`: the listener is closed and every open connection destroyed, so connecting is refused;
 * - `blackhole()`: connections are accepted and kept open, but nothing is forwarded either way. Bytes
 *   are held, not dropped, as TCP would retransmit them: `restore()` delivers them in order;
 * - `setDelay(ms)`: every chunk from the database is delivered `ms` later (order is kept).
 */
export interface TcpProxy {
  /** the port the proxy listens on (the same one again after a `refuse()` + `restore()`) */
  readonly port: number;
  readonly host: string;
  refuse(): Promise<void>;
  blackhole(): void;
  restore(): Promise<void>;
  setDelay(ms: number): void;
  /** Resolves once every chunk from the database held back by `setDelay` has been delivered (after `setDelay(0)`, none is held back anew). */
  delivered(): Promise<void>;
  /** open client connections (for diagnostics) */
  connectionCount(): number;
  /** client connections accepted since the start, open or closed (each a call the client made) */
  acceptedCount(): number;
  close(): Promise<void>;
}

type Mode = 'forwarding' | 'refusing' | 'blackhole';

interface Link {
  client: net.Socket;
  upstream: net.Socket;
  /** chunks held while blackholed, in arrival order */
  held: { to: net.Socket; chunk: Buffer; fromDatabase: boolean }[];
  /** when the last delayed chunk from the database is due: later chunks never overtake it */
  lastDueAt: number;
  /** delayed deliveries not made yet */
  timers: Set<NodeJS.Timeout>;
  destroy(): void;
}

export async function startTcpProxy(target: { host: string; port: number }, listenHost = '127.0.0.1'): Promise<TcpProxy> {
  let mode: Mode = 'forwarding';
  let delayMs = 0;
  let closed = false;
  const links = new Set<Link>();
  let listener: net.Server | null = null;
  let port = 0;
  let accepted = 0;

  const writeLater = (link: Link, to: net.Socket, chunk: Buffer, dueAt: number) => {
    const timer = setTimeout(() => {
      link.timers.delete(timer);
      if (!to.destroyed) to.write(chunk);
    }, Math.max(0, dueAt - Date.now()));
    link.timers.add(timer);
  };

  const deliver = (link: Link, to: net.Socket, chunk: Buffer, fromDatabase: boolean) => {
    if (to.destroyed) return;
    if (fromDatabase && delayMs > 0) {
      link.lastDueAt = Math.max(Date.now() + delayMs, link.lastDueAt);
      writeLater(link, to, chunk, link.lastDueAt);
      return;
    }
    // A chunk must not overtake delayed ones still on their way.
    if (fromDatabase && link.lastDueAt > Date.now()) {
      writeLater(link, to, chunk, link.lastDueAt);
      return;
    }
    to.write(chunk);
  };

  const onConnection = (client: net.Socket) => {
    if (mode === 'refusing' || closed) {
      client.destroy();
      return;
    }
    accepted += 1;
    const upstream = net.connect({ host: target.host, port: target.port });
    const link: Link = {
      client,
      upstream,
      held: [],
      lastDueAt: 0,
      timers: new Set(),
      destroy() {
        links.delete(link);
        for (const timer of link.timers) clearTimeout(timer);
        link.timers.clear();
        client.destroy();
        upstream.destroy();
      },
    };
    links.add(link);
    const relay = (to: net.Socket, fromDatabase: boolean) => (chunk: Buffer) => {
      if (mode === 'blackhole') link.held.push({ to, chunk, fromDatabase });
      else deliver(link, to, chunk, fromDatabase);
    };
    client.on('data', relay(upstream, false));
    upstream.on('data', relay(client, true));
    // Either side going away ends the pair, as it would end a direct connection. While blackholed,
    // the database's own close is held back too (nothing at all gets through).
    client.on('close', () => link.destroy());
    upstream.on('close', () => {
      if (mode === 'blackhole') return;
      link.destroy();
    });
    client.on('error', () => link.destroy());
    upstream.on('error', () => link.destroy());
  };

  const listen = (wantedPort: number) =>
    new Promise<void>((resolve, reject) => {
      const server = net.createServer(onConnection);
      server.once('error', reject);
      server.listen(wantedPort, listenHost, () => {
        server.off('error', reject);
        listener = server;
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });

  const closeListener = () =>
    new Promise<void>((resolve) => {
      const server = listener;
      listener = null;
      if (!server) return resolve();
      server.close(() => resolve());
    });

  const destroyAll = () => {
    for (const link of [...links]) link.destroy();
  };

  await listen(0);

  return {
    get port() {
      return port;
    },
    host: listenHost,
    async refuse() {
      mode = 'refusing';
      const closing = closeListener();
      destroyAll();
      await closing;
    },
    blackhole() {
      mode = 'blackhole';
    },
    async restore() {
      const wasRefusing = mode === 'refusing';
      mode = 'forwarding';
      for (const link of [...links]) {
        const held = link.held.splice(0);
        for (const { to, chunk, fromDatabase } of held) deliver(link, to, chunk, fromDatabase);
        if (link.upstream.destroyed) link.destroy();
      }
      if (wasRefusing && !listener && !closed) await listen(port);
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    async delivered() {
      while ([...links].some((link) => link.timers.size > 0)) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    connectionCount() {
      return links.size;
    },
    acceptedCount() {
      return accepted;
    },
    async close() {
      closed = true;
      const closing = closeListener();
      destroyAll();
      await closing;
    },
  };
}
