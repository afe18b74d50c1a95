import { busySpan, freeLessonTimes, horizonBusySpan, type DateSpan } from '../../../server/src/domain/booking/lesson-dates';
import type { AvailabilityWindow } from '../../../server/src/domain/booking/slots';
import type { Interval } from '../../../server/src/domain/booking/types';
import { addDays } from '../../../server/src/domain/time/calendar';
import { wallTimeToInstant } from '../../../server/src/domain/time/zoned-time';

/**
 * The API's slots endpoint lists one week of the booking page's four, reading only that week's busy
 * intervals: it must list exactly what the page offers on those dates.
 */

const MADRID = 'Europe/Madrid';
const HOUR = 3_600_000;
const at = (date: string, time: string) => wallTimeToInstant(date, time, MADRID);

/** Every day 00:00–23:59, so that lessons late at night and early in the morning sit by a week's edges. */
const allDay: AvailabilityWindow[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ id: `w${dayOfWeek}`, dayOfWeek, startTime: '00:00', endTime: '23:59' }));

/** Two classes every day for 30 days from `first`: 10:00–11:00, and 23:30 to 00:30 the next day. */
function classesFrom(first: string): Interval[] {
  return Array.from({ length: 30 }, (_, day) => addDays(first, day)).flatMap((date) => [
    { startsAt: at(date, '10:00'), endsAt: at(date, '11:00') },
    { startsAt: at(date, '23:30'), endsAt: at(date, '23:30') + HOUR },
  ]);
}

/** The busy intervals a store returns for the span: those overlapping it (half-open). */
const overlapping = (busy: Interval[], { fromMs, untilMs }: { fromMs: number; untilMs: number }) => busy.filter((interval) => interval.startsAt < untilMs && interval.endsAt > fromMs);

function oneWeekAgainstTheHorizon(nowMs: number, week: DateSpan) {
  const busy = classesFrom(addDays(week.first, -7));
  const query = { zone: MADRID, nowMs, availability: allDay, durationMins: 60 };
  const page = freeLessonTimes({ ...query, busy: overlapping(busy, horizonBusySpan(MADRID, nowMs)) });
  const api = freeLessonTimes({ ...query, busy: overlapping(busy, busySpan(MADRID, week)) }, week);
  const pageOnTheWeek = [...page].filter(([date]) => date >= week.first && date <= week.last);
  return { api, pageOnTheWeek };
}

describe("an app's week of free private lesson times", () => {
  it('When an app asks for the second week, then it lists exactly what the booking page offers on those dates, and nothing else', () => {
    const { api, pageOnTheWeek } = oneWeekAgainstTheHorizon(at('2026-11-23', '08:00'), { first: '2026-11-30', last: '2026-12-06' });
    expect([...api.keys()]).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect([...api]).toEqual(pageOnTheWeek);
    // A class from 23:30 the night before keeps the week's first hour busy.
    expect(api.get('2026-11-30')![0]!.localStartTime).toBe('00:30');
  });

  it('When the week holds the night Madrid springs forward (2026-03-29), then its times are still the booking page’s', () => {
    const { api, pageOnTheWeek } = oneWeekAgainstTheHorizon(at('2026-03-16', '09:00'), { first: '2026-03-23', last: '2026-03-29' });
    expect([...api]).toEqual(pageOnTheWeek);
    expect(api.get('2026-03-29')!.map((slot) => slot.localStartTime)).not.toContain('02:00');
  });

  it('When the week holds the night Madrid falls back (2026-10-25), then its times are still the booking page’s', () => {
    const { api, pageOnTheWeek } = oneWeekAgainstTheHorizon(at('2026-10-12', '09:00'), { first: '2026-10-19', last: '2026-10-25' });
    expect([...api]).toEqual(pageOnTheWeek);
    expect(api.get('2026-10-25')!.filter((slot) => slot.localStartTime === '02:00')).toHaveLength(2);
  });

  it('When the week starts today, then times already past are left out, as on the page', () => {
    const nowMs = at('2026-11-23', '15:10');
    const { api, pageOnTheWeek } = oneWeekAgainstTheHorizon(nowMs, { first: '2026-11-23', last: '2026-11-29' });
    expect([...api]).toEqual(pageOnTheWeek);
    expect(api.get('2026-11-23')![0]!.localStartTime).toBe('15:15');
  });
});
