/**
 * "Casa del Son", the salsa studio in Madrid that the booking tests book at. Each test owns its data:
 * it gives the studio its own id and its own classes, people and private lessons, and states every
 * field it asserts on that is not one of the defaults below. A field given as `undefined` is left
 * out of the document (a studio without an address, a class without a room).
 */

type Fields = Record<string, unknown>;

/** What the studio is, unless a test says otherwise; the emails and pages quote these texts. */
export const CASA_DEL_SON = {
  name: 'Casa del Son',
  country: 'ES',
  address: 'Calle Mayor 1, Madrid',
  unit: '2º',
  phone: '+34 600 000 111',
  website: 'https://casadelson.example.com',
  defaultCurrency: 'EUR',
  timezone: 'Europe/Madrid',
  locales: ['es', 'en'],
} as const;

export interface CasaDelSonOptions {
  id: string;
  /** studio fields over (or, as `undefined`, taken out of) CASA_DEL_SON */
  studio?: Fields;
  people?: Fields[];
  classes?: Fields[];
  privateLessons?: Fields;
  danceTypes?: Fields[];
}

/** A studio document for the import: Casa del Son under the test's own id, dancing Salsa. */
export function casaDelSon({ id, studio = {}, people, classes = [], privateLessons, danceTypes = [{ name: 'Salsa' }] }: CasaDelSonOptions) {
  return definedOnly({
    studio: definedOnly({ id, ...CASA_DEL_SON, ...studio }),
    danceTypes,
    people,
    classes,
    privateLessons,
  });
}

/**
 * One Salsa Beginners class in Sala Azul on Monday 2027-03-08, 19:00–20:00 in Madrid (CET, UTC+1:
 * 18:00Z), 12.50 € with 20 places.
 */
export function salsaClass(id: string, overrides: Fields = {}) {
  return definedOnly({
    id,
    name: 'Salsa Beginners',
    danceType: 'Salsa',
    level: 'Beginner',
    room: 'Sala Azul',
    date: '2027-03-08',
    startTime: '19:00',
    endTime: '20:00',
    price: 12.5,
    capacity: 20,
    ...overrides,
  });
}

/** Ana García, who teaches there, under the test's own person id. */
export const ana = (id: string, overrides: Fields = {}) => ({ id, name: 'Ana', lastname: 'García', roles: ['INSTRUCTOR'], ...overrides });

/**
 * A teacher's private lessons: one weekly window (`dayOfWeek` 1 is Monday) and one 60-minute lesson
 * at 50 €, under ids of the test's own.
 */
export function privateLessonOffer(personId: string, ids: { availability: string; pricing: string }, window: { dayOfWeek: number; startTime: string; endTime: string }) {
  return {
    personId,
    availability: [{ id: ids.availability, ...window }],
    pricing: [{ id: ids.pricing, durationMins: 60, price: 50, currency: 'EUR' }],
  };
}

function definedOnly<T extends Fields>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/** The booking form as Lucía Pérez fills it in, agreeing to the terms. */
export const lucia = (overrides: Record<string, string> = {}): Record<string, string> => ({
  firstName: 'Lucía',
  lastName: 'Pérez',
  email: 'lucia@example.com',
  phone: '+34 600 111 222',
  terms: 'yes',
  ...overrides,
});
