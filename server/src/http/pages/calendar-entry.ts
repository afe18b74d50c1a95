import type { Confirmation } from '../../domain/booking/booking-service';
import { googleCalendarUrl, outlookCalendarUrl } from '../../domain/booking/calendar-links';
import { describeBooking, type CalendarLabels } from '../../domain/booking/ics';
import { formatPrice } from '../../i18n/format';
import { translate, type PageLocale } from '../../i18n/messages';
import { priceLabelKey } from '../../i18n/price-label';

/** A booking as calendars get it (the .ics file and the Google and Outlook links), in the page's language. */
export interface CalendarEntry {
  title: string;
  location: string;
  labels: CalendarLabels;
  formattedPrice: string | null;
}

export function calendarEntry({ booking, studio }: Confirmation, locale: PageLocale): CalendarEntry {
  return {
    title: `${booking.title} · ${studio.name}`,
    location: [studio.name, studio.address, studio.unit, booking.room].filter(Boolean).join(', '),
    labels: { reference: translate(locale, 'reference'), toPay: translate(locale, priceLabelKey(booking)) },
    formattedPrice: formatPrice(booking.price, booking.currency, locale),
  };
}

/** "Add to Google Calendar" and "Add to Outlook": the same event as the .ics file, for phones that cannot open one. */
export function calendarLinks(confirmation: Confirmation, locale: PageLocale): { google: string; outlook: string } {
  const { booking, studio } = confirmation;
  const entry = calendarEntry(confirmation, locale);
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
