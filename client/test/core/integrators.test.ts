import { beforeAll, describe, expect, inject, it } from 'vitest';
import { calendarLinks, createStudioDataClient, StudioDataError, type StudioDataClient } from '../../src/index.js';
import { expectSchema } from '../support/openapi.js';
import { FIXTURE_STUDIO } from '../support/studio-server.js';
import { classToWire, eventToWire } from '../support/wire.js';

/**
 * What integrators wrote by hand before (issue 20), against the real server: one class or event by
 * id, free private lesson times, the previous and next windows of a listing, the calendar feed's
 * subscribe links.
 */

const apiUrl = inject('apiUrl');
const FIXTURE_WEEK = '2026-03-23';

describe('The client reads what developers wrote by hand', () => {
  let client: StudioDataClient;
  beforeAll(() => {
    client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO });
  });

  it('When a listing is read, then it carries the from of the windows before and after it, which read the next week', async () => {
    const week = await client.classes({ from: FIXTURE_WEEK });
    expect([week.previous, week.next]).toEqual(['2026-03-16', '2026-03-30']);
    // The windows are not entries: the listing copies and serializes as the plain array.
    expect(Object.keys(week)).toEqual(week.map((_, index) => String(index)));
    expect(JSON.parse(JSON.stringify(week))).toHaveLength(week.length);
    const next = await client.classes({ from: week.next });
    expect(next.map((entry) => entry.id)).toEqual(['cf-salsa-mon-20260330']);
    // A second read is answered 304 from the cache: the windows come from the cache too.
    const again = await client.classes({ from: FIXTURE_WEEK });
    expect([again.previous, again.next]).toEqual(['2026-03-16', '2026-03-30']);
    const events = await client.events({ from: FIXTURE_WEEK });
    expect([events.previous, events.next]).toEqual(['2026-03-16', '2026-03-30']);
  });

  it('When a class or an event is asked for by id, then it comes as the listing shows it, each in its own shape', async () => {
    const week = await client.classes({ from: FIXTURE_WEEK });
    const one = await client.classById('cf-wcs-wed');
    expect(one).toEqual(week.find((entry) => entry.id === 'cf-wcs-wed'));
    expect(one.currency).toBe('EUR');
    expectSchema(classToWire(one as Parameters<typeof classToWire>[0]), 'Class');
    const event = await client.classById('cf-social');
    expect(event.danceType).toBeNull();
    expect((event.date as Date).toISOString()).toBe('2026-03-28T00:00:00.000Z');
    expectSchema(eventToWire(event as Parameters<typeof eventToWire>[0]), 'Event');
    const missing = await client.classById('nope').then(
      () => null,
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(StudioDataError);
    expect([(missing as StudioDataError).status, (missing as StudioDataError).code]).toEqual([404, 'class_not_found']);
  });

  it('When an app asks for free private lesson times, then each is a pair of instants with the page to book it', async () => {
    const slots = await client.privateLessonSlots('cf-bruno', { durationMins: 90 });
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(slot.end.getTime() - slot.start.getTime()).toBe(90 * 60_000);
      // The server names its pages on its CHECKOUT_BASE_URL (localhost, here).
      expect(slot.bookingUrl).toBe(`${apiUrl.replace('127.0.0.1', 'localhost')}/es/book/private-lesson/cf-bruno?pricing=cf-pr-90&date=${slot.date}`);
      expectSchema({ ...slot, start: slot.start.toISOString(), end: slot.end.toISOString() }, 'PrivateLessonSlot');
    }
    expect(typeof slots.next).toBe('string');
    const later = await client.privateLessonSlots('cf-bruno', { from: slots.next, durationMins: 90 });
    expect(later.every((slot) => slot.date >= slots.next!)).toBe(true);
    const refused = await client.privateLessonSlots('cf-bruno', { durationMins: 45 }).then(
      () => null,
      (error: unknown) => error as StudioDataError,
    );
    expect([refused?.status, refused?.code]).toEqual([400, 'invalid_duration']);
  });

  it("When no default locale is given, then text() falls back to the studio's own first locale once the profile is read", async () => {
    const fresh = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO });
    const map = { en: 'Hello', es: 'Hola' };
    expect([fresh.defaultLocale, fresh.text(map, 'fr')]).toEqual([undefined, 'Hello']);
    expect((await fresh.profile()).locales).toEqual(['es', 'en']);
    expect([fresh.defaultLocale, fresh.text(map, 'fr')]).toEqual(['es', 'Hola']);
  });

  it("When a site offers to subscribe, then it gets the feed, its webcal address and Google's add-by-URL link", async () => {
    const links = client.calendarLinks({ danceType: 'West Coast Swing' });
    const feed = `${apiUrl}/api/public/studio/client-fixture/calendar.ics?type=West%20Coast%20Swing`;
    expect(links).toEqual({ feed, webcal: feed.replace('http://', 'webcal://'), google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feed.replace('http://', 'webcal://'))}` });
    expect(calendarLinks('https://api.example.com/', 'salsa-city', { instructor: 'lucia-romero' }).webcal).toBe('webcal://api.example.com/api/public/studio/salsa-city/calendar.ics?instructor=lucia-romero');
    const answer = await fetch(links.feed);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect((await answer.text()).startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });
});
