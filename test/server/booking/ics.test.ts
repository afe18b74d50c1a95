import { buildBookingCalendar } from '../../../server/src/domain/booking/ics';
import type { BookingRecord } from '../../../server/src/domain/booking/types';

// A 19:00–20:00 class in Madrid on Monday 23 November 2026 (CET, UTC+1).
const booking: BookingRecord = {
  id: 'bk_01HXYZ',
  reference: 'SD-7KQ4-M2XP',
  accessToken: 'tok_secret',
  studioId: 'studio-luz',
  kind: 'class',
  classId: 'salsa-1-20261123',
  instructorId: null,
  pricingId: null,
  startsAt: Date.parse('2026-11-23T18:00:00.000Z'),
  endsAt: Date.parse('2026-11-23T19:00:00.000Z'),
  status: 'confirmed',
  guest: { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.es', phone: null },
  answers: null,
  title: 'Salsa, nivel 1',
  room: 'Sala A',
  price: 12.5,
  currency: 'EUR',
  locale: 'es',
  formatsLocale: null,
  createdAt: Date.parse('2026-11-01T10:00:00.000Z'),
  cancelledAt: null,
  cancelledBy: null,
  calendarSequence: 0,
};
const studio = { name: 'Estudio Luz', address: 'Calle Mayor 1, Madrid', timezone: 'Europe/Madrid', website: 'https://estudioluz.example' };

const build = (overrides: Partial<Parameters<typeof buildBookingCalendar>[0]> = {}) =>
  buildBookingCalendar({ booking, studio, title: booking.title, location: 'Calle Mayor 1, Madrid · Sala A', ...overrides });

/** Content lines, unfolded (RFC 5545 §3.1). */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const valueOf = (ics: string, name: string) => linesOf(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
const section = (ics: string, component: string) => {
  const lines = linesOf(ics);
  return lines.slice(lines.indexOf(`BEGIN:${component}`), lines.indexOf(`END:${component}`) + 1);
};

describe('the booking as a calendar file', () => {
  it('When the student downloads the .ics, then it is one calendar with one event', () => {
    const ics = build();
    const lines = linesOf(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.at(-1)).toBe('');
  });

  it('When the file is read, then every line ends with CRLF and none is longer than 75 octets', () => {
    const ics = build({ description: 'Trae zapatos cómodos. '.repeat(20) });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('When the class is at 19:00 in Madrid, then the event starts at 19:00 Madrid time, not in UTC', () => {
    const ics = build();
    expect(linesOf(ics)).toContain('DTSTART;TZID=Europe/Madrid:20261123T190000');
    expect(linesOf(ics)).toContain('DTEND;TZID=Europe/Madrid:20261123T200000');
    expect(ics).not.toMatch(/DTSTART[^\r\n]*Z\r\n/);
  });

  it("When the file is made, then it carries Madrid's VTIMEZONE with both its summer and winter rules", () => {
    const vtimezone = section(build(), 'VTIMEZONE');
    expect(vtimezone).toContain('TZID:Europe/Madrid');
    expect(vtimezone).toContain('BEGIN:DAYLIGHT');
    expect(vtimezone).toContain('BEGIN:STANDARD');
    expect(vtimezone).toContain('TZOFFSETTO:+0100');
  });

  it("When the server runs in another time zone, then the event's local times do not change", () => {
    const original = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(linesOf(build())).toContain('DTSTART;TZID=Europe/Madrid:20261123T190000');
      process.env.TZ = 'Asia/Tokyo';
      expect(linesOf(build())).toContain('DTEND;TZID=Europe/Madrid:20261123T200000');
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it('When the class is in summer time, then the local time follows the summer offset', () => {
    const summer = { ...booking, startsAt: Date.parse('2026-06-15T17:00:00.000Z'), endsAt: Date.parse('2026-06-15T18:30:00.000Z') };
    const ics = build({ booking: summer });
    expect(linesOf(ics)).toContain('DTSTART;TZID=Europe/Madrid:20260615T190000');
    expect(linesOf(ics)).toContain('DTEND;TZID=Europe/Madrid:20260615T203000');
  });

  it('When the same booking is downloaded twice, then the UID is the same (calendars update, not duplicate)', () => {
    expect(valueOf(build(), 'UID')).toBe('UID:bk_01HXYZ@studio-data');
    expect(build()).toBe(build());
  });

  it('When the file is made, then DTSTAMP is the booking time in UTC', () => {
    expect(valueOf(build(), 'DTSTAMP')).toBe('DTSTAMP:20261101T100000Z');
  });

  it('When the event is shown, then it has the class name, the place, the reference and the price to pay at the studio', () => {
    const ics = build();
    expect(valueOf(ics, 'SUMMARY')).toBe('SUMMARY:Salsa\\, nivel 1');
    expect(valueOf(ics, 'LOCATION')).toBe('LOCATION:Calle Mayor 1\\, Madrid · Sala A');
    expect(valueOf(ics, 'DESCRIPTION')).toBe('DESCRIPTION:Booking reference: SD-7KQ4-M2XP\\nTo pay at the studio: 12.50 EUR');
    expect(valueOf(ics, 'STATUS')).toBe('STATUS:CONFIRMED');
  });

  it("When the page gives labels, a price and an intro in the student's language, then the description uses them", () => {
    const ics = build({ description: 'Clase para principiantes.', labels: { reference: 'Referencia', toPay: 'A pagar en el estudio' }, formattedPrice: '12,50 €' });
    expect(valueOf(ics, 'DESCRIPTION')).toBe('DESCRIPTION:Clase para principiantes.\\nReferencia: SD-7KQ4-M2XP\\nA pagar en el estudio: 12\\,50 €');
  });

  it('When the booking has no price, then the description has only the reference', () => {
    expect(valueOf(build({ booking: { ...booking, price: null, currency: null } }), 'DESCRIPTION')).toBe('DESCRIPTION:Booking reference: SD-7KQ4-M2XP');
  });

  it('When names contain line breaks or iCalendar syntax, then they cannot inject properties', () => {
    const ics = build({ title: 'Salsa\r\nATTENDEE:mailto:evil@example.com', location: 'Sala;A,\nX-EVIL:1', studio: { ...studio, name: 'Estudio\r\nX-EVIL:1' } });
    const lines = linesOf(ics);
    expect(lines.some((line) => line.startsWith('ATTENDEE') || line.startsWith('X-EVIL'))).toBe(false);
    expect(valueOf(ics, 'SUMMARY')).toBe('SUMMARY:Salsa\\nATTENDEE:mailto:evil@example.com');
  });

  it('When the studio has a web address, then the event links to it; a non-web address is left out', () => {
    expect(valueOf(build(), 'URL')).toBe('URL;VALUE=URI:https://estudioluz.example');
    expect(valueOf(build({ studio: { ...studio, website: 'javascript:alert(1)' } }), 'URL')).toBeUndefined();
    expect(valueOf(build({ studio: { ...studio, website: null } }), 'URL')).toBeUndefined();
  });

  it('When the studio has no e-mail, then no ORGANIZER is written (iCalendar needs an address for one)', () => {
    expect(valueOf(build(), 'ORGANIZER')).toBeUndefined();
  });

  it('When the studio is in UTC, then the times are written in UTC with no VTIMEZONE', () => {
    const ics = build({ studio: { ...studio, timezone: 'UTC' } });
    expect(linesOf(ics)).toContain('DTSTART:20261123T180000Z');
    expect(ics).not.toContain('BEGIN:VTIMEZONE');
  });

  it('When the studio is in New York, then the event is in New York local time with its VTIMEZONE', () => {
    const ics = build({ studio: { ...studio, timezone: 'America/New_York' } });
    expect(linesOf(ics)).toContain('DTSTART;TZID=America/New_York:20261123T130000');
    expect(section(ics, 'VTIMEZONE')).toContain('TZID:America/New_York');
  });
});

describe('the calendar file on the nights the clocks change', () => {
  // Madrid goes back from 03:00 summer time (UTC+2) to 02:00 winter time (UTC+1) on 2026-10-25: 02:00–02:59 happen twice.
  const lesson = (startIso: string, minutes = 60): BookingRecord => ({
    ...booking,
    kind: 'private_lesson',
    classId: null,
    startsAt: Date.parse(startIso),
    endsAt: Date.parse(startIso) + minutes * 60_000,
  });

  it('When a lesson starts at the second 02:00 of the night Madrid falls back, then its times are written in UTC, so no calendar reads it an hour early', () => {
    const ics = build({ booking: lesson('2026-10-25T01:00:00.000Z') });
    expect(linesOf(ics)).toContain('DTSTART:20261025T010000Z');
    expect(linesOf(ics)).toContain('DTEND:20261025T020000Z');
    expect(ics).not.toMatch(/DTSTART;TZID/);
  });

  it('When a lesson starts and ends in the first 02:00–03:00 of that night, then it keeps the local times, which RFC 5545 reads as the first', () => {
    const ics = build({ booking: lesson('2026-10-25T00:00:00.000Z', 30) });
    expect(linesOf(ics)).toContain('DTSTART;TZID=Europe/Madrid:20261025T020000');
    expect(linesOf(ics)).toContain('DTEND;TZID=Europe/Madrid:20261025T023000');
  });

  it('When a lesson starts in the first 02:30 and ends at the second, then the end alone would be misread, so both are written in UTC', () => {
    const ics = build({ booking: lesson('2026-10-25T00:30:00.000Z', 60) });
    expect(linesOf(ics)).toContain('DTSTART:20261025T003000Z');
    expect(linesOf(ics)).toContain('DTEND:20261025T013000Z');
  });

  it('When a lesson starts at the second 01:30 of the night New York falls back, then it is written in UTC; the first keeps New York time', () => {
    const nyStudio = { ...studio, timezone: 'America/New_York' };
    expect(linesOf(build({ studio: nyStudio, booking: lesson('2026-11-01T06:30:00.000Z', 30) }))).toContain('DTSTART:20261101T063000Z');
    expect(linesOf(build({ studio: nyStudio, booking: lesson('2026-11-01T05:30:00.000Z', 15) }))).toContain('DTSTART;TZID=America/New_York:20261101T013000');
  });

  it('When a lesson is in the hour after the clocks went back, then it keeps the local time', () => {
    expect(linesOf(build({ booking: lesson('2026-10-25T02:00:00.000Z') }))).toContain('DTSTART;TZID=Europe/Madrid:20261025T030000');
  });
});
