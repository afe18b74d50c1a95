import { firstWaitlistClosing } from '../../domain/booking/waitlist';
import { NotFoundError } from '../../domain/errors';
import type { OneOccurrence } from '../../domain/public-api/public-catalog';
import type { WhatToList } from '../../domain/public-api/reader';
import { cachedBody, type CachedBody } from '../cache/cached-body';
import { listingArray, listingRenderer } from './listing-entries';
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

/** One class or event's answer: its stored entry, completed, cached until a waitlist it shows open closes. */
export async function occurrenceAnswer(store: ListingStore, { studioId, classId, completion }: OneOccurrence): Promise<CachedBody> {
  const entry = await store.findListed(studioId, classId);
  // Cancelled or gone between the two reads (an import ran): as if it had never been listed.
  if (!entry) throw new NotFoundError('class_not_found', `No class or event has the id "${classId}".`);
  return cachedBody(Buffer.from(listingRenderer.joinEntries([entry], completion)), firstWaitlistClosing([entry], completion.policy, completion.nowMs));
}
