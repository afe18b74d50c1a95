/**
 * The instants at which a date bug shows: the edges of a day in the zones the tests use (Madrid, where
 * the fixtures' studios are, and New York), the nights the clocks change in Europe and the US, the
 * end of a year and a leap day. `npm run test:clock` runs the date-sensitive suites at them under
 * Debian's faketime, which moves the clock of Node, PHP and Chromium alike; each instant is a couple
 * of minutes before the edge, so a run (a few minutes long) crosses it.
 */
export interface HardInstant {
  name: string;
  /** faketime's start time, in UTC (this machine's zone): 'YYYY-MM-DD HH:mm:ss' */
  utc: string;
  /** the instant in words, where it matters */
  when: string;
  /** what a date bug would trip over there */
  why: string;
}

export const HARD_INSTANTS: readonly HardInstant[] = [
  { name: 'madrid-2358', utc: '2026-12-05 22:58:00', when: '23:58 on a Saturday in Madrid', why: 'the run crosses midnight there' },
  { name: 'madrid-0002', utc: '2026-12-05 23:02:00', when: '00:02 on a Sunday in Madrid', why: 'UTC still reads Saturday' },
  { name: 'new-york-2358', utc: '2026-12-07 04:58:00', when: '23:58 on a Sunday in New York', why: 'Madrid is already on Monday' },
  { name: 'europe-spring-forward', utc: '2027-03-28 00:58:00', when: '01:58 in Madrid on the night clocks go forward', why: 'at 02:00 they jump to 03:00' },
  { name: 'europe-fall-back', utc: '2026-10-25 00:58:00', when: '02:58 summer time in Madrid on the night clocks go back', why: 'at 03:00 they go back to 02:00' },
  { name: 'us-spring-forward', utc: '2027-03-14 06:58:00', when: '01:58 in New York on the night clocks go forward', why: 'at 02:00 they jump to 03:00' },
  { name: 'us-fall-back', utc: '2026-11-01 05:58:00', when: '01:58 summer time in New York on the night clocks go back', why: 'at 02:00 they go back to 01:00' },
  { name: 'new-years-eve', utc: '2026-12-31 22:58:00', when: '23:58 on 31 December in Madrid', why: 'the run crosses into the new year there' },
  { name: 'leap-day', utc: '2028-02-29 22:58:00', when: '23:58 on 29 February in Madrid', why: 'the run crosses into 1 March' },
];

/**
 * The two `npm run test:clock` runs by default (CI): midnight and a new year in the studio's zone in
 * one, and the night its clocks jump in the other.
 */
export const MOST_TELLING = ['new-years-eve', 'europe-spring-forward'] as const;
