import type { Confirmation } from '../../domain/booking/booking-service';
import { googleCalendarUrl, outlookCalendarUrl } from '../../domain/booking/calendar-links';
import { describeBooking, type CalendarLabels } from '../../domain/booking/ics';
import { formatPrice } from '../../i18n/format';
import { translate } from '../../i18n/messages';
import type { Language } from '../../i18n/formats-locale';
import { priceLabelKey } from '../../i18n/price-label';

/** A booking as calendars get it (the .ics file and the Google and Outlook links), in the page's language. */
export interface CalendarEntry {
  title: string;
  location: string;
  labels: CalendarLabels;
  formattedPrice: string | null;
}

export function calendarEntry({ booking, studio }: Confirmation, { page: locale, formats }: Language): CalendarEntry {
  return {
    title: `${booking.title} · ${studio.name}`,
    location: [studio.name, studio.address, studio.unit, booking.room].filter(Boolean).join(', '),
    labels: { reference: translate(locale, 'reference'), toPay: translate(locale, priceLabelKey(booking)) },
    formattedPrice: formatPrice(booking.price, booking.currency, formats),
  };
}

/** "Add to Google Calendar" and "Add to Outlook": the same event as the .ics file, for phones that cannot open one. */
export function calendarLinks(confirmation: Confirmation, language: Language): { google: string; outlook: string } {
  const { booking, studio } = confirmation;
  const entry = calendarEntry(confirmation, language);
  const input = {
    title: entry.title,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    details: describeBooking(booking, null, entry.labels, entry.formattedPrice),
    location: entry.location,
    zone: studio.timezone,
  };
  return { google: googleCalendarUrl(input), outlook: outlookCalendarUrl(input) };
}
