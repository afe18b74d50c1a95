import type { Migration } from 'kysely';
import { nullableColumn } from './nullable-column';

/**
 * When a calendar last saw each class or event change: the import that gave it its SEQUENCE. The
 * feeds write it as the event's DTSTAMP, so that a re-import that changes nothing gives byte for byte
 * the same feed (the import's own time, written there before, changed every event's DTSTAMP). Rows
 * from before take the time of their next import, once.
 */
export function calendarRevisedAt(): Migration {
  return nullableColumn('occurrences', 'calendar_revised_at', 'bigint');
}
