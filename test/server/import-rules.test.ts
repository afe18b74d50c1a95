import type { OccurrenceRecord } from '../../server/src/domain/catalog';
import { keepHeldDatesOfCancelledSeries } from '../../server/src/domain/studio-document/held-dates';
import { lessonsDuringClasses, lessonsWithoutOffer } from '../../server/src/domain/studio-document/lessons-to-settle';

const NOW = Date.parse('2026-03-25T12:00:00Z');
const HOUR = 3_600_000;

function occurrence(id: string, entryId: string, startsAt: number, cancelled: boolean): OccurrenceRecord {
  return {
    id,
    entryId,
    name: 'Bachata',
    danceType: 'Bachata',
    level: 'Open',
    room: null,
    startsAt,
    endsAt: startsAt + HOUR,
    localDate: '2026-03-19',
    dayOfWeek: 'THURSDAY',
    startTime: '20:00',
    endTime: '21:00',
    price: null,
    capacity: null,
    allowPackages: null,
    description: null,
    instructorId: null,
    cancelled,
  };
}

describe('what an import that cancels a weekly class changes', () => {
  it('When a series is cancelled, then its dates already begun stay as the import before had them, and its dates to come are cancelled', () => {
    const held = occurrence('bachata-20260319', 'bachata', NOW - 6 * 24 * HOUR, true);
    const underway = occurrence('bachata-20260325', 'bachata', NOW - HOUR / 2, true);
    const toCome = occurrence('bachata-20260326', 'bachata', NOW + 24 * HOUR, true);
    const before = new Map([
      [held.id, false],
      [underway.id, false],
      [toCome.id, false],
    ]);
    expect(keepHeldDatesOfCancelledSeries([held, underway, toCome], before, NOW).map((date) => [date.id, date.cancelled])).toEqual([
      ['bachata-20260319', false],
      ['bachata-20260325', false],
      ['bachata-20260326', true],
    ]);
  });

  it('When a past date was cancelled before, or is new to the schedule, then the document has its way', () => {
    const cancelledThen = occurrence('bachata-20260312', 'bachata', NOW - 13 * 24 * HOUR, true);
    const added = occurrence('bachata-20260305', 'bachata', NOW - 20 * 24 * HOUR, true);
    expect(keepHeldDatesOfCancelledSeries([cancelledThen, added], new Map([[cancelledThen.id, true]]), NOW).map((date) => date.cancelled)).toEqual([true, true]);
  });

  it('When a single dated class that has taken place is marked cancelled, then it is: the studio records one that was not held', () => {
    const single = occurrence('social-20260321', 'social-20260321', NOW - 4 * 24 * HOUR, true);
    expect(keepHeldDatesOfCancelledSeries([single], new Map([[single.id, false]]), NOW)[0]?.cancelled).toBe(true);
  });
});

describe('the booked private lessons an import leaves to settle by hand', () => {
  const lesson = (instructorId: string, startsAt: number) => ({ instructorId, startsAt, endsAt: startsAt + HOUR });
  const taught = (id: string, instructorId: string | null, startsAt: number, cancelled = false) => ({ ...occurrence(id, id, startsAt, cancelled), instructorId });

  it('When a class of the instructor overlaps a booked lesson, then it is counted; one that only touches it, another teacher\u2019s or a cancelled one is not', () => {
    const lessons = [lesson('ana', NOW), lesson('ana', NOW + 5 * HOUR), lesson('luis', NOW)];
    const classes = [taught('c1', 'ana', NOW + HOUR / 2), taught('c2', 'ana', NOW + 4 * HOUR), taught('c3', 'marta', NOW), taught('c4', 'luis', NOW, true)];
    expect(lessonsDuringClasses(lessons, classes)).toBe(1);
  });

  it('When the schedule no longer offers an instructor\u2019s private lessons, then each of their lessons to come is counted', () => {
    const offers = [{ personId: 'ana', availability: [], pricing: [] }];
    expect(lessonsWithoutOffer([lesson('ana', NOW), lesson('luis', NOW), lesson('luis', NOW + HOUR)], offers)).toBe(2);
  });
});
