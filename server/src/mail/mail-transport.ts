import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { MailConfig } from '../config';

/** An email ready to go: rendered, addressed, with its calendar part. */
export interface OutgoingEmail {
  /** the outbox message's id: the same on every try, so a receiver can drop a repeat (Message-ID) */
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** the booking as an iCalendar part (text/calendar with its METHOD) and attachment */
  calendar: { method: 'REQUEST' | 'CANCEL'; content: string } | null;
}

export interface MailTransport {
  /** where emails go, for the logs: the SMTP server, or the folder of .eml files */
  readonly destination: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** Each SMTP step waits at most this long, so a try ends (and is retried) well within the worker's claim. */
const SMTP_TIMEOUT_MS = 30_000;
/**
 * Open connections kept to the mail server and reused (nodemailer's pool): a new connection per
 * email spends most of its time on the server's greeting and handshakes. As many as the worker
 * sends at once.
 */
export const SMTP_CONNECTIONS = 3;

/**
 * Nodemailer over SMTP_URL; without one, each email is written as an .eml file (RFC 5322, what the
 * SMTP server would have received) into MAIL_DIRECTORY, so `npm start` needs no mail server and a
 * newcomer can open what a student would get.
 */
export function createMailTransport(config: MailConfig): MailTransport {
  const envelope = (email: OutgoingEmail): Mail.Options => ({
    messageId: `<${email.id}@studio-data>`,
    from: config.from,
    to: email.to,
    replyTo: email.replyTo ?? undefined,
    subject: email.subject,
    text: email.text,
    html: email.html,
    icalEvent: email.calendar ? { method: email.calendar.method, filename: email.calendar.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', content: email.calendar.content } : undefined,
  });

  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    const address = new URL(config.smtpUrl);
    return {
      destination: `${address.protocol}//${address.host}`,
      async send(email) {
        await smtp.sendMail(envelope(email));
      },
      close: () => smtp.close(),
    };
  }

  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const directory = path.resolve(config.directory);
  return {
    destination: directory,
    async send(email) {
      const { message } = (await files.sendMail(envelope(email))) as { message: Buffer };
      await fs.mkdir(directory, { recursive: true });
      // Written whole or not at all: a reader never sees half an email.
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${email.id}.eml`);
      await fs.writeFile(`${file}.part`, message);
      await fs.rename(`${file}.part`, file);
    },
    close: () => files.close(),
  };
}
