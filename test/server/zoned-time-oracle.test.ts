import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import fc from 'fast-check';
import { instantToLocal, offsetMinutesAt, wallTimeToInstant } from '../../server/src/domain/time/zoned-time';

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONES = ['Europe/Madrid', 'America/New_York', 'America/Santiago', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC'];
const FROM = Date.parse('1975-01-01T00:00:00Z');
const UNTIL = Date.parse('2060-01-01T00:00:00Z');

describe('zone conversions checked against dayjs (utc + timezone)', () => {
  it('When any instant is read in a studio zone, then the offset is the one dayjs reports', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: UNTIL }), fc.constantFrom(...ZONES), (instant, zone) => {
        expect(offsetMinutesAt(instant, zone)).toBe(dayjs.utc(instant).tz(zone).utcOffset());
      }),
      { numRuns: 3000 },
    );
  });

  it('When any wall-clock time that exists is turned into an instant, then reading it back gives the same wall clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: UNTIL }), fc.constantFrom(...ZONES), (instant, zone) => {
        const local = dayjs.utc(instant).tz(zone);
        const date = local.format('YYYY-MM-DD');
        const time = local.format('HH:mm');
        const back = wallTimeToInstant(date, time, zone);
        expect(instantToLocal(back, zone)).toEqual({ date, time, dayOfWeek: local.format('dddd').toLowerCase() });
        // When the time happens twice, the earlier instant is chosen.
        expect(back).toBeLessThanOrEqual(Math.floor(instant / 60_000) * 60_000);
      }),
      { numRuns: 3000 },
    );
  });
});
