import { addDays, weekdayIndex } from '../server/src/domain/time/calendar';
import { WEEKDAY_NAMES } from '../server/src/domain/time/weekdays';
import type { ClassEntry, StudioDocument } from '../server/src/domain/studio-document/schema';

/**
 * The bench's data set: one studio document per studio, generated deterministically from the
 * studio's number and the week it was generated for (same inputs, same document).
 */

export const STUDIO_COUNT = 200;
export const SERIES_PER_STUDIO = 300;
export const INSTRUCTORS_PER_STUDIO = 10;
/** How many weeks a weekly series runs after its first week. */
export const SCHEDULE_WEEKS = 52;

export const DANCE_TYPES = ['Salsa', 'Bachata', 'Kizomba', 'Zouk', 'West Coast Swing', 'Rueda'] as const;
/** The one dance type each studio keeps off the web (its classes are listed by no endpoint). */
export const HIDDEN_DANCE_TYPE = 'Rueda';

const LEVELS = ['Beginner', 'Improver', 'Intermediate', 'Advanced', 'Open level'] as const;
const ROOMS = ['Room A', 'Room B', 'Room C', 'Main hall'] as const;
const ZONES = ['Europe/Madrid', 'Europe/London', 'Europe/Berlin', 'Europe/Lisbon', 'Europe/Rome'] as const;
const FIRST_NAMES = ['Ana', 'Luis', 'Carmen', 'Javier', 'Lucía', 'Pablo', 'Marta', 'Diego', 'Elena', 'Sergio', 'Nuria', 'Andrés'] as const;
const LAST_NAMES = ['García', 'Martín', 'López', 'Sánchez', 'Romero', 'Navarro', 'Torres', 'Ruiz', 'Molina', 'Ortega'] as const;

export function benchStudioId(studio: number): string {
  return `bench-${pad3(studio)}`;
}

/** Person ids are global across studios, so each carries its studio's number. */
export function benchPersonId(studio: number, instructor: number): string {
  return `b${pad3(studio)}-t${String(instructor).padStart(2, '0')}`;
}

/** The first date of the generated schedules: the Monday of the current week (UTC) minus one week. */
export function benchScheduleStart(nowMs: number): string {
  const today = new Date(nowMs).toISOString().slice(0, 10);
  const sinceMonday = (weekdayIndex(today) + 6) % 7;
  return addDays(today, -sinceMonday - 7);
}

export function benchScheduleEnd(start: string): string {
  return addDays(start, SCHEDULE_WEEKS * 7);
}

/** A small seeded generator (mulberry32): the same seed always yields the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function generateStudioDocument(studio: number, scheduleStart: string): StudioDocument {
  const random = seededRandom(studio * 7919 + 17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const until = benchScheduleEnd(scheduleStart);
  const prefix = `b${pad3(studio)}`;
  const instructorIds = Array.from({ length: INSTRUCTORS_PER_STUDIO }, (_, index) => benchPersonId(studio, index + 1));

  return {
    studio: {
      id: benchStudioId(studio),
      name: `Bench Dance Studio ${pad3(studio)}`,
      country: 'ES',
      address: `Calle del Baile ${studio}, Madrid`,
      unit: `Local ${1 + (studio % 4)}`,
      businessHours: 'Mon-Fri 17:00-23:00 · Sat 10:00-14:00 and 16:00-02:00 · Sun 11:00-14:00',
      description: {
        es: `Escuela de baile social número ${studio}: salsa, bachata, kizomba, zouk y west coast swing para todos los niveles.`,
        en: `Social dance school number ${studio}: salsa, bachata, kizomba, zouk and West Coast Swing for every level.`,
      },
      logo: `https://images.example.com/${prefix}/logo.png`,
      phone: `+34 600 ${pad3(studio)} 000`,
      defaultCurrency: 'EUR',
      website: `https://${prefix}.example.com`,
      yearEstablished: 1995 + (studio % 30),
      timezone: ZONES[studio % ZONES.length] as string,
      whatsappEnabled: studio % 2 === 0,
      whatsappPhone: studio % 2 === 0 ? `+34 611 ${pad3(studio)} 111` : null,
      locales: ['es', 'en'],
    },
    danceTypes: DANCE_TYPES.map((name) => ({
      name,
      description: { es: `${name}: técnica, musicalidad y baile en pareja.`, en: `${name}: technique, musicality and partner work.` },
      image: `https://images.example.com/${prefix}/types/${name.toLowerCase().replace(/ /g, '-')}.jpg`,
      isVisibleOnWeb: name !== HIDDEN_DANCE_TYPE,
    })),
    people: [
      ...instructorIds.map((id, index) => ({
        id,
        name: pick(FIRST_NAMES),
        lastname: pick(LAST_NAMES),
        image: `https://images.example.com/${prefix}/people/${id}.jpg`,
        bio: { es: `Profesor/a con ${5 + index} años de experiencia.`, en: `Teacher with ${5 + index} years of experience on the social dance floor.` },
        occupation: 'Dance teacher',
        yearsOfExperience: 5 + index,
        danceSpecialities: [DANCE_TYPES[index % 5] as string, DANCE_TYPES[(index + 1) % 5] as string],
        publicProfile: index !== INSTRUCTORS_PER_STUDIO - 1,
        roles: index === 0 ? ['INSTRUCTOR', 'ADMIN'] : ['INSTRUCTOR'],
      })),
      { id: `${prefix}-owner`, name: 'Owner', lastname: `of studio ${studio}`, roles: ['ADMIN'] },
      { id: `${prefix}-desk`, name: 'Front desk', publicProfile: false, roles: [] },
    ],
    classes: [...weeklySeries(prefix, instructorIds, scheduleStart, until, random), ...events(prefix, instructorIds, scheduleStart, until)],
    packages: [
      { id: 'pass-4', name: '4 classes', price: 45, currency: 'EUR', classCount: 4, validityDays: 30, danceTypes: [] },
      { id: 'pass-10', name: '10 classes', description: { en: 'Any class, three months.' }, price: 100, currency: 'EUR', classCount: 10, validityDays: 90 },
      { id: 'unlimited', name: 'Unlimited month', price: 120, currency: 'EUR', validityDays: 30, danceTypes: ['Salsa', 'Bachata'] },
      { id: 'salsa-term', name: 'Salsa term', price: 150, currency: 'EUR', classCount: 20, validityDays: 120, danceTypes: ['Salsa'] },
      { id: 'staff', name: 'Staff pass', price: 0, currency: 'EUR', isVisibleOnWeb: false },
    ],
    privateLessons: {
      instructors: instructorIds.slice(0, 4).map((personId, index) => ({
        personId,
        availability: [
          { id: `av-${index}-1`, dayOfWeek: 1 + index, startTime: '10:00', endTime: '14:00' },
          { id: `av-${index}-2`, dayOfWeek: 1 + ((index + 2) % 6), startTime: '16:00', endTime: '19:00' },
          { id: `av-${index}-3`, dayOfWeek: 6, startTime: '11:00', endTime: '13:00', active: index % 2 === 0 },
        ],
        pricing: [
          { id: `pr-${index}-45`, durationMins: 45, price: 40 + index * 5, currency: 'EUR' },
          { id: `pr-${index}-60`, durationMins: 60, price: 50 + index * 5, currency: 'EUR' },
          { id: `pr-${index}-90`, durationMins: 90, price: 70 + index * 5, currency: 'EUR', active: false },
        ],
      })),
      questions: [
        {
          id: 'q-level',
          label: { es: 'Tu nivel', en: 'Your level' },
          type: 'DROPDOWN',
          required: true,
          options: LEVELS.map((level) => ({ value: level.toLowerCase().replace(/ /g, '-'), label: { en: level } })),
        },
        { id: 'q-goal', label: { es: '¿Qué quieres trabajar?', en: 'What do you want to work on?' }, type: 'FREEFORM', required: false, options: null },
        { id: 'q-old', label: { en: 'How did you hear about us?' }, type: 'FREEFORM', required: false, options: null, active: false },
      ],
    },
  };
}

/** About 300 classes a week: series spread over the seven days from 10:00 to 22:00, a year long. */
function weeklySeries(prefix: string, instructors: string[], from: string, until: string, random: () => number): ClassEntry[] {
  const series: ClassEntry[] = [];
  for (let index = 0; index < SERIES_PER_STUDIO; index += 1) {
    const dayOfWeek = WEEKDAY_NAMES[(index + 1) % 7] as (typeof WEEKDAY_NAMES)[number];
    const hour = 10 + Math.floor(random() * 12);
    const minutes = random() < 0.5 ? '00' : '30';
    const danceType = DANCE_TYPES[Math.floor(random() * DANCE_TYPES.length)] as string;
    const level = LEVELS[Math.floor(random() * LEVELS.length)] as string;
    // One week off around the middle of the year, on the series' own weekday.
    const firstDate = addDays(from, (WEEKDAY_NAMES.indexOf(dayOfWeek) - weekdayIndex(from) + 7) % 7);
    series.push({
      id: `${prefix}-c${pad3(index + 1)}`,
      name: `${danceType} ${level}`,
      danceType,
      level,
      room: ROOMS[index % ROOMS.length] as string,
      weekly: { dayOfWeek, startTime: `${pad2(hour)}:${minutes}`, endTime: `${pad2(hour + 1)}:${minutes}`, from, until, except: index % 10 === 0 ? [addDays(firstDate, 26 * 7)] : [] },
      price: 10 + (index % 9),
      capacity: index % 7 === 0 ? null : 12 + (index % 19),
      allowPackages: index % 5 !== 0,
      description: index % 3 === 0 ? { es: `Clase de ${danceType} (${level}).`, en: `A ${level.toLowerCase()} ${danceType} class: figures, technique and musicality.` } : null,
      instructorId: instructors[index % instructors.length] as string,
    });
  }
  return series;
}

/** A few events (danceType null): two weekly socials and a workshop every eight weeks. */
function events(prefix: string, instructors: string[], from: string, until: string): ClassEntry[] {
  const workshops: ClassEntry[] = Array.from({ length: 7 }, (_, index) => ({
    id: `${prefix}-w${index + 1}`,
    name: `Weekend workshop ${index + 1}`,
    danceType: null,
    level: 'All levels',
    room: 'Main hall',
    date: addDays(from, index * 56 + 12),
    startTime: '16:00',
    endTime: '20:00',
    price: 35,
    capacity: 40,
    allowPackages: false,
    description: { en: 'Four hours with a guest teacher.' },
    instructorId: instructors[index % instructors.length] as string,
  }));
  return [
    {
      id: `${prefix}-social`,
      name: 'Saturday social',
      danceType: null,
      level: 'All levels',
      room: 'Main hall',
      weekly: { dayOfWeek: 'saturday', startTime: '22:30', endTime: '02:00', from, until },
      price: 8,
      capacity: 150,
      description: { es: 'Noche social.', en: 'Social night: salsa, bachata and kizomba.' },
      instructorId: instructors[0] as string,
    },
    {
      id: `${prefix}-practica`,
      name: 'Wednesday practica',
      danceType: null,
      level: 'All levels',
      room: 'Room A',
      weekly: { dayOfWeek: 'wednesday', startTime: '21:30', endTime: '23:30', from, until },
      price: null,
      capacity: null,
      instructorId: null,
    },
    ...workshops,
  ];
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

function pad3(value: number): string {
  return String(value).padStart(3, '0');
}
