import { createHash } from 'node:crypto';
import type { OccurrenceRecord } from '../catalog';

/**
 * Where a calendar feed's SEQUENCE comes from. Calendars (RFC 5545, 3.8.7.4) take an event with a
 * higher SEQUENCE as a revision of the one they hold. Imports replace a studio's classes whole, so
 * each occurrence's sequence is carried over by id from the import before, with a fingerprint of
 * what calendars showed of it then; an import that changes any of that (the time, the place, the
 * name, who teaches, a cancellation) raises it by one. An unchanged class keeps its sequence and
 * the time of that revision (its DTSTAMP), so a feed re-imported without changes is byte for byte
 * the same (and its ETag too).
 */

/** What the previous import left of an occurrence. */
export interface CalendarRevision {
  sequence: number;
  fingerprint: string | null;
  /** when the import that gave it this sequence ran (the feed's DTSTAMP); null for a row from before it was kept */
  revisedAt: number | null;
}

/** A digest of everything a calendar feed shows of the occurrence. */
export function calendarFingerprint(occurrence: OccurrenceRecord): string {
  const shown = [
    occurrence.name,
    occurrence.danceType,
    occurrence.level,
    occurrence.room,
    occurrence.startsAt,
    occurrence.endsAt,
    occurrence.price,
    occurrence.description,
    occurrence.instructorId,
    occurrence.cancelled,
  ];
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url');
}

/**
 * The occurrence's revision after an import at `nowMs`: the same sequence (and revision time) when
 * nothing shown changed, the next one, revised now, otherwise (0 for a new one).
 */
export function nextRevision(previous: CalendarRevision | undefined, fingerprint: string, nowMs: number): CalendarRevision {
  if (!previous) return { sequence: 0, fingerprint, revisedAt: nowMs };
  // A row from before the revision times takes this import's, once.
  if (previous.fingerprint === fingerprint) return previous.revisedAt === null ? { ...previous, revisedAt: nowMs } : previous;
  // A row from before the fingerprints (null) has nothing to compare with: taken as changed, which only costs calendars a refresh.
  return { sequence: previous.sequence + 1, fingerprint, revisedAt: nowMs };
}
