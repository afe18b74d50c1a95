import { describe, expect, inject, it } from 'vitest';
import { classBookingUrl, classLocalDate, createStudioDataClient, privateLessonBookingUrl } from '../../src/index.js';
import { FIXTURE_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');

describe('Booking URLs', () => {
  const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO });

  it('When a class of the list is booked, then its URL is {checkout}/book/{classId} and the hosted page shows it', async () => {
    const [first] = await client.classes({ from: '2026-03-23' });
    const url = client.bookingUrl(first!.id);
    expect(url).toBe(`${apiUrl}/book/cf-salsa-mon-20260323`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Salsa Beginners');
  });

  it('When an event is booked, then its id takes the class id’s place', async () => {
    const [social] = await client.events({ from: '2026-03-23' });
    expect(client.bookingUrl(social!.id)).toBe(`${apiUrl}/book/cf-social`);
    expect((await fetch(client.bookingUrl(social!.id))).status).toBe(200);
  });

  it('When a private lesson is booked, then its URL is {checkout}/{locale}/book/private-lesson/{instructorId} and the page opens', async () => {
    const [bruno] = await client.privateLessonInstructors();
    const url = client.privateLessonBookingUrl(bruno!.id, 'en');
    expect(url).toBe(`${apiUrl}/en/book/private-lesson/cf-bruno`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Bruno');
  });

  it('When the checkout is on another host, then the URLs use it and encode the ids', () => {
    const elsewhere = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, checkoutUrl: 'https://book.example.com/' });
    expect(elsewhere.bookingUrl('a b/c')).toBe('https://book.example.com/book/a%20b%2Fc');
    expect(classBookingUrl('https://book.example.com', 'x')).toBe('https://book.example.com/book/x');
    expect(privateLessonBookingUrl('https://book.example.com//', 'es-MX', 'ana')).toBe('https://book.example.com/es-MX/book/private-lesson/ana');
  });
});

describe('The local date of a class', () => {
  it('When a class starts after midnight local time but before midnight UTC, then its local date is the next UTC day', () => {
    // 00:30 on Monday 23 March in Madrid is 23:30 UTC on Sunday.
    expect(classLocalDate({ date: new Date('2026-03-22T23:30:00.000Z'), dayOfWeek: 'monday' }).toISOString()).toBe('2026-03-23T00:00:00.000Z');
  });

  it('When a class starts in the evening west of UTC, then its local date is the previous UTC day', () => {
    // 21:00 on Sunday 1 November in New York is 02:00 UTC on Monday.
    expect(classLocalDate({ date: new Date('2026-11-02T02:00:00.000Z'), dayOfWeek: 'sunday' }).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('When the start is the same date in UTC, then that date is kept', async () => {
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO });
    const classes = await client.classes({ from: '2026-03-23' });
    expect(classes.map((studioClass) => classLocalDate(studioClass).toISOString().slice(0, 10))).toEqual(['2026-03-23', '2026-03-25', '2026-03-26', '2026-03-27']);
  });
});
