import type { OccurrenceRecord } from '../catalog';

/**
 * A weekly series the studio marks `cancelled` is cancelled from then on: its dates that have begun
 * by the import stay as the import before had them, so the classes students went to last week do
 * not turn "cancelled" in their subscribed calendars (the feed keeps two weeks back) and in the
 * API's past weeks. A date new to the schedule takes the document's word, and so does a single
 * dated class: a studio may record that one that was to be held was not.
 */
export function keepHeldDatesOfCancelledSeries(occurrences: readonly OccurrenceRecord[], cancelledBefore: ReadonlyMap<string, boolean>, nowMs: number): OccurrenceRecord[] {
  return occurrences.map((occurrence) => {
    const ofSeries = occurrence.entryId !== occurrence.id;
    const before = cancelledBefore.get(occurrence.id);
    if (!ofSeries || !occurrence.cancelled || occurrence.startsAt > nowMs || before === undefined || before) return occurrence;
    return { ...occurrence, cancelled: false };
  });
}
