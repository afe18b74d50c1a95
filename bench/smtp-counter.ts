import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the bench process (the `smtp-server` package) on a free port of 127.0.0.1:
 * it accepts every message (no TLS, no login) and only counts it. Unlike the tests' sink it parses
 * nothing, so as little as possible of the shared CPUs goes to the receiving side, and it looks up
 * no client's name in DNS. It still greets each connection after smtp-server's fixed 100 ms pause
 * (its check for clients that talk too early), which the worker waits for once per connection of its
 * pool (3, reused from message to message, as production sends).
 */
export interface SmtpCounter {
  /** SMTP_URL for the worker */
  url: string;
  /** messages accepted so far */
  received(): number;
  close(): Promise<void>;
}

export async function startSmtpCounter(): Promise<SmtpCounter> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
