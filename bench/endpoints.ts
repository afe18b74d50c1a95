import { occurrenceId } from '../server/src/domain/ids';
import { seriesDates } from '../server/src/domain/studio-document/validate';
import { addDays } from '../server/src/domain/time/calendar';
import { DANCE_TYPES, HIDDEN_DANCE_TYPE, INSTRUCTORS_PER_STUDIO, SCHEDULE_WEEKS, SERIES_PER_STUDIO, STUDIO_COUNT, benchPersonId, benchStudioId, generateStudioDocument } from './generate';

/** The measured endpoints: one fixed URL each for cache hits, and a generator of varied URLs for cache misses. */

export interface Endpoint {
  name: string;
  /** the path measured again and again (cache hits), on studio bench-001 */
  hitPath: string;
  /** a path on a random studio (and date), so the database does the work of a miss */
  missPath(random: () => number): string;
}

const API = '/api/public';
const VISIBLE_TYPES = DANCE_TYPES.filter((type) => type !== HIDDEN_DANCE_TYPE);

/** `studios`: how many generated studios the data set holds (the API part's 200; the feeds part loads fewer). */
export function benchEndpoints(scheduleStart: string, nowMs: number, studios = STUDIO_COUNT): Endpoint[] {
  const STUDIO_COUNT = studios;
  const studioPath = (studio: string, rest: string) => `${API}/studio/${studio}/${rest}`;
  const randomStudio = (random: () => number) => benchStudioId(1 + Math.floor(random() * STUDIO_COUNT));
  // Any day of the generated year that still has a whole week of classes after it.
  const randomFrom = (random: () => number) => addDays(scheduleStart, Math.floor(random() * (SCHEDULE_WEEKS * 7 - 6)));
  const classIds = benchClassIds(scheduleStart, STUDIO_COUNT);
  const fixed = (name: string, rest: string): Endpoint => ({
    name,
    hitPath: studioPath(benchStudioId(1), rest),
    missPath: (random) => studioPath(randomStudio(random), rest),
  });

  return [
    fixed('profile', 'profile'),
    fixed('instructors', 'instructors'),
    fixed('classes', 'classes'),
    {
      name: 'classes?from=next month',
      hitPath: studioPath(benchStudioId(1), `classes?from=${dayOfNextMonth(nowMs)}`),
      missPath: (random) => studioPath(randomStudio(random), `classes?from=${randomFrom(random)}`),
    },
    {
      name: 'classes/<type>',
      hitPath: studioPath(benchStudioId(1), `classes/${encodeURIComponent('Salsa')}`),
      missPath: (random) => studioPath(randomStudio(random), `classes/${encodeURIComponent(VISIBLE_TYPES[Math.floor(random() * VISIBLE_TYPES.length)] as string)}`),
    },
    fixed('events', 'events'),
    fixed('packages', 'packages'),
    fixed('private-lesson-instructors', 'private-lesson-instructors'),
    {
      name: 'private-lesson-instructors/<id>/slots',
      // Instructor 2 of studio 1 has free times in the current window (instructor 1's are all taken by classes some weeks).
      hitPath: studioPath(benchStudioId(1), `private-lesson-instructors/${benchPersonId(1, 2)}/slots`),
      missPath: (random) => {
        const studio = 1 + Math.floor(random() * STUDIO_COUNT);
        const from = addDays(new Date(nowMs).toISOString().slice(0, 10), Math.floor(random() * 21));
        return studioPath(benchStudioId(studio), `private-lesson-instructors/${benchPersonId(studio, 1 + Math.floor(random() * LESSON_INSTRUCTORS))}/slots?from=${from}`);
      },
    },
    fixed('private-lesson-questions', 'private-lesson-questions'),
    {
      name: 'class/<id>',
      hitPath: `${API}/class/${classIds.idOf(1, 2, 3)}`,
      missPath: (random) => `${API}/class/${classIds.idOf(1 + Math.floor(random() * STUDIO_COUNT), Math.floor(random() * SERIES_PER_STUDIO), Math.floor(random() * SCHEDULE_WEEKS))}`,
    },
    fixed('calendar.ics', 'calendar.ics'),
    {
      name: 'calendar.ics?type=',
      hitPath: studioPath(benchStudioId(1), 'calendar.ics?type=Salsa'),
      missPath: (random) => studioPath(randomStudio(random), `calendar.ics?type=${encodeURIComponent(VISIBLE_TYPES[Math.floor(random() * VISIBLE_TYPES.length)] as string)}`),
    },
    {
      name: 'calendar.ics?instructor=',
      hitPath: studioPath(benchStudioId(1), `calendar.ics?instructor=${benchPersonId(1, 2)}`),
      missPath: (random) => {
        const studio = 1 + Math.floor(random() * STUDIO_COUNT);
        return studioPath(benchStudioId(studio), `calendar.ics?instructor=${benchPersonId(studio, 1 + Math.floor(random() * INSTRUCTORS_PER_STUDIO))}`);
      },
    },
    {
      name: 'user/<id>/profile',
      hitPath: `${API}/user/${benchPersonId(1, 3)}/profile`,
      // The last instructor of each studio has no public profile (404): draw among the others.
      missPath: (random) => `${API}/user/${benchPersonId(1 + Math.floor(random() * STUDIO_COUNT), 1 + Math.floor(random() * (INSTRUCTORS_PER_STUDIO - 1)))}/profile`,
    },
  ];
}

/** Instructors 1 to 4 of each generated studio give private lessons (generate.ts). */
const LESSON_INSTRUCTORS = 4;

/**
 * The ids of listed classes of the generated schedule: `idOf(studio, series, week)` is studio
 * `studio`'s listed weekly series number `series` (modulo their count), its `week`-th date (modulo
 * their count). Every studio's series are laid out (generate.ts) the first time one is asked for,
 * when the endpoints are made (for the hit path): laid out one studio at a time during a measured
 * run, the bench's own client stalled for each, and those stalls were read as the server's slowest
 * answers (a p99 of 99 ms for class/<id> against a p50 of 5 ms).
 */
function benchClassIds(scheduleStart: string, studios: number): { idOf(studio: number, series: number, week: number): string } {
  let listed: { id: string; dates: string[] }[][] | undefined;
  const listedOf = (studio: number) =>
    (generateStudioDocument(studio, scheduleStart).classes ?? [])
      .filter((entry) => entry.weekly && entry.danceType !== null && entry.danceType !== HIDDEN_DANCE_TYPE)
      .map((entry) => ({ id: entry.id, dates: seriesDates(entry.weekly!) }));
  return {
    idOf(studio, series, week) {
      listed ??= Array.from({ length: studios }, (_, index) => listedOf(index + 1));
      const studioSeries = listed[studio - 1]!;
      const chosen = studioSeries[series % studioSeries.length]!;
      return occurrenceId(chosen.id, chosen.dates[week % chosen.dates.length]!);
    },
  };
}

/** The 15th of next month (UTC), as YYYY-MM-DD. */
function dayOfNextMonth(nowMs: number): string {
  const now = new Date(nowMs);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15)).toISOString().slice(0, 10);
}
