import { addDays } from '../server/src/domain/time/calendar';
import { DANCE_TYPES, HIDDEN_DANCE_TYPE, INSTRUCTORS_PER_STUDIO, SCHEDULE_WEEKS, STUDIO_COUNT, benchPersonId, benchStudioId } from './generate';

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

export function benchEndpoints(scheduleStart: string, nowMs: number): Endpoint[] {
  const studioPath = (studio: string, rest: string) => `${API}/studio/${studio}/${rest}`;
  const randomStudio = (random: () => number) => benchStudioId(1 + Math.floor(random() * STUDIO_COUNT));
  // Any day of the generated year that still has a whole week of classes after it.
  const randomFrom = (random: () => number) => addDays(scheduleStart, Math.floor(random() * (SCHEDULE_WEEKS * 7 - 6)));
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
    fixed('private-lesson-questions', 'private-lesson-questions'),
    {
      name: 'user/<id>/profile',
      hitPath: `${API}/user/${benchPersonId(1, 3)}/profile`,
      // The last instructor of each studio has no public profile (404): draw among the others.
      missPath: (random) => `${API}/user/${benchPersonId(1 + Math.floor(random() * STUDIO_COUNT), 1 + Math.floor(random() * (INSTRUCTORS_PER_STUDIO - 1)))}/profile`,
    },
  ];
}

/** The 15th of next month (UTC), as YYYY-MM-DD. */
function dayOfNextMonth(nowMs: number): string {
  const now = new Date(nowMs);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15)).toISOString().slice(0, 10);
}
