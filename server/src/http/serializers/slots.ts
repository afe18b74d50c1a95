import type { LessonSlots } from '../../domain/public-api/public-catalog';
import { instantToLocal } from '../../domain/time/zoned-time';

/**
 * Free private lesson times: each start and end as a UTC instant and as the studio's wall clock,
 * the lesson's length and price, and the hosted page with that length and date already chosen.
 */
export function serializeSlots({ studio, offer, pricing, slots }: LessonSlots, checkoutBaseUrl: string) {
  const locale = studio.locales[0] ?? 'en';
  const page = `${checkoutBaseUrl}/${encodeURIComponent(locale)}/book/private-lesson/${encodeURIComponent(offer.person.id)}`;
  return slots.map((slot) => {
    const date = instantToLocal(slot.startsAt, studio.timezone).date;
    return {
      start: new Date(slot.startsAt).toISOString(),
      end: new Date(slot.endsAt).toISOString(),
      date,
      startTime: slot.localStartTime,
      endTime: slot.localEndTime,
      durationMins: pricing.durationMins,
      pricingId: pricing.id,
      price: pricing.price,
      currency: pricing.currency,
      bookingUrl: `${page}?pricing=${encodeURIComponent(pricing.id)}&date=${date}`,
    };
  });
}
