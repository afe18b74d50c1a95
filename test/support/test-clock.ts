/**
 * Time is an input of every test. A test file whose verdict depends on the date takes "now" from
 * here: one instant, read once per file, given to everything in the test that asks: the Studio Data
 * server (`startTestServer({ now })`), the WordPress plugin (`startWordPress({ now })`, its
 * `studio_data_now` filter) and the browser (`offlineContext(…, { now })`). A file that runs across
 * midnight therefore still sees one day, and its expectations are computed from that instant, never
 * from the day the test was written on.
 *
 * The instant is the real moment the file first asks, so a run under faketime (`npm run test:clock`)
 * puts the product at the hour faketime names: 23:58 in Madrid, the night the clocks change, 29 February.
 */

let frozenAt: number | undefined;

/** This test file's now, in epoch milliseconds: the same value on every call. */
export function testNow(): number {
  frozenAt ??= Date.now();
  return frozenAt;
}

/** The calendar date (YYYY-MM-DD) in the zone at the instant, read with Intl (not the server's own zone code). */
export function dateInZone(zone: string, instantMs: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instantMs));
}

/** A calendar date plus whole days (calendar arithmetic: no zone, no DST). */
export function plusDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Today in the zone at the test's now, plus whole days. */
export function zoneDay(zone: string, days = 0, now = testNow()): string {
  return plusDays(dateInZone(zone, now), days);
}

/** The wall-clock time (HH:mm, 24-hour) in the zone at the instant. */
export function timeInZone(zone: string, instantMs: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instantMs));
}

/**
 * The instant a wall-clock time (HH:mm) of a calendar date is in the zone, for times the zone's clocks
 * pass once (not in the hour a change of clocks skips or repeats): the offset is read at the
 * provisional UTC instant and applied once more if it moved.
 */
export function instantAtZoneTime(zone: string, date: string, time: string): number {
  const wallAsUtc = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => Date.parse(`${dateInZone(zone, instant)}T${timeInZone(zone, instant)}:00Z`) - Math.floor(instant / 60_000) * 60_000;
  const provisional = wallAsUtc - offsetAt(wallAsUtc);
  return wallAsUtc - offsetAt(provisional);
}

/** The weekday's English name (e.g. "Tuesday") of a calendar date. */
export function weekdayName(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}
