import { firstWaitlistClosing } from '../../domain/booking/waitlist';
import type { WhatToList } from '../../domain/public-api/reader';
import { cachedBody, type CachedBody } from '../cache/response-cache';
import { listingArray } from './listing-entries';
import type { ListingStore } from './listing-store';

/**
 * A listing endpoint's answer: what the use-case says to list, read from the read model and joined
 * into one body, cached until a waitlist it shows open closes. The classes of all visible types over
 * whole local days (the common case) are read by day, already joined; anything else entry by entry.
 */
export async function listingAnswer(store: ListingStore, what: WhatToList): Promise<CachedBody> {
  switch (what.kind) {
    case 'nothing':
      return cachedBody(listingArray({ days: [] }));
    case 'classes': {
      const { studioId, window, danceTypeKeys, completion } = what;
      if (what.everyVisibleType && window.wholeDays) {
        const joined = await store.listClassDays(studioId, window.wholeDays, completion);
        return cachedBody(listingArray(joined), joined.validUntil);
      }
      const entries = await store.listClasses(studioId, window, danceTypeKeys);
      return cachedBody(listingArray({ entries, completion }), firstWaitlistClosing(entries, completion.policy, completion.nowMs));
    }
    case 'events': {
      const entries = await store.listEvents(what.studioId, what.window);
      return cachedBody(listingArray({ entries, completion: what.completion }), firstWaitlistClosing(entries, what.completion.policy, what.completion.nowMs));
    }
  }
}
