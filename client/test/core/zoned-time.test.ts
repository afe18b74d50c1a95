import { describe, expect, it } from 'vitest';
import { wallTimeToInstant } from '../../src/core/zoned-time.js';

/** The server's rule (domain/time/zoned-time.ts), loaded from its sources: the client's type check leaves them out, so its type is said here. */
const serverZonedTime = new URL('../../../server/src/domain/time/zoned-time.ts', import.meta.url).href;
const { wallTimeToInstant: serverWallTimeToInstant } = (await import(/* @vite-ignore */ serverZonedTime)) as { wallTimeToInstant(date: string, time: string, zone: string): number };

/** A studio's wall-clock time read as an instant, as the client reads an event's date and start time. */
const instant = (date: string, time: string, zone: string) => wallTimeToInstant(date, time, zone).toISOString();

describe("a studio's wall-clock time as an instant", () => {
  it('When a social starts at 22:00 in Madrid in winter, then it starts at 21:00 UTC; in summer at 20:00 UTC', () => {
    expect(instant('2026-03-28', '22:00', 'Europe/Madrid')).toBe('2026-03-28T21:00:00.000Z');
    expect(instant('2026-03-30', '22:00', 'Europe/Madrid')).toBe('2026-03-30T20:00:00.000Z');
  });

  it('When the time is skipped the night the clocks go forward, then it moves forward by the gap (02:30 is 03:30 summer time)', () => {
    expect(instant('2026-03-29', '02:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('When the time is shown twice the night the clocks go back, then it is the earlier instant (still summer time)', () => {
    expect(instant('2026-10-25', '02:30', 'Europe/Madrid')).toBe('2026-10-25T00:30:00.000Z');
    expect(instant('2026-04-05', '02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
  });

  it('When the zone keeps one offset all year, then the time is read with it', () => {
    expect(instant('2026-03-29', '02:30', 'Asia/Tokyo')).toBe('2026-03-28T17:30:00.000Z');
  });

  it("When read at every quarter hour of 2026's clock-change days, then the client agrees with the server's rule (Madrid, New York, Sydney, Lord Howe's half hour)", () => {
    const days: [string, string[]][] = [
      ['Europe/Madrid', ['2026-03-29', '2026-10-25']],
      ['America/New_York', ['2026-03-08', '2026-11-01']],
      ['Australia/Sydney', ['2026-04-05', '2026-10-04']],
      ['Australia/Lord_Howe', ['2026-04-05', '2026-10-04']],
    ];
    let compared = 0;
    for (const [zone, dates] of days) {
      for (const date of dates) {
        for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
          const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          expect({ zone, date, time, at: wallTimeToInstant(date, time, zone).getTime() }).toEqual({ zone, date, time, at: serverWallTimeToInstant(date, time, zone) });
          compared += 1;
        }
      }
    }
    expect(compared).toBe(4 * 2 * 96);
  });

  it('When the date or time is not one, then it says so instead of answering an invalid instant', () => {
    expect(() => wallTimeToInstant('2026-02-30x', '22:00', 'Europe/Madrid')).toThrow(RangeError);
  });
});
