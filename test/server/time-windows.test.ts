import { parseFromParameter } from '../../server/src/domain/time/from-parameter';
import { classWindow, eventWindow } from '../../server/src/domain/time/windows';
import { instantToLocal, wallTimeToInstant } from '../../server/src/domain/time/zoned-time';

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const from = (raw: string) => {
  const parsed = parseFromParameter(raw);
  if (!parsed) throw new Error(`fixture from ${raw} should be valid`);
  return parsed;
};

describe('from parameter', () => {
  it.each([
    ['2026-03-23', { kind: 'local', date: '2026-03-23', time: '00:00:00.000' }],
    ['2026-03-23T10:00', { kind: 'local', date: '2026-03-23', time: '10:00:00.000' }],
    ['2026-03-23T10:00:59', { kind: 'local', date: '2026-03-23', time: '10:00:59.000' }],
    ['2026-03-23T10:00:59.123', { kind: 'local', date: '2026-03-23', time: '10:00:59.123' }],
    ['2026-03-23T10:00Z', { kind: 'instant', date: '2026-03-23', time: '10:00:00.000', offsetMinutes: 0 }],
    ['2026-03-23T10:00:00.000+05:30', { kind: 'instant', date: '2026-03-23', time: '10:00:00.000', offsetMinutes: 330 }],
    ['2026-03-23T10:00-03:00', { kind: 'instant', date: '2026-03-23', time: '10:00:00.000', offsetMinutes: -180 }],
    ['2024-02-29', { kind: 'local', date: '2024-02-29', time: '00:00:00.000' }],
  ] as const)('accepts %s as %o', (raw, expected) => {
    expect(parseFromParameter(raw)).toEqual(expected);
  });

  it.each([
    '2026-02-30',
    '2026-13-01',
    '2025-02-29',
    '2026-03-23T24:00',
    '2026-03-23T10:60',
    '2026-03-23T10:00:61',
    '2026-03-23T10',
    '2026-03-23 10:00',
    '2026-3-23',
    '26-03-23',
    '+002026-03-23',
    'today',
    '2026-03-23T10:00+2:00',
    '2026-03-23T10:00+24:00',
    '2026-03-23T10:00:00.1234',
    ' 2026-03-23',
    '1711234567',
  ])('rejects %s', (raw) => {
    expect(parseFromParameter(raw)).toBeNull();
  });

  it('treats an empty from as no from', () => {
    expect(parseFromParameter('')).toEqual({ kind: 'absent' });
    expect(parseFromParameter(undefined)).toEqual({ kind: 'absent' });
  });

  it('rejects a repeated from (an array)', () => {
    expect(parseFromParameter(['2026-03-23', '2026-03-24'])).toBeNull();
  });
});

describe('wall-clock times in a studio zone', () => {
  it('When clocks go back, then a class at 01:30 is the first 01:30 (New York, 2026-11-01)', () => {
    expect(iso(wallTimeToInstant('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('When clocks go back, then a class at 02:30 is the first 02:30 (Madrid, 2026-10-25)', () => {
    expect(iso(wallTimeToInstant('2026-10-25', '02:30', 'Europe/Madrid'))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('When clocks spring forward, then a time in the gap moves forward by the gap (Madrid 02:30 is 03:30)', () => {
    const instant = wallTimeToInstant('2026-03-29', '02:30', 'Europe/Madrid');
    expect(iso(instant)).toBe('2026-03-29T01:30:00.000Z');
    expect(instantToLocal(instant, 'Europe/Madrid').time).toBe('03:30');
  });

  it('When midnight does not exist (Santiago, 2026-09-06), then the day starts at 01:00', () => {
    expect(instantToLocal(wallTimeToInstant('2026-09-06', '00:00', 'America/Santiago'), 'America/Santiago').time).toBe('01:00');
  });

  it('In the southern hemisphere (Sydney falls back 2026-04-05), then the first 02:30 is meant', () => {
    expect(iso(wallTimeToInstant('2026-04-05', '02:30', 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z');
  });
});

describe('class windows', () => {
  const madrid = 'Europe/Madrid';
  const now = Date.parse('2026-03-25T12:00:00Z');

  it('When the week crosses the spring change, then the window is 167 hours long', () => {
    const window = classWindow(from('2026-03-23'), madrid, now);
    expect(window && iso(window.startMs)).toBe('2026-03-22T23:00:00.000Z');
    expect(window && iso(window.endMs)).toBe('2026-03-29T22:00:00.000Z');
    expect(window && (window.endMs - window.startMs) / HOUR).toBe(167);
  });

  it('When the week crosses the autumn change, then the window is 169 hours long', () => {
    const window = classWindow(from('2026-10-19'), madrid, now);
    expect(window && (window.endMs - window.startMs) / HOUR).toBe(169);
  });

  it('When the week crosses a New York change, then the window follows New York clocks', () => {
    const window = classWindow(from('2026-11-01'), 'America/New_York', now);
    expect(window && iso(window.startMs)).toBe('2026-11-01T04:00:00.000Z');
    expect(window && iso(window.endMs)).toBe('2026-11-08T05:00:00.000Z');
  });

  it('When from is omitted, then the window starts at 00:00 today in the studio zone', () => {
    // 23:30 UTC on the 25th is already the 26th in Madrid.
    const window = classWindow({ kind: 'absent' }, madrid, Date.parse('2026-03-25T23:30:00Z'));
    expect(window && iso(window.startMs)).toBe('2026-03-25T23:00:00.000Z');
  });

  it('When from carries an offset, then it is that instant and the window ends at the same wall time a week later', () => {
    const window = classWindow(from('2026-03-23T18:00:00.000Z'), madrid, now);
    expect(window && iso(window.startMs)).toBe('2026-03-23T18:00:00.000Z');
    // 19:00 in Madrid on the 23rd (CET) is 19:00 CEST on the 30th: 17:00Z.
    expect(window && iso(window.endMs)).toBe('2026-03-30T17:00:00.000Z');
  });

  it('When from is a local date-time, then it is read in the studio zone', () => {
    const window = classWindow(from('2026-03-23T19:00'), madrid, now);
    expect(window && iso(window.startMs)).toBe('2026-03-23T18:00:00.000Z');
  });

  it('When the week starts at midnight and no clock changes in it, then it is read as whole local days', () => {
    expect(classWindow(from('2026-04-13'), madrid, now)?.wholeDays).toEqual({ fromDate: '2026-04-13', untilDate: '2026-04-20' });
    expect(classWindow(from('2026-04-13T00:00'), madrid, now)?.wholeDays).toEqual({ fromDate: '2026-04-13', untilDate: '2026-04-20' });
    expect(classWindow({ kind: 'absent' }, madrid, Date.parse('2026-04-15T23:30:00Z'))?.wholeDays).toEqual({ fromDate: '2026-04-16', untilDate: '2026-04-23' });
  });

  it('When the week holds a clock change, starts after midnight or is given as an instant, then it is not whole days', () => {
    expect(classWindow(from('2026-03-23'), madrid, now)?.wholeDays).toBeNull();
    expect(classWindow(from('2026-10-25'), madrid, now)?.wholeDays).toBeNull();
    // Santiago changes at midnight: the change is the very end of the week before.
    expect(classWindow(from('2026-08-30'), 'America/Santiago', now)?.wholeDays).toBeNull();
    expect(classWindow(from('2026-04-13T00:00:01'), madrid, now)?.wholeDays).toBeNull();
    expect(classWindow(from('2026-04-13T00:00:00.001'), madrid, now)?.wholeDays).toBeNull();
    expect(classWindow(from('2026-04-12T22:00:00Z'), madrid, now)?.wholeDays).toBeNull();
  });

  it('When from is centuries away, then the window holds nothing and no zone arithmetic runs', () => {
    expect(classWindow(from('0001-01-01'), madrid, now)).toBeNull();
    expect(classWindow(from('9999-12-31T23:59:59.999-23:59'), madrid, now)).toBeNull();
    expect(classWindow(from('0001-01-01T00:00Z'), madrid, now)).toBeNull();
    expect(eventWindow(from('0099-06-30T12:00+14:00'), madrid, now)).toBeNull();
  });
});

describe('event windows', () => {
  it('When from is an instant, then the window runs over the studio-local dates from its local date', () => {
    // 23:30Z on the 28th is already the 29th in Madrid (CET +1).
    expect(eventWindow(from('2026-03-28T23:30:00Z'), 'Europe/Madrid', 0)).toEqual({ fromDate: '2026-03-29', untilDate: '2026-04-05' });
  });

  it('When from is omitted, then the window starts today in the studio zone', () => {
    expect(eventWindow({ kind: 'absent' }, 'America/New_York', Date.parse('2026-03-26T02:00:00Z'))).toEqual({ fromDate: '2026-03-25', untilDate: '2026-04-01' });
  });
});
