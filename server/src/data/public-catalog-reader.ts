import { sql, type Kysely } from 'kysely';
import type { LocaleText, PackageRecord, PersonRecord, QuestionRecord } from '../domain/catalog';
import type { OccurrenceView, PrivateLessonOfferView, PublicCatalogReader, StudioProfileView } from '../domain/public-api/reader';
import type { DateWindow, InstantWindow } from '../domain/time/windows';
import { flag, readJson } from './json-columns';
import type { Database, OccurrencesTable, PeopleTable } from './tables';

export function createPublicCatalogReader(db: Kysely<Database>): PublicCatalogReader {
  return {
    async findStudio(studioId) {
      const row = await db.selectFrom('studios').selectAll().where('id', '=', studioId).executeTakeFirst();
      if (!row) return null;
      const types = await db
        .selectFrom('dance_types')
        .select(['name', 'description', 'image', 'is_visible_on_web'])
        .where('studio_id', '=', studioId)
        .orderBy('position')
        .execute();
      const profile: StudioProfileView = {
        id: row.id,
        name: row.name,
        country: row.country,
        address: row.address,
        unit: row.unit,
        businessHours: row.business_hours,
        description: readJson<LocaleText>(row.description, {}),
        logo: row.logo,
        phone: row.phone,
        defaultCurrency: row.default_currency,
        website: row.website,
        yearEstablished: row.year_established,
        timezone: row.timezone,
        whatsappEnabled: flag(row.whatsapp_enabled),
        whatsappPhone: row.whatsapp_phone,
        locales: readJson<string[]>(row.locales, ['en']),
        danceTypes: types.map((type) => ({
          name: type.name,
          description: readJson<LocaleText>(type.description, {}),
          image: type.image,
          isVisibleOnWeb: type.is_visible_on_web !== 0,
        })),
      };
      return profile;
    },

    async listInstructors(studioId) {
      const rows = await db.selectFrom('people').selectAll().where('studio_id', '=', studioId).where('is_instructor', '=', 1).orderBy('position').execute();
      return rows.map(toPerson);
    },

    async findPerson(personId) {
      const row = await db.selectFrom('people').selectAll().where('id', '=', personId).executeTakeFirst();
      return row ? toPerson(row) : null;
    },

    async listClasses(studioId, window: InstantWindow, danceTypeKey?: string) {
      const rows = await occurrenceQuery(db, studioId)
        .innerJoin('dance_types as t', (join) => join.onRef('t.studio_id', '=', 'o.studio_id').onRef('t.name_key', '=', 'o.dance_type_key'))
        .select('t.name as dance_type_name')
        .where('o.starts_at', '>=', window.startMs)
        .where('o.starts_at', '<', window.endMs)
        .$if(danceTypeKey === undefined, (query) => query.where('t.is_visible_on_web', '=', 1))
        .$if(danceTypeKey !== undefined, (query) => query.where('o.dance_type_key', '=', danceTypeKey as string))
        .orderBy('o.starts_at')
        .orderBy('o.name')
        .orderBy('o.id')
        .execute();
      return rows.map((row) => toOccurrence(row, row.dance_type_name));
    },

    async listEvents(studioId, window: DateWindow) {
      const rows = await occurrenceQuery(db, studioId)
        .where('o.dance_type_key', 'is', null)
        .where('o.local_date', '>=', window.fromDate)
        .where('o.local_date', '<', window.untilDate)
        .orderBy('o.starts_at')
        .orderBy('o.name')
        .orderBy('o.id')
        .execute();
      return rows.map((row) => toOccurrence(row, null));
    },

    async listVisiblePackages(studioId) {
      const rows = await db.selectFrom('packages').selectAll().where('studio_id', '=', studioId).where('is_visible_on_web', '=', 1).orderBy('position').execute();
      return rows.map(
        (row): PackageRecord => ({
          id: row.id,
          name: row.name,
          description: readJson<LocaleText | null>(row.description, null),
          price: Number(row.price),
          currency: row.currency,
          classCount: row.class_count,
          validityDays: row.validity_days,
          danceTypes: readJson<string[]>(row.dance_types, []),
          isVisibleOnWeb: true,
        }),
      );
    },

    async listPrivateLessonOffers(studioId) {
      const [offers, windows, pricing] = await Promise.all([
        db
          .selectFrom('private_lesson_offers as l')
          .innerJoin('people as p', 'p.id', 'l.person_id')
          .selectAll('p')
          .where('l.studio_id', '=', studioId)
          .orderBy('l.position')
          .execute(),
        db
          .selectFrom('availability_windows')
          .select(['id', 'person_id', 'day_of_week', 'start_time', 'end_time'])
          .where('studio_id', '=', studioId)
          .where('active', '=', 1)
          .orderBy('day_of_week')
          .orderBy('start_time')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('pricing_entries')
          .select(['id', 'person_id', 'duration_mins', 'price', 'currency'])
          .where('studio_id', '=', studioId)
          .where('active', '=', 1)
          .orderBy('duration_mins')
          .orderBy('price')
          .orderBy('id')
          .execute(),
      ]);
      return offers.map(
        (row): PrivateLessonOfferView => ({
          person: toPerson(row),
          availability: windows
            .filter((window) => window.person_id === row.id)
            .map((window) => ({ id: window.id, dayOfWeek: window.day_of_week, startTime: window.start_time, endTime: window.end_time })),
          pricing: pricing
            .filter((entry) => entry.person_id === row.id)
            .map((entry) => ({ id: entry.id, durationMins: entry.duration_mins, price: Number(entry.price), currency: entry.currency })),
        }),
      );
    },

    async listActiveQuestions(studioId) {
      const rows = await db.selectFrom('questions').selectAll().where('studio_id', '=', studioId).where('active', '=', 1).orderBy('position').execute();
      return rows.map(
        (row): QuestionRecord => ({
          id: row.id,
          label: readJson<LocaleText>(row.label, {}),
          type: row.type === 'DROPDOWN' ? 'DROPDOWN' : 'FREEFORM',
          options: readJson(row.options, null),
          required: row.required !== 0,
          active: true,
        }),
      );
    },
  };
}

/** Occurrences of a studio with their teacher or host and their count of confirmed bookings. */
function occurrenceQuery(db: Kysely<Database>, studioId: string) {
  return selectOccurrences(db).where('o.studio_id', '=', studioId).where('o.cancelled', '=', 0);
}

/** Occurrences (`o`) with their teacher or host and their count of confirmed bookings, as `toOccurrence` reads them. */
export function selectOccurrences(db: Kysely<Database>) {
  return db
    .selectFrom('occurrences as o')
    .leftJoin('people as p', 'p.id', 'o.instructor_id')
    .select([
      'o.id',
      'o.name',
      'o.level',
      'o.room',
      'o.starts_at',
      'o.ends_at',
      'o.local_date',
      'o.day_of_week',
      'o.start_time',
      'o.end_time',
      'o.price',
      'o.capacity',
      'o.allow_packages',
      'o.description',
      'p.id as person_id',
      'p.name as person_name',
      'p.lastname as person_lastname',
      'p.image as person_image',
    ])
    .select((eb) =>
      eb
        .selectFrom('bookings as b')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('b.studio_id', '=', 'o.studio_id')
        .whereRef('b.class_id', '=', 'o.id')
        .where('b.status', '=', 'confirmed')
        .as('confirmed_bookings'),
    );
}

/** A row of `selectOccurrences`: the occurrence's columns, its teacher or host, its confirmed bookings. */
export type OccurrenceRow = Pick<
  OccurrencesTable,
  'id' | 'name' | 'level' | 'room' | 'starts_at' | 'ends_at' | 'local_date' | 'day_of_week' | 'start_time' | 'end_time' | 'price' | 'capacity' | 'allow_packages' | 'description'
> & {
  person_id: string | null;
  person_name: string | null;
  person_lastname: string | null;
  person_image: string | null;
  confirmed_bookings: number | string | null;
};

export function toOccurrence(row: OccurrenceRow, danceType: string | null): OccurrenceView {
  return {
    id: row.id,
    name: row.name,
    danceType,
    level: row.level,
    room: row.room,
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    localDate: row.local_date,
    dayOfWeek: row.day_of_week,
    startTime: row.start_time,
    endTime: row.end_time,
    price: row.price === null ? null : Number(row.price),
    capacity: row.capacity,
    allowPackages: flag(row.allow_packages),
    description: readJson<LocaleText | null>(row.description, null),
    instructor: row.person_id === null ? null : { id: row.person_id, name: row.person_name ?? '', lastname: row.person_lastname, image: row.person_image },
    confirmedBookings: Number(row.confirmed_bookings ?? 0),
  };
}

export function toPerson(row: PeopleTable): PersonRecord {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    image: row.image,
    bio: readJson<LocaleText>(row.bio, {}),
    occupation: row.occupation,
    yearsOfExperience: row.years_of_experience,
    danceSpecialities: readJson<string[]>(row.dance_specialities, []),
    publicProfile: row.public_profile !== 0,
    roles: readJson<string[]>(row.roles, []),
  };
}
