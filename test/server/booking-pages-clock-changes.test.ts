import { Browser, accessTokenOf, radioLabels, textOf, type PageResponse } from '../support/booking-form';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { nightOwlsStudio } from '../support/fixture-studios';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The booking pages on the nights the clocks change. The server's clock is fixed at Monday
 * 2026-10-19, 10:00 in Madrid. Madrid goes back from 03:00 summer time (UTC+2) to 02:00 winter time
 * (UTC+1) on Sunday 2026-10-25, so 02:00–02:59 happen twice; New York does the same with 01:00–01:59
 * on Sunday 2026-11-01. Madrid went forward on Sunday 2026-03-29, skipping 02:00–02:59.
 */

const NOW = Date.parse('2026-10-19T08:00:00Z');

const nightOwlStudio = (id: string, timezone: string, window: { startTime: string; endTime: string }) => ({
  studio: { id, name: `Night Owls ${timezone}`, country: 'ES', defaultCurrency: 'EUR', timezone, locales: ['en', 'es'] },
  people: [{ id: `${id}-teo`, name: 'Teo', lastname: 'Noche', roles: ['INSTRUCTOR'] }],
  privateLessons: {
    instructors: [
      {
        personId: `${id}-teo`,
        availability: [{ id: `${id}-sun`, dayOfWeek: 0, ...window }],
        pricing: [{ id: `${id}-60`, durationMins: 60, price: 30, currency: 'EUR' }],
      },
    ],
  },
});

const guest = { firstName: 'Iria', lastName: 'Vela', email: 'iria@example.com', phone: '', terms: 'yes' };

describe.each(databaseTargets())('booking pages on the nights the clocks change, on $name', (target: DatabaseTarget) => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(target, {
      documents: [
        nightOwlStudio('owl-madrid', 'Europe/Madrid', { startTime: '01:00', endTime: '04:00' }),
        nightOwlStudio('owl-nyc', 'America/New_York', { startTime: '00:30', endTime: '02:30' }),
        nightOwlsStudio(),
      ],
      now: () => NOW,
      env: { BOOKING_RATE_LIMIT: '0' },
    });
  });
  afterAll(() => app?.stop());

  const slotTexts = (page: PageResponse) => radioLabels(page.html, 'start').map((radio) => radio.text);

  it('When Madrid repeats 02:00–02:59, then the two runs of times read differently, to the eye and to a screen reader, and the page says why', async () => {
    const page = await new Browser(app.url).get('/en/book/private-lesson/owl-madrid-teo?date=2026-10-25');
    const radios = radioLabels(page.html, 'start');
    expect(radios).toHaveLength(13);
    expect(new Set(radios.map((radio) => radio.text)).size).toBe(13);
    expect(slotTexts(page).map((text) => text.replace(/ ?, Sunday, October 25, 2026$/, ''))).toEqual([
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '02:00 (summer time)',
      '02:15 (summer time)',
      '02:30 (summer time)',
      '02:45 (summer time)',
      '02:00 (winter time)',
      '02:15 (winter time)',
      '02:30 (winter time)',
      '02:45 (winter time)',
      '03:00',
    ]);
    expect(textOf(page.html)).toContain('The clocks go back one hour this night, so some times happen twice: first in summer time, then again in winter time.');
  });

  it('When a student books the second 02:00 in Spanish, then the confirmation says winter time and the calendar file holds the right instant', async () => {
    const student = new Browser(app.url);
    const form = await student.openForm('/es/book/private-lesson/owl-madrid-teo?date=2026-10-25');
    const second = radioLabels(form.page.html, 'start').find((radio) => radio.text.startsWith('02:00 (horario de invierno)'));
    expect(second?.value).toBe('2026-10-25T01:00:00.000Z');
    const posted = await student.submit(form, { ...guest, start: second?.value ?? '' });
    expect(posted.status).toBe(303);
    const confirmation = textOf((await student.get(posted.location as string)).html);
    expect(confirmation).toContain('domingo, 25 de octubre de 2026, 02:00 (horario de invierno)–03:00');
    const ics = (await student.get(`/booking/${accessTokenOf(posted.location)}/booking.ics`)).html;
    expect(ics).toContain('DTSTART:20261025T010000Z\r\n');
    expect(ics).toContain('DTEND:20261025T020000Z\r\n');
  });

  it('When New York repeats 01:00–01:59, then its two runs of times read differently too', async () => {
    const page = await new Browser(app.url).get('/en/book/private-lesson/owl-nyc-teo?date=2026-11-01');
    const texts = slotTexts(page).map((text) => text.replace(/ ?, Sunday, November 1, 2026$/, ''));
    expect(texts).toEqual([
      '00:30',
      '00:45',
      '01:00 (summer time)',
      '01:15 (summer time)',
      '01:30 (summer time)',
      '01:45 (summer time)',
      '01:00 (winter time)',
      '01:15 (winter time)',
      '01:30 (winter time)',
    ]);
  });

  it('When a class page shows a class written across a change of the clocks, then it shows the times the clocks really read', async () => {
    const page = (classId: string) => new Browser(app.url).get(`/book/${classId}?lang=en`).then((answer) => textOf(answer.html));
    // Written 02:30–03:30 the night the clocks skip 02:00–03:00: an hour, from 03:30.
    expect(await page('owl-gap-class')).toContain('When Sunday, March 29, 2026, 03:30–04:30');
    // Written 23:30–02:30 the night the clocks go back: it ends at the first 02:30.
    expect(await page('owl-back-night')).toContain('When Saturday, October 24, 2026, 23:30–02:30 (summer time)');
  });
});
