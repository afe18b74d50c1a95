import type { BookingRecord } from '../../../server/src/domain/booking/types';
import { messagesOwed, type NotifiedStudio } from '../../../server/src/domain/notifications/owed-messages';
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

  it('When a booking is cancelled, then the student is told who cancelled; the studio hears only of what a student cancels', () => {
    const byStudent = messagesOwed({ change: 'cancelled', booking: booking(), by: 'student' }, withDesk, NOW);
    expect(summary(byStudent)).toEqual(['student:cancelled@0h', 'studio:cancelled@0h']);
    expect(byStudent[0]?.payload).toEqual({ cancelledBy: 'student', wasWaiting: false });
    expect(summary(messagesOwed({ change: 'cancelled', booking: booking(), by: 'studio' }, withDesk, NOW))).toEqual(['student:cancelled@0h']);
    expect(summary(messagesOwed({ change: 'cancelled', booking: booking(), by: 'class_cancelled' }, withDesk, NOW))).toEqual(['student:cancelled@0h']);
  });

  it('When a student leaves a waitlist, then no email is owed; when the class of a waiting student is cancelled, then they are told', () => {
    expect(messagesOwed({ change: 'cancelled', booking: booking({ status: 'waiting' }), by: 'student' }, withDesk, NOW)).toEqual([]);
    const closed = messagesOwed({ change: 'cancelled', booking: booking({ status: 'waiting' }), by: 'class_cancelled' }, withDesk, NOW);
    expect(summary(closed)).toEqual(['student:cancelled@0h']);
    expect(closed[0]?.payload).toEqual({ cancelledBy: 'class_cancelled', wasWaiting: true });
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
