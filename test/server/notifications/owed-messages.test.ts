import type { BookingRecord } from '../../../server/src/domain/booking/types';
import { messagesOwed, noLongerOwed, type NotifiedStudio } from '../../../server/src/domain/notifications/owed-messages';
import { isGivenUp, retryDelayMs } from '../../../server/src/domain/notifications/retry-schedule';

const NOW = Date.parse('2027-03-01T09:00:00Z');
const HOUR = 3_600_000;

const booking = (overrides: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 'b1',
  reference: 'SD-AAAA-BBBB',
  accessToken: 'token',
  studioId: 's1',
  kind: 'class',
  classId: 'c1',
  instructorId: null,
  pricingId: null,
  startsAt: NOW + 48 * HOUR,
  endsAt: NOW + 49 * HOUR,
  status: 'confirmed',
  guest: { firstName: 'Ana', lastName: 'Gil', email: 'ana@example.com', phone: null },
  answers: null,
  title: 'Salsa',
  room: null,
  price: 10,
  currency: 'EUR',
  locale: 'en',
  formatsLocale: null,
  createdAt: NOW,
  cancelledAt: null,
  cancelledBy: null,
  calendarSequence: 0,
  ...overrides,
});

const withDesk: NotifiedStudio = { notificationEmail: 'desk@example.com', policies: { reminderMinutes: 24 * 60 } };
const noDesk: NotifiedStudio = { notificationEmail: null, policies: { reminderMinutes: 24 * 60 } };
const summary = (messages: ReturnType<typeof messagesOwed>) => messages.map((message) => `${message.audience}:${message.event}@${(message.dueAt - NOW) / HOUR}h`);

describe('the messages a booking change owes', () => {
  it('When a booking is confirmed, then the student, the studio (when it has an address) and a reminder 24 hours before are owed', () => {
    expect(summary(messagesOwed({ change: 'confirmed', booking: booking() }, withDesk, NOW))).toEqual(['student:confirmed@0h', 'studio:confirmed@0h', 'student:reminder@24h']);
    expect(summary(messagesOwed({ change: 'confirmed', booking: booking() }, noDesk, NOW))).toEqual(['student:confirmed@0h', 'student:reminder@24h']);
  });

  it('When a booking is made later than its reminder time, or the studio sends none, then no reminder is owed', () => {
    expect(summary(messagesOwed({ change: 'confirmed', booking: booking({ startsAt: NOW + 23 * HOUR }) }, noDesk, NOW))).toEqual(['student:confirmed@0h']);
    expect(summary(messagesOwed({ change: 'confirmed', booking: booking() }, { notificationEmail: null, policies: { reminderMinutes: 0 } }, NOW))).toEqual(['student:confirmed@0h']);
  });

  it('When a student is promoted from the waitlist, then they are told, the studio gets a confirmation copy, and a reminder is owed', () => {
    expect(summary(messagesOwed({ change: 'promoted', booking: booking() }, withDesk, NOW))).toEqual(['student:promoted@0h', 'studio:confirmed@0h', 'student:reminder@24h']);
  });

  it('When a student joins a waitlist, then only they are told', () => {
    expect(summary(messagesOwed({ change: 'waiting', booking: booking({ status: 'waiting' }) }, withDesk, NOW))).toEqual(['student:waitlist_joined@0h']);
  });

  it('When a booking is cancelled, whoever cancelled it, then the student is told who did and the studio (when it has an address) gets a copy saying it too', () => {
    for (const by of ['student', 'studio', 'class_cancelled'] as const) {
      const owed = messagesOwed({ change: 'cancelled', booking: booking(), by }, withDesk, NOW);
      expect({ by, owed: summary(owed) }).toEqual({ by, owed: ['student:cancelled@0h', 'studio:cancelled@0h'] });
      expect(owed.map((message) => message.payload)).toEqual([
        { cancelledBy: by, wasWaiting: false },
        { cancelledBy: by, wasWaiting: false },
      ]);
      expect(summary(messagesOwed({ change: 'cancelled', booking: booking(), by }, noDesk, NOW))).toEqual(['student:cancelled@0h']);
    }
  });

  it('When a student leaves a waitlist, then no email is owed; when the class of a waiting student is cancelled, then they are told', () => {
    expect(messagesOwed({ change: 'cancelled', booking: booking({ status: 'waiting' }), by: 'student' }, withDesk, NOW)).toEqual([]);
    const closed = messagesOwed({ change: 'cancelled', booking: booking({ status: 'waiting' }), by: 'class_cancelled' }, withDesk, NOW);
    expect(summary(closed)).toEqual(['student:cancelled@0h']);
    expect(closed[0]?.payload).toEqual({ cancelledBy: 'class_cancelled', wasWaiting: true });
  });
});

describe('the messages a moved class owes', () => {
  const from = { startsAt: NOW + 48 * HOUR, endsAt: NOW + 49 * HOUR };

  it('When an import moves a booked class, then the student is told and a reminder is owed before the new time; the studio, which moved it, gets no copy', () => {
    const moved = messagesOwed({ change: 'rescheduled', booking: booking({ startsAt: NOW + 50 * HOUR, endsAt: NOW + 51 * HOUR }), from }, withDesk, NOW);
    expect(summary(moved)).toEqual(['student:rescheduled@0h', 'student:reminder@26h']);
    expect(moved[0]?.payload).toEqual({ movedFrom: from });
  });

  it('When an import moves the class of a waiting student, then they are told, with no reminder', () => {
    expect(summary(messagesOwed({ change: 'rescheduled', booking: booking({ status: 'waiting' }), from }, withDesk, NOW))).toEqual(['student:rescheduled@0h']);
  });

  it('When the booking was cancelled before the news of its move went out, then the news is no longer owed', () => {
    expect(noLongerOwed({ audience: 'student', event: 'rescheduled' }, booking({ status: 'cancelled' }), { reminderMinutes: 24 * 60 }, NOW)).toBe('the booking was cancelled since');
    expect(noLongerOwed({ audience: 'student', event: 'rescheduled' }, booking(), { reminderMinutes: 24 * 60 }, NOW)).toBeNull();
  });
});

describe('whether a message still describes its booking when it is delivered', () => {
  const cases: [string, Parameters<typeof noLongerOwed>[0], Partial<BookingRecord>, number, string | null, number?][] = [
    ['a confirmation of a confirmed booking', { audience: 'student', event: 'confirmed' }, {}, NOW, null],
    ['a confirmation of a booking cancelled since', { audience: 'student', event: 'confirmed' }, { status: 'cancelled' }, NOW, 'the booking was cancelled since'],
    ['a promotion of a booking cancelled since', { audience: 'student', event: 'promoted' }, { status: 'cancelled' }, NOW, 'the booking was cancelled since'],
    ['a place on the waitlist, still waiting', { audience: 'student', event: 'waitlist_joined' }, { status: 'waiting' }, NOW, null],
    ['a place on the waitlist, promoted since', { audience: 'student', event: 'waitlist_joined' }, { status: 'confirmed' }, NOW, 'the student is no longer waiting (promoted or off the waitlist since)'],
    ['a place on the waitlist, left since', { audience: 'student', event: 'waitlist_joined' }, { status: 'cancelled' }, NOW, 'the student is no longer waiting (promoted or off the waitlist since)'],
    ['a reminder of a confirmed booking ahead', { audience: 'student', event: 'reminder' }, {}, NOW, null],
    ['a reminder of a booking cancelled since', { audience: 'student', event: 'reminder' }, { status: 'cancelled' }, NOW, 'the booking is no longer confirmed'],
    ['a reminder of a class that has started', { audience: 'student', event: 'reminder' }, {}, NOW + 48 * HOUR, 'the class had started before the reminder could go'],
    ['a reminder owed before the studio turned reminders off', { audience: 'student', event: 'reminder' }, {}, NOW, 'the studio has turned reminders off since', 0],
    ['a cancellation', { audience: 'student', event: 'cancelled' }, { status: 'cancelled' }, NOW, null],
    ["the studio's copy of a booking cancelled since", { audience: 'studio', event: 'confirmed' }, { status: 'cancelled' }, NOW, null],
  ];

  it.each(cases)('When %s comes to be delivered, then the reason to drop it is %p', (_name, message, state, at, reason, reminderMinutes = 24 * 60) => {
    expect(noLongerOwed(message, booking(state), { reminderMinutes }, at)).toBe(reason);
  });
});

describe('the retry schedule', () => {
  it('retries after about 30 s, 2 min, 10 min, 1 h and 6 h, then every 12 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([30_000, 120_000, 600_000, HOUR, 6 * HOUR, 12 * HOUR, 12 * HOUR, 12 * HOUR]);
  });

  it('gives up once 72 hours have passed since the message was due', () => {
    expect(isGivenUp(NOW, NOW + 72 * HOUR - 1)).toBe(false);
    expect(isGivenUp(NOW, NOW + 72 * HOUR)).toBe(true);
  });
});
