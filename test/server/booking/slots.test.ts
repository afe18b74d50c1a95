import { bookableDates, computeFreeSlots, isSlotFree, type AvailabilityWindow } from '../../../server/src/domain/booking/slots';
import { wallClockRepeat, wallTimeToInstant } from '../../../server/src/domain/time/zoned-time';

const MADRID = 'Europe/Madrid';
const NEW_YORK = 'America/New_York';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Long before every date below. */
const EARLY = Date.UTC(2026, 0, 1);

const window = (dayOfWeek: number, startTime: string, endTime: string, extra: Partial<AvailabilityWindow> = {}): AvailabilityWindow => ({
  id: `w-${dayOfWeek}-${startTime}-${endTime}`,
  dayOfWeek,
  startTime,
  endTime,
  ...extra,
});
const at = (date: string, time: string, zone = MADRID) => wallTimeToInstant(date, time, zone);
const times = (slots: { localStartTime: string }[]) => slots.map((slot) => slot.localStartTime);
const iso = (ms: number) => new Date(ms).toISOString();

// 2026-11-23 is a Monday (dayOfWeek 1).
const MONDAY = '2026-11-23';

describe('free private lesson slots', () => {
  it('When the instructor is available 10:00–12:00, then 60-minute lessons can start every 15 minutes until 11:00', () => {
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 60, availability: [window(1, '10:00', '12:00')], busy: [], nowMs: EARLY });
    expect(times(slots)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(slots[0]).toEqual({ startsAt: at(MONDAY, '10:00'), endsAt: at(MONDAY, '11:00'), localStartTime: '10:00', localEndTime: '11:00' });
    expect(iso(slots[0]!.startsAt)).toBe('2026-11-23T09:00:00.000Z');
  });

  it('When the lesson is longer than the window, then there is no slot', () => {
    expect(computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 90, availability: [window(1, '10:00', '11:00')], busy: [], nowMs: EARLY })).toEqual([]);
  });

  it('When the window is on another weekday, then the date has no slot', () => {
    expect(computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 30, availability: [window(2, '10:00', '12:00')], busy: [], nowMs: EARLY })).toEqual([]);
  });

  it('When a window is inactive, then it offers no slot', () => {
    const availability = [window(1, '10:00', '12:00', { active: false })];
    expect(computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 30, availability, busy: [], nowMs: EARLY })).toEqual([]);
  });

  it('When a step of 30 minutes is asked for, then starts are 30 minutes apart', () => {
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 60, availability: [window(1, '10:00', '12:00')], busy: [], nowMs: EARLY, stepMins: 30 });
    expect(times(slots)).toEqual(['10:00', '10:30', '11:00']);
  });

  it('When the window starts at an odd minute, then the 15-minute steps count from the window start', () => {
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 30, availability: [window(1, '10:10', '11:00')], busy: [], nowMs: EARLY });
    expect(times(slots)).toEqual(['10:10', '10:25']);
  });

  it('When the instructor teaches a class at 18:00, then no slot overlaps it', () => {
    const busy = [{ startsAt: at(MONDAY, '18:00'), endsAt: at(MONDAY, '19:00') }];
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 60, availability: [window(1, '16:00', '21:00')], busy, nowMs: EARLY });
    expect(times(slots)).toEqual(['16:00', '16:15', '16:30', '16:45', '17:00', '19:00', '19:15', '19:30', '19:45', '20:00']);
    for (const slot of slots) expect(slot.endsAt <= busy[0]!.startsAt || slot.startsAt >= busy[0]!.endsAt).toBe(true);
  });

  it('When someone already booked 10:30–11:30, then slots touching it are offered and overlapping ones are not', () => {
    const busy = [{ startsAt: at(MONDAY, '10:30'), endsAt: at(MONDAY, '11:30') }];
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 30, availability: [window(1, '10:00', '12:00')], busy, nowMs: EARLY });
    expect(times(slots)).toEqual(['10:00', '11:30']);
  });

  it('When a busy interval covers the whole window, then there is no slot', () => {
    const busy = [{ startsAt: at(MONDAY, '08:00'), endsAt: at(MONDAY, '22:00') }];
    expect(computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 30, availability: [window(1, '10:00', '12:00')], busy, nowMs: EARLY })).toEqual([]);
  });

  it('When busy intervals lie on other days, then they do not hide any slot', () => {
    const busy = [
      { startsAt: at('2026-11-22', '10:00'), endsAt: at('2026-11-22', '12:00') },
      { startsAt: at('2026-11-24', '10:00'), endsAt: at('2026-11-24', '12:00') },
    ];
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 60, availability: [window(1, '10:00', '12:00')], busy, nowMs: EARLY });
    expect(slots).toHaveLength(5);
  });

  it('When it is now 10:20, then only starts after now are offered, and a start exactly now is not', () => {
    const base = { zone: MADRID, date: MONDAY, durationMins: 30, availability: [window(1, '10:00', '12:00')], busy: [] };
    expect(times(computeFreeSlots({ ...base, nowMs: at(MONDAY, '10:20') }))).toEqual(['10:30', '10:45', '11:00', '11:15', '11:30']);
    expect(times(computeFreeSlots({ ...base, nowMs: at(MONDAY, '10:30') }))).toEqual(['10:45', '11:00', '11:15', '11:30']);
  });

  it('When the date has passed, then it has no slot', () => {
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 30, availability: [window(1, '10:00', '12:00')], busy: [], nowMs: at('2026-11-24', '09:00') });
    expect(slots).toEqual([]);
  });

  it('When two windows overlap, then each start is offered once, in order', () => {
    const availability = [window(1, '11:00', '13:00'), window(1, '10:00', '12:00'), window(1, '10:00', '12:00', { id: 'copy' })];
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 60, availability, busy: [], nowMs: EARLY });
    expect(times(slots)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45', '12:00']);
  });

  it('When windows touch (10:00–11:00 and 11:00–12:00), then a lesson does not span both', () => {
    const availability = [window(1, '10:00', '11:00'), window(1, '11:00', '12:00')];
    const slots = computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 60, availability, busy: [], nowMs: EARLY });
    expect(times(slots)).toEqual(['10:00', '11:00']);
  });

  it('When the date or the duration is nonsense, then there is no slot instead of an error', () => {
    const availability = [window(1, '10:00', '12:00')];
    expect(computeFreeSlots({ zone: MADRID, date: '2026-02-30', durationMins: 30, availability, busy: [], nowMs: EARLY })).toEqual([]);
    expect(computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 0, availability, busy: [], nowMs: EARLY })).toEqual([]);
    expect(computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 30.5, availability, busy: [], nowMs: EARLY })).toEqual([]);
    expect(computeFreeSlots({ zone: MADRID, date: MONDAY, durationMins: 30, availability, busy: [], nowMs: EARLY, stepMins: 0 })).toEqual([]);
  });
});

describe('free slots across daylight saving changes', () => {
  it('When Madrid springs forward (2026-03-29), then a 01:00–04:00 window is two real hours and skips 02:00–03:00', () => {
    const slots = computeFreeSlots({ zone: MADRID, date: '2026-03-29', durationMins: 60, availability: [window(0, '01:00', '04:00')], busy: [], nowMs: EARLY });
    expect(times(slots)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00']);
    expect(slots.map((slot) => iso(slot.startsAt))).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:15:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T00:45:00.000Z',
      '2026-03-29T01:00:00.000Z',
    ]);
    // 01:45 CET + 60 real minutes is 03:45 CEST.
    expect(slots[3]!.localEndTime).toBe('03:45');
    for (const slot of slots) expect(slot.endsAt - slot.startsAt).toBe(HOUR);
  });

  it('When Madrid falls back (2026-10-25), then a 01:00–04:00 window is four real hours and 02:00–02:45 come twice', () => {
    const slots = computeFreeSlots({ zone: MADRID, date: '2026-10-25', durationMins: 60, availability: [window(0, '01:00', '04:00')], busy: [], nowMs: EARLY });
    expect(slots).toHaveLength(13);
    expect(iso(slots[0]!.startsAt)).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(slots.at(-1)!.startsAt)).toBe('2026-10-25T02:00:00.000Z');
    expect(times(slots)).toEqual(['01:00', '01:15', '01:30', '01:45', '02:00', '02:15', '02:30', '02:45', '02:00', '02:15', '02:30', '02:45', '03:00']);
    expect(new Set(slots.map((slot) => slot.startsAt)).size).toBe(13);
  });

  it('When Madrid falls back (2026-10-25), then each slot says whether its time is the only, the first or the second of two alike', () => {
    const slots = computeFreeSlots({ zone: MADRID, date: '2026-10-25', durationMins: 60, availability: [window(0, '01:00', '04:00')], busy: [], nowMs: EARLY });
    const labelled = slots.map((slot) => `${slot.localStartTime} ${wallClockRepeat(slot.startsAt, MADRID)}`);
    expect(labelled).toEqual([
      '01:00 once', '01:15 once', '01:30 once', '01:45 once',
      '02:00 first', '02:15 first', '02:30 first', '02:45 first',
      '02:00 second', '02:15 second', '02:30 second', '02:45 second',
      '03:00 once',
    ]);
  });

  it('When New York falls back (2026-11-01), then the two 01:00–01:45 runs are told apart as first and second', () => {
    const slots = computeFreeSlots({ zone: NEW_YORK, date: '2026-11-01', durationMins: 30, availability: [window(0, '00:30', '02:30')], busy: [], nowMs: EARLY });
    const labelled = slots.map((slot) => `${slot.localStartTime} ${wallClockRepeat(slot.startsAt, NEW_YORK)}`);
    expect(labelled).toEqual([
      '00:30 once', '00:45 once',
      '01:00 first', '01:15 first', '01:30 first', '01:45 first',
      '01:00 second', '01:15 second', '01:30 second', '01:45 second',
      '02:00 once',
    ]);
    // The spring-forward night repeats nothing.
    const spring = computeFreeSlots({ zone: NEW_YORK, date: '2026-03-08', durationMins: 30, availability: [window(0, '01:00', '04:00')], busy: [], nowMs: EARLY });
    expect(new Set(spring.map((slot) => wallClockRepeat(slot.startsAt, NEW_YORK)))).toEqual(new Set(['once']));
  });

  it('When the window is an ordinary evening in the week after Madrid springs forward, then it keeps its local times', () => {
    const availability = [window(1, '18:00', '19:00')];
    const before = computeFreeSlots({ zone: MADRID, date: '2026-03-23', durationMins: 60, availability, busy: [], nowMs: EARLY });
    const after = computeFreeSlots({ zone: MADRID, date: '2026-03-30', durationMins: 60, availability, busy: [], nowMs: EARLY });
    expect(times(before)).toEqual(['18:00']);
    expect(times(after)).toEqual(['18:00']);
    expect(iso(before[0]!.startsAt)).toBe('2026-03-23T17:00:00.000Z');
    expect(iso(after[0]!.startsAt)).toBe('2026-03-30T16:00:00.000Z');
  });

  it('When the window is an ordinary evening in the week after Madrid falls back, then it keeps its local times', () => {
    const availability = [window(1, '18:00', '19:00')];
    const after = computeFreeSlots({ zone: MADRID, date: '2026-10-26', durationMins: 60, availability, busy: [], nowMs: EARLY });
    expect(iso(after[0]!.startsAt)).toBe('2026-10-26T17:00:00.000Z');
  });

  it('When the window lies wholly in the hour Madrid skips (02:00–03:00 on 2026-03-29), then it offers nothing', () => {
    const slots = computeFreeSlots({ zone: MADRID, date: '2026-03-29', durationMins: 15, availability: [window(0, '02:00', '03:00')], busy: [], nowMs: EARLY });
    expect(slots).toEqual([]);
  });

  it('When New York springs forward (2026-03-08), then a 01:00–04:00 window is two real hours', () => {
    const slots = computeFreeSlots({ zone: NEW_YORK, date: '2026-03-08', durationMins: 30, availability: [window(0, '01:00', '04:00')], busy: [], nowMs: EARLY });
    expect(times(slots)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30']);
    expect(iso(slots[0]!.startsAt)).toBe('2026-03-08T06:00:00.000Z');
    expect(iso(slots.at(-1)!.endsAt)).toBe('2026-03-08T08:00:00.000Z');
  });

  it('When New York falls back (2026-11-01), then a 00:30–02:30 window is three real hours and 01:00–01:45 come twice', () => {
    const slots = computeFreeSlots({ zone: NEW_YORK, date: '2026-11-01', durationMins: 60, availability: [window(0, '00:30', '02:30')], busy: [], nowMs: EARLY });
    expect(iso(slots[0]!.startsAt)).toBe('2026-11-01T04:30:00.000Z');
    expect(iso(slots.at(-1)!.endsAt)).toBe('2026-11-01T07:30:00.000Z');
    expect(times(slots)).toEqual(['00:30', '00:45', '01:00', '01:15', '01:30', '01:45', '01:00', '01:15', '01:30']);
  });

  it('When a class sits in the repeated hour of New York (the second 01:00–02:00), then only that real hour is busy', () => {
    const secondOneAm = Date.parse('2026-11-01T06:00:00.000Z');
    const busy = [{ startsAt: secondOneAm, endsAt: secondOneAm + HOUR }];
    const slots = computeFreeSlots({ zone: NEW_YORK, date: '2026-11-01', durationMins: 30, availability: [window(0, '00:30', '02:30')], busy, nowMs: EARLY });
    expect(slots.map((slot) => iso(slot.startsAt))).toEqual([
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T04:45:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:15:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
  });
});

describe('re-checking a requested slot', () => {
  const availability = [window(1, '10:00', '12:00')];
  const context = { zone: MADRID, availability, busy: [], nowMs: EARLY };
  const slot = (time: string, minutes: number) => ({ startsAt: at(MONDAY, time), endsAt: at(MONDAY, time) + minutes * MINUTE });

  it('When the requested start is one of the free slots, then it is still free', () => {
    expect(isSlotFree(slot('10:45', 60), context)).toBe(true);
  });

  it('When the requested start is off the 15-minute grid or outside the window, then it is not free', () => {
    expect(isSlotFree(slot('10:05', 60), context)).toBe(false);
    expect(isSlotFree(slot('11:15', 60), context)).toBe(false);
    expect(isSlotFree(slot('09:45', 30), context)).toBe(false);
  });

  it('When someone booked an overlapping lesson meanwhile, then it is not free', () => {
    expect(isSlotFree(slot('10:45', 60), { ...context, busy: [{ startsAt: at(MONDAY, '11:00'), endsAt: at(MONDAY, '11:30') }] })).toBe(false);
  });

  it('When the start has passed, then it is not free', () => {
    expect(isSlotFree(slot('10:45', 60), { ...context, nowMs: at(MONDAY, '10:45') })).toBe(false);
  });

  it('When the interval is empty, reversed or not whole minutes, then it is not free', () => {
    const start = at(MONDAY, '10:00');
    expect(isSlotFree({ startsAt: start, endsAt: start }, context)).toBe(false);
    expect(isSlotFree({ startsAt: start, endsAt: start - HOUR }, context)).toBe(false);
    expect(isSlotFree({ startsAt: start, endsAt: start + 30 * MINUTE + 1 }, context)).toBe(false);
    expect(isSlotFree({ startsAt: Number.NaN, endsAt: start }, context)).toBe(false);
  });

  it('When the requested start is the second 02:00 of the Madrid fall-back night, then it is free', () => {
    const secondTwoAm = Date.parse('2026-10-25T01:00:00.000Z');
    expect(isSlotFree({ startsAt: secondTwoAm, endsAt: secondTwoAm + HOUR }, { ...context, availability: [window(0, '01:00', '04:00')] })).toBe(true);
  });
});

describe('bookable dates', () => {
  it('When the instructor teaches on Mondays and Wednesdays, then the next four weeks list those dates from today', () => {
    const dates = bookableDates(MADRID, at(MONDAY, '08:00'), [window(1, '10:00', '12:00'), window(3, '17:00', '19:00')]);
    expect(dates).toHaveLength(8);
    expect(dates.slice(0, 4)).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02']);
    expect(dates.at(-1)).toBe('2026-12-16');
  });

  it("When today's windows have all ended, then today is not listed", () => {
    const dates = bookableDates(MADRID, at(MONDAY, '12:00'), [window(1, '10:00', '12:00')], 8);
    expect(dates).toEqual(['2026-11-30']);
  });

  it('When it is already Tuesday in Madrid but still Monday in UTC, then the dates start from the Madrid date', () => {
    const lateMonday = Date.parse('2026-11-23T23:30:00.000Z'); // 00:30 on Tuesday in Madrid
    expect(bookableDates(MADRID, lateMonday, [window(1, '10:00', '12:00'), window(2, '10:00', '12:00')], 7)).toEqual(['2026-11-24', '2026-11-30']);
  });

  it('When the only window is inactive, then no date is bookable', () => {
    expect(bookableDates(MADRID, at(MONDAY, '08:00'), [window(1, '10:00', '12:00', { active: false })])).toEqual([]);
  });

  it('When the four weeks cross the Madrid spring-forward night, then every Sunday is listed once', () => {
    const dates = bookableDates(MADRID, at('2026-03-16', '09:00'), [window(0, '01:00', '04:00')]);
    expect(dates).toEqual(['2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12']);
  });
});
