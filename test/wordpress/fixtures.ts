import { instantAtZoneTime, testNow, zoneDay } from '../support/test-clock';

/**
 * Studio documents of the WordPress tests. `liveStudio` has classes and events around the test's
 * now (test-clock.ts), so the default window ("this week") always has something to show;
 * `hostileStudio` carries markup in every text field, which pages must render inert.
 */

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Both studios are in Madrid. */
export const LIVE_STUDIO_ZONE = 'Europe/Madrid';

/** The live studio's daily classes (not its events): the latest one of each day starts at this studio-local time. */
export const LAST_DAILY_CLASS_START = '23:45';

/** The day the second week's one-off class falls on, counted from the test's today (in the studio's zone). */
export const ADVANCED_CLASS_DAY = 9;

function daysFromToday(days: number, now: number): string {
  return zoneDay(LIVE_STUDIO_ZONE, days, now);
}

/**
 * The first day the live studio's schedule shows at `now` when classes that have started are hidden
 * (the blocks' default): today while one of today's classes has yet to start, else tomorrow.
 */
export function firstScheduleDay(now = testNow()): string {
  const lastStartToday = instantAtZoneTime(LIVE_STUDIO_ZONE, zoneDay(LIVE_STUDIO_ZONE, 0, now), LAST_DAILY_CLASS_START);
  return zoneDay(LIVE_STUDIO_ZONE, now <= lastStartToday ? 0 : 1, now);
}

export const LIVE_STUDIO_ID = 'wp-live';
export const HOSTILE_STUDIO_ID = 'wp-hostile';
export const HOSTILE_CLASS_NAME = '<script>alert(1)</script>';

export function liveStudio(now = testNow()) {
  const series = { from: daysFromToday(-14, now), until: daysFromToday(120, now) };
  return {
    studio: {
      id: LIVE_STUDIO_ID,
      name: 'Ritmo Live Studio',
      country: 'ES',
      address: 'Calle del Prado 7, Madrid',
      unit: '1º B',
      businessHours: 'Mon-Sun 18:00-23:59',
      description: { es: 'Clases de salsa cada noche', en: 'Salsa classes every night' },
      logo: 'https://images.example.com/ritmo.png',
      phone: '+34 611 222 333',
      defaultCurrency: 'EUR',
      website: 'https://ritmo.example.com',
      yearEstablished: 2015,
      timezone: LIVE_STUDIO_ZONE,
      whatsappEnabled: true,
      whatsappPhone: '+34 611 222 334',
      locales: ['es', 'en'],
    },
    danceTypes: [{ name: 'Salsa', description: { en: 'Cuban salsa', es: 'Salsa cubana' } }, { name: 'Bachata' }],
    people: [
      { id: 'wp-live-carmen', name: 'Carmen', lastname: 'Vidal', bio: { es: 'Profesora de salsa', en: 'Salsa teacher' }, occupation: 'Teacher', yearsOfExperience: 9, danceSpecialities: ['Salsa'], roles: ['INSTRUCTOR'] },
      { id: 'wp-live-pablo', name: 'Pablo', lastname: 'Ruiz', bio: { en: 'Bachata teacher' }, roles: ['INSTRUCTOR'] },
    ],
    classes: [
      // Every night late (the last at LAST_DAILY_CLASS_START), so whatever the hour, the week ahead has classes to book.
      ...WEEKDAYS.map((dayOfWeek) => ({
        id: `wp-live-salsa-${dayOfWeek}`,
        name: 'Salsa Every Night',
        danceType: 'Salsa',
        level: 'Beginner',
        room: 'Sala 1',
        weekly: { dayOfWeek, startTime: '23:30', endTime: '23:59', ...series },
        price: 12,
        capacity: 20,
        instructorId: 'wp-live-carmen',
        description: { en: 'From zero', es: 'Desde cero' },
      })),
      ...WEEKDAYS.map((dayOfWeek) => ({
        id: `wp-live-bachata-${dayOfWeek}`,
        name: 'Bachata Late',
        danceType: 'Bachata',
        level: 'Intermediate',
        weekly: { dayOfWeek, startTime: LAST_DAILY_CLASS_START, endTime: '23:59', ...series },
        instructorId: 'wp-live-pablo',
      })),
      ...WEEKDAYS.map((dayOfWeek) => ({
        id: `wp-live-social-${dayOfWeek}`,
        name: 'Midnight Social',
        danceType: null,
        level: 'All levels',
        room: 'Main hall',
        weekly: { dayOfWeek, startTime: '23:50', endTime: '02:00', ...series },
        price: 5,
        instructorId: 'wp-live-pablo',
        description: { en: 'Social dancing' },
      })),
      // Once, in the second week only: a level the first week does not have (the schedule's filters follow the week).
      { id: 'wp-live-advanced', name: 'Advanced Shines', danceType: 'Salsa', level: 'Advanced', room: 'Sala 1', date: daysFromToday(ADVANCED_CLASS_DAY, now), startTime: '20:00', endTime: '21:00', instructorId: 'wp-live-carmen' },
    ],
    packages: [{ id: 'wp-live-ten', name: 'Ten Class Pass', description: { en: 'Ten classes' }, price: 95, currency: 'EUR', classCount: 10, validityDays: 60, danceTypes: [] }],
    privateLessons: {
      instructors: [
        {
          personId: 'wp-live-carmen',
          availability: [{ id: 'wp-live-av', dayOfWeek: 2, startTime: '10:00', endTime: '13:00' }],
          pricing: [{ id: 'wp-live-p60', durationMins: 60, price: 55, currency: 'EUR' }],
        },
      ],
      questions: [{ id: 'wp-live-q', label: { en: 'Your level' }, type: 'FREEFORM', required: false, options: null }],
    },
  };
}

export function hostileStudio(now = testNow()) {
  const series = { from: daysFromToday(-14, now), until: daysFromToday(120, now) };
  const hostile = (text: string) => ({ en: `${text} <img src=x onerror=alert(2)>`, es: `<script>alert(3)</script> ${text}` });
  return {
    studio: {
      id: HOSTILE_STUDIO_ID,
      name: 'Studio <b onmouseover=alert(4)>Hostile</b>',
      country: 'ES',
      address: '<iframe src="javascript:alert(5)"></iframe>',
      businessHours: '"><svg onload=alert(6)>',
      description: hostile('Welcome'),
      defaultCurrency: 'EUR',
      timezone: LIVE_STUDIO_ZONE,
      phone: '<a href="javascript:alert(7)">call</a>',
      locales: ['en', 'es'],
    },
    danceTypes: [{ name: 'Salsa <i>x</i>', description: hostile('Type') }],
    people: [{ id: 'wp-hostile-eve', name: '<script>alert(8)</script>', lastname: '"><img src=x onerror=alert(9)>', bio: hostile('Bio'), roles: ['INSTRUCTOR'] }],
    classes: [
      ...WEEKDAYS.map((dayOfWeek) => ({
        id: `wp-hostile-${dayOfWeek}`,
        name: HOSTILE_CLASS_NAME,
        danceType: 'Salsa <i>x</i>',
        level: '<marquee>Level</marquee>',
        room: '</li></ul><h1>Injected</h1>',
        weekly: { dayOfWeek, startTime: '23:30', endTime: '23:59', ...series },
        instructorId: 'wp-hostile-eve',
        description: hostile('Class'),
      })),
    ],
    packages: [{ id: 'wp-hostile-pack', name: '<iframe src=//evil.example></iframe>', description: hostile('Pack'), price: 1, currency: 'EUR', danceTypes: [] }],
  };
}
