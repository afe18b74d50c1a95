import { DEFAULT_POLICIES } from '../../../server/src/domain/catalog';
import type { BookingRecord } from '../../../server/src/domain/booking/types';
import type { StudioProfileView } from '../../../server/src/domain/public-api/reader';
import { renderBookingEmail, type BookingEmailInput } from '../../../server/src/mail/booking-email';

/** Monday 7 December 2026, 19:00–20:00 in Chicago (01:00–02:00 UTC the next day). */
const STARTS_AT = Date.parse('2026-12-08T01:00:00Z');

const chicago: StudioProfileView = {
  id: 'windy-city',
  name: 'Windy City Dance',
  country: 'US',
  address: '1 Wacker Dr, Chicago',
  unit: null,
  businessHours: null,
  description: {},
  logo: null,
  phone: null,
  defaultCurrency: 'USD',
  website: null,
  yearEstablished: null,
  timezone: 'America/Chicago',
  whatsappEnabled: null,
  whatsappPhone: null,
  locales: ['en'],
  policies: DEFAULT_POLICIES,
  notificationEmail: 'desk@windy.example',
  danceTypes: [],
};

const booking: BookingRecord = {
  id: 'b1',
  reference: 'SD-WIND-Y234',
  accessToken: 'token',
  studioId: chicago.id,
  kind: 'class',
  classId: 'salsa-20261207',
  instructorId: null,
  pricingId: null,
  startsAt: STARTS_AT,
  endsAt: STARTS_AT + 3_600_000,
  status: 'confirmed',
  guest: { firstName: 'Jordan', lastName: 'Lee', email: 'jordan@example.com', phone: null },
  answers: null,
  title: 'Salsa Beginner',
  room: null,
  price: 18.5,
  currency: 'USD',
  locale: 'en',
  formatsLocale: 'en',
  createdAt: STARTS_AT - 86_400_000,
  cancelledAt: null,
  cancelledBy: null,
  calendarSequence: 0,
};

const email = (audience: BookingEmailInput['audience'], studio: StudioProfileView, bookedWith: Partial<BookingRecord> = {}) =>
  renderBookingEmail({
    messageId: 'm1',
    audience,
    event: 'confirmed',
    payload: null,
    booking: { ...booking, ...bookedWith },
    studio,
    manageUrl: 'https://book.example/booking/token',
    senderAddress: 'bookings@example.com',
    waitlistPlace: null,
    cancellableOnline: true,
    questions: [],
  });
const spaces = (text: string | undefined) => text?.replace(/\s/g, ' ');

describe('the clock an email reads', () => {
  it('When a studio in the United States lists English without a region, then its copy reads the clock as its country does', () => {
    expect(spaces(email('studio', chicago)?.subject)).toBe('New booking: Salsa Beginner, Monday, December 7, 2026, 7:00 PM–8:00 PM (Jordan Lee)');
    // The same studio in Spain reads 24 hours, in Spanish where it writes Spanish.
    expect(email('studio', { ...chicago, country: 'ES', locales: ['es'] })?.subject).toBe('Nueva reserva: Salsa Beginner, lunes, 7 de diciembre de 2026, 19:00–20:00 (Jordan Lee)');
  });

  it('When the student booked on a page in English without a region, then theirs keeps that page\u2019s 24 hours; with en-US, 7:00 PM', () => {
    expect(email('student', chicago)?.subject).toBe('Booked: Salsa Beginner, Monday, December 7, 2026, 19:00–20:00');
    expect(spaces(email('student', chicago, { formatsLocale: 'en-US' })?.subject)).toBe('Booked: Salsa Beginner, Monday, December 7, 2026, 7:00 PM–8:00 PM');
  });
});
