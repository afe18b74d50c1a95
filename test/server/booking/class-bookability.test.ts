import { classAdmission, classBookability } from '../../../server/src/domain/booking/class-bookability';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const LATER = NOW + 3_600_000;
const open = { cancelled: false, startsAt: LATER, capacity: 10, confirmedBookings: 3 };

describe('whether a class can be booked', () => {
  it('When the class is ahead and has spots left, then the student can book it', () => {
    expect(classBookability(open, NOW)).toBe('open');
  });

  it('When the class has no capacity limit, then it is never full', () => {
    expect(classBookability({ ...open, capacity: null, confirmedBookings: 10_000 }, NOW)).toBe('open');
  });

  it('When one spot is left, then the class is still open', () => {
    expect(classBookability({ ...open, capacity: 4, confirmedBookings: 3 }, NOW)).toBe('open');
  });

  it('When every spot is taken, then the student is told the class is full', () => {
    expect(classBookability({ ...open, capacity: 3, confirmedBookings: 3 }, NOW)).toBe('full');
    expect(classBookability({ ...open, capacity: 3, confirmedBookings: 5 }, NOW)).toBe('full');
  });

  it('When the capacity is 0, then the class is full', () => {
    expect(classBookability({ ...open, capacity: 0, confirmedBookings: 0 }, NOW)).toBe('full');
  });

  it('When the class starts right now, then it counts as past', () => {
    expect(classBookability({ ...open, startsAt: NOW }, NOW)).toBe('past');
  });

  it('When the class has already started, then the student is told it has taken place', () => {
    expect(classBookability({ ...open, startsAt: NOW - 1 }, NOW)).toBe('past');
  });

  it('When the class is past and full, then it is shown as past', () => {
    expect(classBookability({ ...open, startsAt: NOW - 1, capacity: 3, confirmedBookings: 3 }, NOW)).toBe('past');
  });

  it('When the class is cancelled, then it is shown as cancelled even if it is also past and full', () => {
    expect(classBookability({ ...open, cancelled: true }, NOW)).toBe('cancelled');
    expect(classBookability({ cancelled: true, startsAt: NOW - 1, capacity: 1, confirmedBookings: 1 }, NOW)).toBe('cancelled');
  });
});

describe('what one booking of a class gets, decided under the lock', () => {
  const full = { ...open, capacity: 3, confirmedBookings: 3 };
  const keepsWaitlists = { waitlist: true, cancellationCutoffMinutes: 30 };

  it('When the class has a spot left, then the student gets a seat, whether or not they asked to wait', () => {
    expect(classAdmission(NOW, { joinWaitlist: false })(open, keepsWaitlists)).toBe('seat');
    expect(classAdmission(NOW, { joinWaitlist: true })(open, keepsWaitlists)).toBe('seat');
  });

  it('When the class is full and the student asked to wait before the cutoff, then they get a place on the waitlist', () => {
    expect(classAdmission(NOW, { joinWaitlist: true })(full, keepsWaitlists)).toBe('waitlist');
  });

  it('When the class is full and the student did not ask to wait, then they are told it is full', () => {
    expect(classAdmission(NOW, { joinWaitlist: false })(full, keepsWaitlists)).toBe('full');
  });

  it('When the class is full and the studio keeps no waitlists, or its cutoff has passed, then the student is told it is full', () => {
    expect(classAdmission(NOW, { joinWaitlist: true })(full, { ...keepsWaitlists, waitlist: false })).toBe('full');
    // The class starts in 60 minutes; a 60-minute cutoff closes the waitlist now.
    expect(classAdmission(NOW, { joinWaitlist: true })(full, { ...keepsWaitlists, cancellationCutoffMinutes: 60 })).toBe('full');
  });

  it('When the class is cancelled or has started, then asking to wait changes nothing', () => {
    expect(classAdmission(NOW, { joinWaitlist: true })({ ...full, cancelled: true }, keepsWaitlists)).toBe('cancelled');
    expect(classAdmission(NOW, { joinWaitlist: true })({ ...full, startsAt: NOW }, keepsWaitlists)).toBe('past');
  });
});
