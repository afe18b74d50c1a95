import { addDays } from '../server/src/domain/time/calendar';
import { todayIn } from '../server/src/domain/time/zoned-time';

/**
 * The studio of the bookings bench: one studio whose classes are rushed by students, each class on
 * a date two weeks ahead (so every booking also owes a reminder, due the day before: not yet), and a
 * notification address (so every seat taken owes the studio a copy).
 */

export const BOOKING_STUDIO_ID = 'bench-bookings';
export const STUDIO_DESK = 'desk@bench-bookings.example';
const STUDIO_ZONE = 'Europe/Madrid';
const DAYS_AHEAD = 14;

export interface RushedClass {
  id: string;
  name: string;
  capacity: number;
}

export function bookingStudioDocument(classes: RushedClass[], nowMs: number) {
  // The studio's own calendar date, as the server reads class dates.
  const date = addDays(todayIn(STUDIO_ZONE, nowMs), DAYS_AHEAD);
  return {
    studio: {
      id: BOOKING_STUDIO_ID,
      name: 'Bench Bookings',
      country: 'ES',
      defaultCurrency: 'EUR',
      timezone: STUDIO_ZONE,
      locales: ['en'],
      notifications: { email: STUDIO_DESK },
    },
    danceTypes: [{ name: 'Salsa' }],
    classes: classes.map(({ id, name, capacity }) => ({ id, name, danceType: 'Salsa', level: 'Beginner', date, startTime: '19:00', endTime: '20:00', price: 10, capacity })),
  };
}
