const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's clock as Intl reads it (every engine the client runs in has the IANA zones). */
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
function offsetMinutesAt(instantMs: number, zone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instantMs)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const wallAsUtc = Date.UTC(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1, fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0);
  return Math.round((wallAsUtc - Math.floor(instantMs / 1000) * 1000) / MINUTE_MS);
}

/**
 * The instant at which the clocks of `zone` (IANA) show `date` (`YYYY-MM-DD`) at `time` (`HH:MM`),
 * by the server's rule for a studio's wall-clock times: a time shown twice (the night the clocks go
 * back) is the earlier instant; a time the clocks skip (the night they go forward) moves forward by
 * the gap. Clock changes are rare enough that the offsets a day either side are the only candidates.
 */
export function wallTimeToInstant(date: string, time: string, zone: string): Date {
  const wallAsUtc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wallAsUtc)) throw new RangeError(`wallTimeToInstant: ${date} ${time} is not a date and a time (YYYY-MM-DD, HH:MM)`);
  const before = offsetMinutesAt(wallAsUtc - DAY_MS, zone);
  const after = offsetMinutesAt(wallAsUtc + DAY_MS, zone);
  const shown = [before, after]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((instant) => offsetMinutesAt(instant, zone) === (wallAsUtc - instant) / MINUTE_MS)
    .sort((a, b) => a - b);
  // In a gap no offset shows the time: read it with the offset from before the change.
  return new Date(shown[0] ?? wallAsUtc - before * MINUTE_MS);
}
