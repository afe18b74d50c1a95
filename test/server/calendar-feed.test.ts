import ICAL from 'ical.js';
import { createBookingStore } from '../../server/src/data/booking-store';
import { classAdmission } from '../../server/src/domain/booking/class-bookability';
import { foldLines } from '../../server/src/domain/calendar/fold';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { databaseTargets } from '../support/databases';
import { request, type RawResponse } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The calendar feeds (issue 20) as a calendar reads them: every answer is parsed by ical.js, a real
 * RFC 5545 parser, and its events are checked as a calendar would show them (instants from the
 * studio's own VTIMEZONE). Imports move the studio on: the feed's UIDs stay, SEQUENCE rises only
 * for what changed, and a cancelled class stays in the feed, cancelled.
 */

/** Wednesday 2026-03-25, 13:00 in Madrid. The feed covers 2026-03-11 to 2026-06-17 (local dates, end exclusive). */
const NOW = Date.parse('2026-03-25T12:00:00Z');
const STUDIO = 'feed-studio';
const FEED = `/api/public/studio/${STUDIO}/calendar.ics`;
const CHECKOUT = 'https://book.example.test';

interface FeedEvent {
  uid: string;
  summary: string;
  sequence: number;
  status: string;
  start: string;
  end: string;
  tzid: string | undefined;
  url: string;
  categories: string;
  description: string;
}

/** The feed as a calendar reads it: its name, time zones and events, each start and end as a UTC instant. */
function readFeed(response: RawResponse): { name: string; zones: string[]; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(response.text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => new ICAL.Timezone(zone));
  for (const zone of zones) if (!ICAL.TimezoneService.has(zone.tzid)) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      sequence: event.sequence,
      status: String(component.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined,
      url: String(component.getFirstPropertyValue('url')),
      categories: String(component.getFirstPropertyValue('categories')),
      description: event.description,
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), zones: zones.map((zone) => zone.tzid), events };
}

/** Salsa on Mondays at 19:00 (Ana), Bachata on Thursdays at 20:00 (Luis), a social on Saturday 28 March (hosted by Marta); changes applied by the test. */
function studioDocument(change: { salsaMondayMarch30At?: string; cancelSocial?: boolean; hideBachata?: boolean; cancelBachata?: boolean } = {}) {
  return {
    studio: { id: STUDIO, name: 'Feed Studio', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid', address: 'Calle Luna 3, Madrid', locales: ['en'] },
    danceTypes: [{ name: 'Salsa' }, { name: 'Bachata', isVisibleOnWeb: !change.hideBachata }],
    people: [
      { id: 'feed-ana', name: 'Ana', lastname: 'Ruiz', roles: ['INSTRUCTOR'] },
      { id: 'feed-luis', name: 'Luis', roles: ['INSTRUCTOR'] },
      // Not instructors: the owner hosts the social; the receptionist neither teaches nor hosts.
      { id: 'feed-marta', name: 'Marta', roles: ['OWNER'] },
      { id: 'feed-pablo', name: 'Pablo', roles: ['RECEPTIONIST'] },
    ],
    classes: [
      {
        id: 'feed-salsa',
        name: 'Salsa Beginners',
        danceType: 'Salsa',
        level: 'Beginner',
        room: 'Room A',
        price: 12,
        instructorId: 'feed-ana',
        description: { en: 'Start here.' },
        weekly: { dayOfWeek: 'monday', startTime: '19:00', endTime: '20:00', from: '2026-03-02', until: '2026-04-13', except: change.salsaMondayMarch30At ? ['2026-03-30'] : [] },
      },
      ...(change.salsaMondayMarch30At
        ? [{ id: 'feed-salsa-20260330', name: 'Salsa Beginners', danceType: 'Salsa', level: 'Beginner', room: 'Room A', price: 12, instructorId: 'feed-ana', description: { en: 'Start here.' }, date: '2026-03-30', startTime: change.salsaMondayMarch30At, endTime: '21:30' }]
        : []),
      { id: 'feed-bachata', name: 'Bachata Sensual', danceType: 'Bachata', level: 'Open', instructorId: 'feed-luis', weekly: { dayOfWeek: 'thursday', startTime: '20:00', endTime: '21:00', from: '2026-03-05', until: '2026-03-26' }, cancelled: change.cancelBachata ?? false },
      { id: 'feed-social', name: 'Saturday Social', danceType: null, level: 'All levels', price: 0, instructorId: 'feed-marta', date: '2026-03-28', startTime: '22:00', endTime: '02:00', cancelled: change.cancelSocial ?? false },
    ],
  };
}

describe.each(databaseTargets())('calendar feeds on $name', (target) => {
  let api: TestServer;

  beforeAll(async () => {
    api = await startTestServer(target, { now: () => NOW, env: { CHECKOUT_BASE_URL: CHECKOUT } });
  });
  afterAll(() => api.stop());

  const importAndRefresh = async (document: unknown) => {
    await api.importDocument(document, NOW);
    await api.server.stamps.refresh();
  };

  it('When a student subscribes, then the feed holds the classes and events of the last 2 and next 12 weeks in the studio time zone, each with its booking link', async () => {
    await importAndRefresh(studioDocument());
    const response = await request(api.url, FEED);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const feed = readFeed(response);
    expect(feed.name).toBe('Feed Studio');
    expect(feed.zones).toEqual(['Europe/Madrid']);
    // From Wednesday 11 March (Monday 9 March is before the window) to 13 April; the social runs past midnight.
    expect(feed.events.map((event) => `${event.summary} ${event.start}`)).toEqual([
      'Bachata Sensual 2026-03-12T19:00:00.000Z',
      'Salsa Beginners 2026-03-16T18:00:00.000Z',
      'Bachata Sensual 2026-03-19T19:00:00.000Z',
      'Salsa Beginners 2026-03-23T18:00:00.000Z',
      'Bachata Sensual 2026-03-26T19:00:00.000Z',
      'Saturday Social 2026-03-28T21:00:00.000Z',
      // After the clocks went forward on 29 March: still 19:00 in Madrid.
      'Salsa Beginners 2026-03-30T17:00:00.000Z',
      'Salsa Beginners 2026-04-06T17:00:00.000Z',
      'Salsa Beginners 2026-04-13T17:00:00.000Z',
    ]);
    const salsa = feed.events.find((event) => event.uid === 'class-feed-salsa-20260323@studio-data');
    expect(salsa).toEqual({
      uid: 'class-feed-salsa-20260323@studio-data',
      summary: 'Salsa Beginners',
      sequence: 0,
      status: 'CONFIRMED',
      start: '2026-03-23T18:00:00.000Z',
      end: '2026-03-23T19:00:00.000Z',
      tzid: 'Europe/Madrid',
      url: `${CHECKOUT}/book/feed-salsa-20260323`,
      categories: 'Salsa',
      description: 'Start here.\nLevel: Beginner\nInstructor: Ana Ruiz\nPrice: 12.00 EUR\nBook: https://book.example.test/book/feed-salsa-20260323',
    });
    // The social ends at 02:00 on Sunday, when Madrid's clocks jump to 03:00: it ends when they read 03:00.
    expect(feed.events.find((event) => event.summary === 'Saturday Social')).toMatchObject({ end: '2026-03-29T01:00:00.000Z', categories: 'Event', description: 'Level: All levels\nHost: Marta\nPrice: Free\nBook: https://book.example.test/book/feed-social' });
  });

  it('When the studio imports a changed time and a cancellation, then those events keep their UID, raise their SEQUENCE and the cancelled one says CANCELLED', async () => {
    await importAndRefresh(studioDocument());
    const before = await request(api.url, FEED);
    // The same document again: nothing a calendar shows changed, so neither do the bytes (and the ETag).
    await importAndRefresh(studioDocument());
    const unchanged = await request(api.url, FEED, { headers: { 'if-none-match': String(before.headers.etag) } });
    expect(unchanged.status).toBe(304);

    await importAndRefresh(studioDocument({ salsaMondayMarch30At: '20:30', cancelSocial: true }));
    const changed = readFeed(await request(api.url, FEED));
    const byUid = new Map(changed.events.map((event) => [event.uid, event]));
    expect(byUid.get('class-feed-salsa-20260330@studio-data')).toMatchObject({ sequence: 1, status: 'CONFIRMED', start: '2026-03-30T18:30:00.000Z', end: '2026-03-30T19:30:00.000Z' });
    expect(byUid.get('class-feed-social@studio-data')).toMatchObject({ sequence: 1, status: 'CANCELLED' });
    expect(byUid.get('class-feed-salsa-20260323@studio-data')).toMatchObject({ sequence: 0, status: 'CONFIRMED' });
    expect(changed.events).toHaveLength(9);

    // Later the class moves again: its sequence goes on rising, across imports.
    await importAndRefresh(studioDocument({ salsaMondayMarch30At: '20:00', cancelSocial: true }));
    const again = readFeed(await request(api.url, FEED));
    expect(again.events.find((event) => event.uid === 'class-feed-salsa-20260330@studio-data')).toMatchObject({ sequence: 2, start: '2026-03-30T18:00:00.000Z' });
    expect(again.events.find((event) => event.uid === 'class-feed-social@studio-data')).toMatchObject({ sequence: 1, status: 'CANCELLED' });
  });

  it('When students book classes, then the feed calendars hold is answered from the cache without asking the database, and the next import still changes it', async () => {
    await importAndRefresh(studioDocument());
    const first = await request(api.url, FEED);
    const stampBefore = api.server.stamps.get(STUDIO)!;
    const bookings = createBookingStore(api.server.store.db, api.server.store.dialect, listingRenderer);
    const booked = await bookings.bookClass(
      { classId: 'feed-salsa-20260330', guest: { firstName: 'Eva', lastName: 'Feed', email: 'eva.feed@example.com', phone: null }, locale: 'en', idempotencyKey: 'feed-booking', nowMs: NOW },
      classAdmission(NOW, { joinWaitlist: false }),
    );
    expect(booked.outcome).toBe('confirmed');
    await api.server.stamps.refresh();
    // The booking moved the studio's change counter (listings show spots left), not its catalog.
    expect(api.server.stamps.get(STUDIO)).toMatchObject({ version: stampBefore.version + 1, catalogVersion: stampBefore.catalogVersion });

    const executeQuery = jest.spyOn(api.server.store.db.getExecutor(), 'executeQuery');
    try {
      const afterBooking = await request(api.url, FEED);
      // Only the server's own polls (the change counters, the outbox) may run meanwhile.
      expect(executeQuery.mock.calls.map(([query]) => query.sql).filter((text) => !/from [`"]studios[`"]$|outbox/.test(text))).toEqual([]);
      expect([afterBooking.status, afterBooking.headers.etag, afterBooking.text]).toEqual([200, first.headers.etag, first.text]);
    } finally {
      executeQuery.mockRestore();
    }

    await importAndRefresh(studioDocument({ cancelSocial: true }));
    const imported = readFeed(await request(api.url, FEED));
    expect(imported.events.find((event) => event.uid === 'class-feed-social@studio-data')).toMatchObject({ status: 'CANCELLED' });
  });

  it('When the studio imports the same document again later, then its feed is byte for byte the same and a calendar asking again gets 304; a changed class alone is stamped with the new import', async () => {
    await importAndRefresh(studioDocument());
    const before = await request(api.url, FEED);
    await api.importDocument(studioDocument(), NOW + 3 * 3_600_000);
    await api.server.stamps.refresh();
    const again = await request(api.url, FEED);
    expect(again.text).toBe(before.text);
    expect((await request(api.url, FEED, { headers: { 'If-None-Match': String(before.headers.etag) } })).status).toBe(304);
    // One class moved: its DTSTAMP is the import that moved it; the others keep theirs.
    await api.importDocument(studioDocument({ salsaMondayMarch30At: '20:30' }), NOW + 5 * 3_600_000);
    await api.server.stamps.refresh();
    const stamped = new Map(
      [...(await request(api.url, FEED)).text.matchAll(/UID:(\S+)\r\nSEQUENCE:\d+\r\nDTSTAMP:(\S+)/g)].map((match) => [match[1], match[2]]),
    );
    expect(stamped.get('class-feed-salsa-20260330@studio-data')).toBe('20260325T170000Z');
    expect(stamped.get('class-feed-salsa-20260323@studio-data')).toBe(String(before.text.match(/UID:class-feed-salsa-20260323@studio-data\r\nSEQUENCE:\d+\r\nDTSTAMP:(\S+)/)?.[1]));
  });

  it('When a student subscribes to one dance type, one instructor or one host, then the feed holds only theirs, and a hidden type lists nothing', async () => {
    await importAndRefresh(studioDocument());
    const bachata = readFeed(await request(api.url, `${FEED}?type=bachata`));
    expect(bachata.name).toBe('Feed Studio · Bachata');
    expect(bachata.events.map((event) => event.uid)).toEqual(['class-feed-bachata-20260312@studio-data', 'class-feed-bachata-20260319@studio-data', 'class-feed-bachata-20260326@studio-data']);
    const luis = readFeed(await request(api.url, `${FEED}?instructor=feed-luis`));
    expect(luis.name).toBe('Feed Studio · Luis');
    expect(luis.events.map((event) => event.summary)).toEqual(['Bachata Sensual', 'Bachata Sensual', 'Bachata Sensual']);
    // The events list Marta as the social's host; she is no instructor of the studio.
    const marta = readFeed(await request(api.url, `${FEED}?instructor=feed-marta`));
    expect(marta.name).toBe('Feed Studio · Marta');
    expect(marta.events.map((event) => event.summary)).toEqual(['Saturday Social']);
    await importAndRefresh(studioDocument({ hideBachata: true }));
    expect(readFeed(await request(api.url, `${FEED}?type=Bachata`)).events).toEqual([]);
    expect(readFeed(await request(api.url, FEED)).events.map((event) => event.summary)).not.toContain('Bachata Sensual');
  });

  it('When a studio counts in a currency without cents (yen), then its prices are whole in the feed: 2500 JPY, not 2500.00', async () => {
    const madrid = studioDocument();
    // A studio of its own: ids are unique across studios, so none of the Madrid studio's.
    await importAndRefresh({
      studio: { ...madrid.studio, id: 'feed-tokyo', name: 'Feed Tokyo', country: 'JP', defaultCurrency: 'JPY', timezone: 'Asia/Tokyo' },
      danceTypes: [{ name: 'Salsa' }],
      people: [{ id: 'feed-tokyo-yui', name: 'Yui', roles: ['INSTRUCTOR'] }],
      classes: [{ ...madrid.classes[0], id: 'feed-tokyo-salsa', instructorId: 'feed-tokyo-yui', price: 2500 }],
    });
    const feed = readFeed(await request(api.url, '/api/public/studio/feed-tokyo/calendar.ics'));
    expect(feed.events[0]?.description).toContain('\nPrice: 2500 JPY\n');
  });

  it('When the studio cancels a weekly class for the rest of the term, then its dates to come say CANCELLED and those that took place stay as they were', async () => {
    await importAndRefresh(studioDocument());
    const bachata = (feed: ReturnType<typeof readFeed>) => feed.events.filter((event) => event.summary === 'Bachata Sensual').map((event) => [event.start.slice(0, 10), event.status, event.sequence]);
    const before = bachata(readFeed(await request(api.url, FEED)));
    await importAndRefresh(studioDocument({ cancelBachata: true }));
    const after = bachata(readFeed(await request(api.url, FEED)));
    // Thursday 12 and 19 March were held (the import is on Wednesday 25th); Thursday 26th is to come.
    expect(after).toEqual([before[0], before[1], ['2026-03-26', 'CANCELLED', Number(before[2]?.[2]) + 1]]);
    expect(before.map(([date, status]) => [date, status])).toEqual([
      ['2026-03-12', 'CONFIRMED'],
      ['2026-03-19', 'CONFIRMED'],
      ['2026-03-26', 'CONFIRMED'],
    ]);
    // The API's past week still lists the class held on the 19th.
    const week = await request(api.url, `/api/public/studio/${STUDIO}/classes?from=2026-03-16`);
    expect((week.body as { id: string }[]).map((entry) => entry.id).filter((id) => id.startsWith('feed-bachata'))).toEqual(['feed-bachata-20260319']);
  });

  it('When the type or the instructor names nothing of the studio, then the answer is a 404 that says which', async () => {
    await importAndRefresh(studioDocument());
    expect((await request(api.url, `${FEED}?type=Tango`)).body).toMatchObject({ status: 404, code: 'dance_type_not_found' });
    expect((await request(api.url, `${FEED}?instructor=nobody`)).body).toMatchObject({ status: 404, code: 'instructor_not_found' });
    // A person of the studio who neither teaches nor hosts is no one a feed is of.
    expect((await request(api.url, `${FEED}?instructor=feed-pablo`)).body).toMatchObject({ status: 404, code: 'instructor_not_found' });
  });

  it('When the type or the instructor is given twice, then the 404 says a feed is of one, without echoing the values', async () => {
    await importAndRefresh(studioDocument());
    expect((await request(api.url, `${FEED}?type=Salsa&type=Bachata`)).body).toEqual(
      expect.objectContaining({ status: 404, code: 'dance_type_not_found', detail: 'type is given 2 times: a feed is of one dance type at most.' }),
    );
    expect((await request(api.url, `${FEED}?instructor=feed-ana&instructor=feed-luis`)).body).toEqual(
      expect.objectContaining({ status: 404, code: 'instructor_not_found', detail: 'instructor is given 2 times: a feed is of one instructor or host at most.' }),
    );
    expect((await request(api.url, '/api/public/studio/nope/calendar.ics')).body).toMatchObject({ status: 404, code: 'studio_not_found' });
  });
});

describe('calendar feed lines', () => {
  it('When a text is longer than a line, then it is folded at 75 octets, never inside a character, and a parser reads it back whole', () => {
    const description = `Salsa cubana en Café Olé 💃 — ${'ñandú '.repeat(40)}fin.`;
    const text = foldLines(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDESCRIPTION:${description}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`);
    const lines = text.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(3);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.description).toBe(description);
  });

  it('When a long line is all ASCII (a booking link, English text), then it is folded at exactly 75 octets and 74 after each space, and read back whole', () => {
    const description = `Book: https://book.example.com/book/${'salsa-beginners-'.repeat(12)}end`;
    const text = foldLines(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDESCRIPTION:${description}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`);
    const lines = text.split('\r\n');
    const at = lines.findIndex((line) => line.startsWith('DESCRIPTION:'));
    const folded = lines.slice(at, lines.findIndex((line, index) => index > at && !line.startsWith(' ')));
    expect(folded.map((line) => line.length)).toEqual([75, 75, 75, `DESCRIPTION:${description}`.length - 75 - 2 * 74 + 1]);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.description).toBe(description);
  });
});
