import type { Kysely } from 'kysely';
import type { LocaleText } from '../domain/catalog';
import type { OccurrenceView } from '../domain/public-api/reader';
import { flag, readJson } from './json-columns';
import type { Database, OccurrencesTable } from './tables';

/** Occurrences (`o`) with their dance type's name, their teacher or host, and their confirmed bookings, as `toOccurrence` reads them. */
export function selectOccurrences(db: Kysely<Database>) {
  return db
    .selectFrom('occurrences as o')
    .innerJoin('studios as s', 's.id', 'o.studio_id')
    .leftJoin('people as p', 'p.id', 'o.instructor_id')
    .leftJoin('dance_types as t', (join) => join.onRef('t.studio_id', '=', 'o.studio_id').onRef('t.name_key', '=', 'o.dance_type_key'))
    .select([
      'o.id',
      'o.entry_id',
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
      'o.confirmed_bookings',
      't.name as dance_type_name',
      's.default_currency as currency',
      'p.id as person_id',
      'p.name as person_name',
      'p.lastname as person_lastname',
      'p.image as person_image',
    ]);
}

/** A row of `selectOccurrences`. */
export type OccurrenceRow = Pick<
  OccurrencesTable,
  'id' | 'entry_id' | 'name' | 'level' | 'room' | 'starts_at' | 'ends_at' | 'local_date' | 'day_of_week' | 'start_time' | 'end_time' | 'price' | 'capacity' | 'allow_packages' | 'description'
> & {
  confirmed_bookings: number | string;
  dance_type_name: string | null;
  currency: string;
  person_id: string | null;
  person_name: string | null;
  person_lastname: string | null;
  person_image: string | null;
};

export function toOccurrence(row: OccurrenceRow): OccurrenceView {
  return {
    id: row.id,
    seriesId: row.entry_id,
    name: row.name,
    danceType: row.dance_type_name,
    level: row.level,
    room: row.room,
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    localDate: row.local_date,
    dayOfWeek: row.day_of_week,
    startTime: row.start_time,
    endTime: row.end_time,
    price: row.price === null ? null : Number(row.price),
    currency: row.currency,
    capacity: row.capacity,
    allowPackages: flag(row.allow_packages),
    description: readJson<LocaleText | null>(row.description, null),
    instructor: row.person_id === null ? null : { id: row.person_id, name: row.person_name ?? '', lastname: row.person_lastname, image: row.person_image },
    confirmedBookings: Number(row.confirmed_bookings),
  };
}
