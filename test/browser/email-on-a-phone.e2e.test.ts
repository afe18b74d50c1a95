import { DEFAULT_POLICIES } from '../../server/src/domain/catalog';
import type { BookingRecord } from '../../server/src/domain/booking/types';
import type { StudioProfileView } from '../../server/src/domain/public-api/reader';
import { renderBookingEmail } from '../../server/src/mail/booking-email';
import { BROWSER_TEST_TIMEOUT_MS, describeWithBrowser, inFreshBrowser } from '../support/browser';

/**
 * A booking email's HTML as a phone shows it (360 px wide, Chromium): nothing runs off the screen,
 * the manage link least of all (a 43-character token in an address that does not break by itself),
 * and the values keep most of the width beside their labels.
 */

jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);

const studio: StudioProfileView = {
  id: 'phone-studio',
  name: 'Escuela de Baile del Barrio de Embajadores',
  country: 'ES',
  address: 'Calle de Embajadores 52, 28012 Madrid',
  unit: 'Planta 2, puerta izquierda',
  businessHours: null,
  description: {},
  logo: null,
  phone: null,
  defaultCurrency: 'EUR',
  website: null,
  yearEstablished: null,
  timezone: 'Europe/Madrid',
  whatsappEnabled: null,
  whatsappPhone: null,
  locales: ['es'],
  policies: DEFAULT_POLICIES,
  notificationEmail: 'desk@phone.example',
  danceTypes: [],
};

const startsAt = Date.parse('2027-03-08T18:00:00Z');
const booking: BookingRecord = {
  id: 'b1',
  reference: 'SD-F3RY-78J7',
  accessToken: 'Zq3xV9kLmN2pR7tYb4WcD8fGh1JsK6aE0uIoP5eQwXy',
  studioId: studio.id,
  kind: 'class',
  classId: 'rueda-20270308',
  instructorId: null,
  pricingId: null,
  startsAt,
  endsAt: startsAt + 3_600_000,
  status: 'confirmed',
  guest: { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.com', phone: null },
  answers: null,
  title: 'Rueda de Casino, nivel intermedio',
  room: 'Sala Azul',
  price: 12.5,
  currency: 'EUR',
  locale: 'es',
  formatsLocale: null,
  createdAt: startsAt - 86_400_000,
  cancelledAt: null,
  cancelledBy: null,
  calendarSequence: 0,
};

describeWithBrowser()('a booking email on a phone', () => {
  test('When a student opens the confirmation on a 360 px phone, then nothing runs off the screen and the manage link wraps inside it', async () => {
    const email = renderBookingEmail({
      messageId: 'm1',
      audience: 'student',
      event: 'confirmed',
      payload: null,
      booking,
      studio,
      manageUrl: `https://reservas.escuela-de-baile-embajadores.example/booking/${booking.accessToken}`,
      senderAddress: 'bookings@example.com',
      waitlistPlace: null,
      cancellableOnline: true,
      questions: [],
    });
    const measured = await inFreshBrowser(async (browser) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.setContent(email!.html);
      const result = await page.evaluate(() => {
        const doc = (globalThis as any).document;
        const link = doc.querySelector('a[href*="/booking/"]');
        const value = doc.querySelector('td');
        return { pageWidth: doc.documentElement.scrollWidth, linkRight: Math.round(link.getBoundingClientRect().right), valueWidth: Math.round(value.getBoundingClientRect().width) };
      });
      await page.close();
      return result;
    });
    expect(measured.pageWidth).toBeLessThanOrEqual(360);
    expect(measured.linkRight).toBeLessThanOrEqual(360);
    // The values keep most of the row beside their labels (the label column no longer takes what it likes).
    expect(measured.valueWidth).toBeGreaterThan(180);
  });
});
