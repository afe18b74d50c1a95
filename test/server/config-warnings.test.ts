import { loadConfig } from '../../server/src/config';

describe('the defaults a deployment should not run on, said at start', () => {
  it('When the server runs on MariaDB without its public addresses, SMTP or (with Redis) a shared BOOKING_SECRET, then each is named with what it does to students', () => {
    const deployed = loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/studio_data', PORT: '4210', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(deployed.warnings).toEqual([
      "PUBLIC_BASE_URL is not set: the links in answers and in students' emails say http://localhost:4210. Set it to the address the public reaches.",
      "CHECKOUT_BASE_URL is not set: the links in answers and in students' emails say http://localhost:4210. Set it to the address the public reaches.",
      'SMTP_URL is not set: booking emails are written as files (MAIL_DIRECTORY), not sent.',
      'BOOKING_SECRET is not set: each instance makes its own, so a booking form one instance served is refused by another ("This form has expired"). Give every instance the same one.',
    ]);
  });

  it('When everything a deployment needs is set, or the server is tried on SQLite alone (npm start), then nothing is said', () => {
    const complete = {
      DATABASE_URL: 'mysql://root@127.0.0.1:3306/studio_data',
      PUBLIC_BASE_URL: 'https://api.example.com',
      CHECKOUT_BASE_URL: 'https://book.example.com',
      SMTP_URL: 'smtp://mail.example.com:587',
      REDIS_URL: 'redis://127.0.0.1:6379',
      BOOKING_SECRET: 'x'.repeat(48),
    };
    expect(loadConfig(complete).warnings).toEqual([]);
    expect(loadConfig({}).warnings).toEqual([]);
  });
});
