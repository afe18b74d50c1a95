import { studentCancellation } from '../../../server/src/domain/booking/cancellation';
import { wallTimeToInstant } from '../../../server/src/domain/time/zoned-time';

const MINUTE = 60_000;
const madrid = (date: string, time: string) => wallTimeToInstant(date, time, 'Europe/Madrid');
const twoHours = { cancellationCutoffMinutes: 120 };

describe('whether a student can cancel online', () => {
  const start = madrid('2027-03-08', '19:00');

  it('a seat until the cutoff before the start, then too late, then over once it has started', () => {
    const seat = { status: 'confirmed' as const, startsAt: start };
    expect(studentCancellation(seat, twoHours, madrid('2027-03-08', '16:59'))).toBe('open');
    expect(studentCancellation(seat, twoHours, madrid('2027-03-08', '17:00'))).toBe('too_late');
    expect(studentCancellation(seat, twoHours, start)).toBe('over');
    expect(studentCancellation(seat, { cancellationCutoffMinutes: 0 }, start - MINUTE)).toBe('open');
  });

  it('a place on the waitlist until the cutoff, when the waitlist closes; nothing once cancelled', () => {
    const place = { status: 'waiting' as const, startsAt: start };
    expect(studentCancellation(place, twoHours, madrid('2027-03-08', '16:59'))).toBe('open');
    expect(studentCancellation(place, twoHours, madrid('2027-03-08', '17:00'))).toBe('waitlist_closed');
    expect(studentCancellation(place, twoHours, start + 60 * MINUTE)).toBe('waitlist_closed');
    expect(studentCancellation({ status: 'cancelled', startsAt: start }, twoHours, start - 10 * 24 * 60 * MINUTE)).toBe('cancelled');
  });

  it('across the night the clocks go forward, the cutoff is two real hours, not two hours of the wall clock', () => {
    // 04:00 summer time on Sunday 2027-03-28 is 02:00Z; two hours before is 00:00Z, 01:00 winter time.
    const seat = { status: 'confirmed' as const, startsAt: madrid('2027-03-28', '04:00') };
    expect(studentCancellation(seat, twoHours, madrid('2027-03-28', '00:59'))).toBe('open');
    expect(studentCancellation(seat, twoHours, madrid('2027-03-28', '01:00'))).toBe('too_late');
  });
});
