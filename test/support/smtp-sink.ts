import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process (the `smtp-server` package), on a free port of 127.0.0.1:
 * it accepts every message (no TLS, no login) and keeps it parsed (`mailparser`), so a test reads
 * what a student's mailbox would get. It can refuse for a while (`refuse()`: every MAIL FROM gets a
 * 451, as a mail server that is down for maintenance answers), leave a message's data unanswered
 * (`stall()`), or answer it only when told (`hold()`, then `release()`), to test retries, a worker
 * killed mid-delivery and one stopped mid-delivery.
 */
export interface SmtpSink {
  /** SMTP_URL for the server under test */
  url: string;
  received: ParsedMail[];
  /** the raw messages, as they arrived */
  raw: string[];
  /** the messages sent to one address */
  to(address: string): ParsedMail[];
  /** waits until `count` messages have arrived in all (or the timeout passes, which fails the test) */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** the first email to the address whose subject matches, once it has arrived (fails the test after the timeout) */
  mailTo(address: string, subject?: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  refuse(): void;
  /** from now on the end of each message's data is never answered (the sender waits) */
  stall(): void;
  /** accepts again */
  accept(): void;
  /** from now on each message's data waits for `release()` before it is answered (accepted) */
  hold(): void;
  /** accepts the messages held so far, and those to come */
  release(): void;
  /** how many messages wait for `release()` */
  held(): number;
  /** how many deliveries were refused or stalled */
  refusals(): number;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const raw: string[] = [];
  let mode: 'accept' | 'refuse' | 'stall' | 'hold' = 'accept';
  let refused = 0;
  const waiters: (() => void)[] = [];
  const holding: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (mode !== 'refuse') return callback();
      refused++;
      const error = Object.assign(new Error('Service not available, try again later'), { responseCode: 451 });
      callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (mode === 'stall') {
          // Never answered: the sender waits until its socket times out or it is killed.
          refused++;
          return;
        }
        const text = Buffer.concat(chunks).toString('utf8');
        const answer = () =>
          simpleParser(text).then(
            (parsed) => {
              raw.push(text);
              received.push(parsed);
              waiters.splice(0).forEach((wake) => wake());
              callback();
            },
            (error: Error) => callback(error),
          );
        if (mode === 'hold') holding.push(answer);
        else void answer();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };

  async function waitFor(count: number, timeoutMs = 20_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} emails, ${received.length} arrived: ${received.map((mail) => mail.subject).join(' | ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return received;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    raw,
    to: (address) => received.filter((mail) => addressesOf(mail).includes(address.toLowerCase())),
    waitFor,
    async mailTo(address, subject = /./, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      const find = () => received.find((mail) => addressesOf(mail).includes(address.toLowerCase()) && subject.test(mail.subject ?? ''));
      while (!find() && Date.now() < deadline) await waitFor(received.length + 1, deadline - Date.now()).catch(() => undefined);
      const mail = find();
      if (!mail) throw new Error(`no email to ${address} matching ${subject}; arrived: ${received.map((other) => other.subject).join(' | ')}`);
      return mail;
    },
    refuse: () => void (mode = 'refuse'),
    stall: () => void (mode = 'stall'),
    accept: () => void (mode = 'accept'),
    hold: () => void (mode = 'hold'),
    release() {
      mode = 'accept';
      holding.splice(0).forEach((answer) => answer());
    },
    held: () => holding.length,
    refusals: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase()));
}
