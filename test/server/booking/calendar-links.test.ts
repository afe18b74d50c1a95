import { googleCalendarUrl, outlookCalendarUrl } from '../../../server/src/domain/booking/calendar-links';

// Salsa on Monday 23 November 2026, 19:00–20:00 in Madrid (CET, UTC+1): 18:00–19:00 UTC.
const lesson = {
  title: 'Salsa, nivel 1 · Estudio Luz & Co',
  startsAt: Date.parse('2026-11-23T18:00:00.000Z'),
  endsAt: Date.parse('2026-11-23T19:00:00.000Z'),
  details: 'Código de reserva: SD-7KQ4-M2XP\nA pagar en la escuela: 12,50 €',
  location: 'Estudio Luz, Calle Mayor 1, Madrid, Sala A',
  zone: 'Europe/Madrid',
};

describe('links that add the booking to Google Calendar and Outlook', () => {
  it('When the student follows the Google Calendar link, then it opens a new event with the name, the UTC times, the text, the place and the studio zone', () => {
    const url = new URL(googleCalendarUrl(lesson));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: lesson.title,
      dates: '20261123T180000Z/20261123T190000Z',
      details: lesson.details,
      location: lesson.location,
      ctz: 'Europe/Madrid',
    });
  });

  it('When the student follows the Outlook link, then it opens a new event with the subject, the UTC times, the text and the place', () => {
    const url = new URL(outlookCalendarUrl(lesson));
    expect(`${url.origin}${url.pathname}`).toBe('https://outlook.live.com/calendar/0/action/compose');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      subject: lesson.title,
      startdt: '2026-11-23T18:00:00Z',
      enddt: '2026-11-23T19:00:00Z',
      body: lesson.details,
      location: lesson.location,
    });
  });

  it('When a value holds spaces, &, commas or a line break, then it is percent-encoded (spaces as %20, never +) and cannot add a parameter', () => {
    const link = outlookCalendarUrl({ ...lesson, title: 'Salsa & Bachata+Kizomba', location: 'Sala A&subject=evil' });
    expect(link).toContain('subject=Salsa%20%26%20Bachata%2BKizomba');
    expect(link).toContain('body=C%C3%B3digo%20de%20reserva%3A%20SD-7KQ4-M2XP%0AA%20pagar');
    expect(new URL(link).searchParams.getAll('subject')).toEqual(['Salsa & Bachata+Kizomba']);
    expect(googleCalendarUrl(lesson)).not.toContain('+');
  });

  it('When the lesson is in the second 02:00 of the night Madrid falls back, then both links carry that instant, an hour after the first 02:00', () => {
    const second = { ...lesson, startsAt: Date.parse('2026-10-25T01:00:00.000Z'), endsAt: Date.parse('2026-10-25T02:00:00.000Z') };
    expect(new URL(googleCalendarUrl(second)).searchParams.get('dates')).toBe('20261025T010000Z/20261025T020000Z');
    expect(new URL(outlookCalendarUrl(second)).searchParams.get('startdt')).toBe('2026-10-25T01:00:00Z');
  });
});
