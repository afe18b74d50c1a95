import { ConfigError, loadConfig } from '../../server/src/config';

/** The mail and outbox settings, read and checked at start like every other. */
describe('the mail settings', () => {
  it('When none is given, then emails go to .eml files under ./data/mail from Studio Data, and this process delivers them', () => {
    expect(loadConfig({})).toMatchObject({
      mail: { smtpUrl: null, from: 'Studio Data <no-reply@localhost>', directory: './data/mail' },
      outboxWorker: 'on',
      outboxPollMilliseconds: 2000,
    });
  });

  it('When they are given, then they are used as written', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: 'Casa del Son <hola@casadelson.example>', OUTBOX_WORKER: 'off', OUTBOX_POLL_MS: '500' })).toMatchObject({
      mail: { smtpUrl: 'smtps://user:secret@mail.example.com:465', from: 'Casa del Son <hola@casadelson.example>' },
      outboxWorker: 'off',
      outboxPollMilliseconds: 500,
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com', 'SMTP_URL: expected smtp://user:pass@host:port or smtps://…'],
    ['MAIL_FROM', 'Studio Data', 'MAIL_FROM: expected "Name <address@example.com>" or an address'],
    ['OUTBOX_WORKER', 'sometimes', 'OUTBOX_WORKER: expected on or off'],
    // Read as 0 (a random port) and 1000, 4210 before: typos, not numbers.
    ['PORT', ' ', 'PORT: expected a whole number'],
    ['PORT', '1e3', 'PORT: expected a whole number'],
    ['OUTBOX_POLL_MS', '0x1f4', 'OUTBOX_POLL_MS: expected a whole number'],
    // Accepted before: the links used the path, the pages (/book/…, /booking-assets/…) did not.
    ['CHECKOUT_BASE_URL', 'http://localhost:4208/sd', 'CHECKOUT_BASE_URL: expected the address of a host, without a path'],
  ])('When %s is %s, then the server stops with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
