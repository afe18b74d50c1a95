import type { Kysely } from 'kysely';
import type { LocaleText, PackageRecord, PersonRecord, QuestionRecord } from '../domain/catalog';
import type { CalendarOccurrence, PrivateLessonOfferView, PublicCatalogReader, StudioProfileView } from '../domain/public-api/reader';
import { readBusyIntervals } from './busy-intervals';
import { flag, readJson } from './json-columns';
import { selectOccurrences, toOccurrence } from './occurrence-rows';
import type { Database, PeopleTable } from './tables';

/** What the public API's use-cases read (the listings are read by listing-reads.ts). */
export function createPublicCatalogReader(db: Kysely<Database>): PublicCatalogReader {
  return readCatalogBasics(db);
}

/** Everything the public API's use-cases read: also what the booking pages read of a studio. */
export function readCatalogBasics(db: Kysely<Database>): PublicCatalogReader {
  return {
    async findStudio(studioId) {
      // One round trip for the studio and its dance types (every endpoint starts here): a row per type.
      const rows = await db
        .selectFrom('studios as s')
        .leftJoin('dance_types as t', 't.studio_id', 's.id')
        .selectAll('s')
        .select(['t.name as type_name', 't.description as type_description', 't.image as type_image', 't.is_visible_on_web as type_is_visible_on_web'])
        .where('s.id', '=', studioId)
        .orderBy('t.position')
        .execute();
      const row = rows[0];
      if (!row) return null;
      const types = row.type_name === null ? [] : rows;
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
        policies: {
          cancellationCutoffMinutes: row.cancellation_cutoff_minutes,
          waitlist: row.waitlist_enabled !== 0,
          reminderMinutes: row.reminder_minutes,
          termsUrl: row.terms_url,
          privacyUrl: row.privacy_url,
        },
        notificationEmail: row.notification_email,
        importedAt: Number(row.imported_at),
        danceTypes: types.map((type) => ({
          name: type.type_name ?? '',
          description: readJson<LocaleText>(type.type_description, {}),
          image: type.type_image,
          isVisibleOnWeb: type.type_is_visible_on_web !== 0,
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

    async findTeacherOrHost(studioId, personId) {
      const row = await db
        .selectFrom('people as p')
        .selectAll('p')
        .where('p.studio_id', '=', studioId)
        .where('p.id', '=', personId)
        .where((where) =>
          where.or([
            where('p.is_instructor', '=', 1),
            where.exists(where.selectFrom('occurrences as o').select('o.id').where('o.studio_id', '=', studioId).where('o.instructor_id', '=', personId)),
          ]),
        )
        .executeTakeFirst();
      return row ? toPerson(row) : null;
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

    async findOccurrenceSummary(classId) {
      const row = await db.selectFrom('occurrences').select(['studio_id', 'dance_type_key', 'cancelled']).where('id', '=', classId).executeTakeFirst();
      return row ? { studioId: row.studio_id, danceTypeKey: row.dance_type_key, cancelled: row.cancelled !== 0 } : null;
    },

    busyIntervals: (studioId, instructorId, fromMs, untilMs) => readBusyIntervals(db, studioId, instructorId, fromMs, untilMs),

    async listCalendarOccurrences(studioId, { fromMs, untilMs }, { danceTypeKeys, events, instructorId }) {
      if (danceTypeKeys.length === 0 && !events) return [];
      const rows = await selectOccurrences(db)
        .select(['o.cancelled', 'o.calendar_sequence', 'o.calendar_revised_at'])
        .where('o.studio_id', '=', studioId)
        .where('o.starts_at', '>=', fromMs)
        .where('o.starts_at', '<', untilMs)
        .where((where) => {
          const kinds = [];
          if (danceTypeKeys.length > 0) kinds.push(where('o.dance_type_key', 'in', danceTypeKeys));
          if (events) kinds.push(where('o.dance_type_key', 'is', null));
          return where.or(kinds);
        })
        .$if(instructorId !== undefined, (query) => query.where('o.instructor_id', '=', instructorId as string))
        .orderBy('o.starts_at')
        .orderBy('o.name')
        .orderBy('o.id')
        .execute();
      return rows.map(
        (row): CalendarOccurrence => ({
          ...toOccurrence(row),
          cancelled: row.cancelled !== 0,
          calendarSequence: Number(row.calendar_sequence),
          calendarRevisedAt: row.calendar_revised_at === null ? null : Number(row.calendar_revised_at),
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
