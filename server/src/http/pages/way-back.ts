import type { NextBookable } from '../../domain/booking/booking-service';
import { isWebAddress } from '../../domain/booking/web-address';
import type { StudioProfileView } from '../../domain/public-api/reader';
import { formatSpan } from '../../i18n/format';
import { translate } from '../../i18n/messages';
import type { Language } from '../../i18n/formats-locale';

/**
 * Where a student can go from a page that cannot book anything (a full, past or cancelled class; a
 * private lesson page without free time): what to book instead, the studio's website, and how to
 * reach the studio. Null when the studio gave none of them.
 */
export interface WayBack {
  instead: { url: string; text: string } | null;
  website: { url: string; text: string } | null;
  phone: { url: string; text: string } | null;
  whatsapp: { url: string; text: string } | null;
}

export function wayBackView(studio: StudioProfileView, language: Language, next: NextBookable | null): WayBack | null {
  const locale = language.page;
  const instead = next ? { url: `/book/${encodeURIComponent(next.occurrence.id)}`, text: insteadText(next, studio.timezone, language) } : null;
  const website = isWebAddress(studio.website) ? { url: studio.website, text: translate(locale, 'way_back_website', { studio: studio.name }) } : null;
  const phone = studio.phone ? { url: `tel:${dialable(studio.phone)}`, text: translate(locale, 'way_back_phone', { phone: studio.phone }) } : null;
  const whatsappNumber = studio.whatsappEnabled && studio.whatsappPhone ? dialable(studio.whatsappPhone).replace(/^\+/, '') : '';
  const whatsapp = whatsappNumber ? { url: `https://wa.me/${whatsappNumber}`, text: translate(locale, 'way_back_whatsapp', { phone: studio.whatsappPhone ?? '' }) } : null;
  return instead || website || phone || whatsapp ? { instead, website, phone, whatsapp } : null;
}

function insteadText(next: NextBookable, zone: string, { page: locale, formats }: Language): string {
  const when = formatSpan(next.occurrence.startsAt, next.occurrence.endsAt, zone, formats);
  return next.sameClass ? translate(locale, 'way_back_same_class', { when }) : translate(locale, 'way_back_next_class', { name: next.occurrence.name, when });
}

/** A phone number as a `tel:` or wa.me address wants it: a leading + and digits only. */
export function dialable(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}
