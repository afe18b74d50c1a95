import { isRealDate } from './calendar';

/**
 * The `from` query parameter (decisions.md): `YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm`, `…:ss` or
 * `…:ss.sss`, each optionally followed by `Z` or `±HH:mm`. Without an offset it is a wall-clock
 * time in the studio's zone; with one it is an instant.
 */
export type FromParameter =
  | { kind: 'absent' }
  | { kind: 'local'; date: string; time: string }
  | { kind: 'instant'; date: string; time: string; offsetMinutes: number };

const FROM_PATTERN = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{3}))?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Returns null when the value is not one of the accepted forms (or names an impossible date or time). */
export function parseFromParameter(raw: unknown): FromParameter | null {
  if (raw === undefined || raw === '') return { kind: 'absent' };
  if (typeof raw !== 'string' || raw.length > 40) return null;
  const match = FROM_PATTERN.exec(raw);
  if (!match) return null;
  const [, date, hours = '00', minutes = '00', seconds = '00', millis = '000', zone] = match as unknown as [string, string, string?, string?, string?, string?, string?];
  if (!isRealDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const time = `${hours}:${minutes}:${seconds}.${millis}`;
  if (zone === undefined) return { kind: 'local', date, time };
  if (zone === 'Z') return { kind: 'instant', date, time, offsetMinutes: 0 };
  const offsetHours = Number(zone.slice(1, 3));
  const offsetMins = Number(zone.slice(4, 6));
  if (offsetHours > 23 || offsetMins > 59) return null;
  return { kind: 'instant', date, time, offsetMinutes: (zone.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMins) };
}
