import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Catalog, OccurrenceRecord } from '../domain/catalog';
import type { PersonSummary } from '../domain/public-api/reader';
import type { ListingRenderer } from './listing-format';
import { StudioDocumentError, type DocumentProblem } from '../domain/studio-document/problems';
import type { Dialect } from './database-url';
import { toFlag } from './json-columns';
import { joinDays, writeDays } from './listing-days';
import { settleBookingsWithCatalog } from './catalog-bookings';
import { isDeadlockVictim } from './sql-errors';
import { DatabaseRefusedError, refusalOf, rowBytes, statementBatches } from './statement-batches';
import { danceTypeKey } from '../domain/ids';
import { calendarFingerprint, nextRevision, type CalendarRevision } from '../domain/calendar/sequence';
import type { BookingsSettled } from '../domain/studio-document/import-studio';
import { keepHeldDatesOfCancelledSeries } from '../domain/studio-document/held-dates';
import type { Database } from './tables';

/** Rows per INSERT: well under the placeholder limits of MySQL (65,535) and SQLite (32,766). */
const BATCH_ROWS = 500;

const CATALOG_TABLES = ['occurrences', 'dance_types', 'packages', 'availability_windows', 'pricing_entries', 'private_lesson_offers', 'questions', 'people'] as const;

export interface ReplaceResult {
  created: boolean;
  version: number;
  bookings: BookingsSettled;
}

/**
 * Replaces a studio's whole catalog in one transaction: readers see the old catalog or the new one,
 * never a mix, and any failure leaves the old one in place. Bookings are not touched; each class's
 * count of them is taken again, and each occurrence's listing entry is rendered with `renderer`.
 */
export async function replaceCatalog(db: Kysely<Database>, dialect: Dialect, catalog: Catalog, nowMs: number, renderer: ListingRenderer): Promise<ReplaceResult> {
  // Two imports of new studios at once can deadlock on MySQL's gap locks; InnoDB rolls one back, and it is simply run again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await replaceOnce(db, dialect, catalog, nowMs, renderer);
    } catch (error) {
      if (attempt >= DEADLOCK_RETRIES || !isDeadlockVictim(error)) throw error;
      // A little random wait, so the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}

const DEADLOCK_RETRIES = 5;

/**
 * One attempt. When the database refuses a statement (larger than its max_allowed_packet) it closes
 * the connection, and the rollback then fails with a message that names nothing: the refusal, which
 * names the cause, is what is thrown.
 */
async function replaceOnce(db: Kysely<Database>, dialect: Dialect, catalog: Catalog, nowMs: number, renderer: ListingRenderer): Promise<ReplaceResult> {
  let refused: DatabaseRefusedError | null = null;
  try {
    return await db.transaction().execute(async (trx) => {
      try {
        return await replaceWithin(trx, dialect, catalog, nowMs, renderer);
      } catch (error) {
        refused = refusalOf(error, `the studio "${catalog.studio.id}"`);
        throw error;
      }
    });
  } catch (error) {
    throw refused ?? error;
  }
}

async function replaceWithin(trx: Transaction<Database>, dialect: Dialect, catalog: Catalog, nowMs: number, renderer: ListingRenderer): Promise<ReplaceResult> {
  const studioId = catalog.studio.id;
  const studioRow = {
    name: catalog.studio.name,
    country: catalog.studio.country,
    address: catalog.studio.address,
    unit: catalog.studio.unit,
    business_hours: catalog.studio.businessHours,
    description: JSON.stringify(catalog.studio.description),
    logo: catalog.studio.logo,
    phone: catalog.studio.phone,
    default_currency: catalog.studio.defaultCurrency,
    website: catalog.studio.website,
    year_established: catalog.studio.yearEstablished,
    timezone: catalog.studio.timezone,
    whatsapp_enabled: toFlag(catalog.studio.whatsappEnabled),
    whatsapp_phone: catalog.studio.whatsappPhone,
    locales: JSON.stringify(catalog.studio.locales),
    cancellation_cutoff_minutes: catalog.studio.policies.cancellationCutoffMinutes,
    waitlist_enabled: toFlag(catalog.studio.policies.waitlist) ?? 1,
    reminder_minutes: catalog.studio.policies.reminderMinutes,
    terms_url: catalog.studio.policies.termsUrl,
    privacy_url: catalog.studio.policies.privacyUrl,
    notification_email: catalog.studio.notificationEmail,
    imported_at: nowMs,
  };
  // Create the studio row if it is new, then lock it: imports (and bookings) of one studio run one
  // after the other. Inserting first avoids the gap locks a locking read of a missing row takes on
  // MySQL, on which imports of different new studios would deadlock each other.
  const inserted = await trx
    .insertInto('studios')
    .values({ id: studioId, ...studioRow, version: 1, catalog_version: 1 })
    .$call((query) => (dialect === 'mysql' ? query.ignore() : query.onConflict((conflict) => conflict.column('id').doNothing())))
    .executeTakeFirst();
  const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  const locked = await trx
    .selectFrom('studios')
    .select('version')
    .where('id', '=', studioId)
    .$if(dialect === 'mysql', (query) => query.forUpdate())
    .executeTakeFirstOrThrow();

  await rejectIdsOfOtherStudios(trx, catalog);

  let version = Number(locked.version);
  // Each occurrence's calendar SEQUENCE lives on from import to import (domain/calendar/sequence.ts).
  const { revisions, cancelledBefore } = created ? { revisions: new Map<string, CalendarRevision>(), cancelledBefore: new Map<string, boolean>() } : await occurrencesBefore(trx, studioId);
  if (!created) {
    version += 1;
    await trx.updateTable('studios').set({ ...studioRow, version, catalog_version: version }).where('id', '=', studioId).execute();
    await keepTeachersOfDroppedClasses(trx, studioId, revisions, catalog);
    for (const table of CATALOG_TABLES) await trx.deleteFrom(table).where('studio_id', '=', studioId).execute();
  }

  await insertBatches(trx, 'dance_types', catalog.danceTypes.map((type, position) => ({
    studio_id: studioId,
    position,
    name: type.name,
    name_key: danceTypeKey(type.name),
    description: JSON.stringify(type.description),
    image: type.image,
    is_visible_on_web: type.isVisibleOnWeb ? 1 : 0,
  })));
  await insertBatches(trx, 'people', catalog.people.map((person, position) => ({
    id: person.id,
    studio_id: studioId,
    position,
    name: person.name,
    lastname: person.lastname,
    image: person.image,
    bio: JSON.stringify(person.bio),
    occupation: person.occupation,
    years_of_experience: person.yearsOfExperience,
    dance_specialities: JSON.stringify(person.danceSpecialities),
    public_profile: person.publicProfile ? 1 : 0,
    roles: JSON.stringify(person.roles),
    is_instructor: person.roles.includes('INSTRUCTOR') ? 1 : 0,
  })));
  // Bookings of classes the studio cancelled or dropped end, freed seats go to the waitlists: before the recount.
  const bookings = await settleBookingsWithCatalog(trx, dialect, catalog, nowMs);
  const confirmed = await confirmedBookingsByClass(trx, studioId);
  const listingOf = listingRendering(catalog, renderer);
  const occurrences = keepHeldDatesOfCancelledSeries(catalog.occurrences, cancelledBefore, nowMs);
  const occurrenceRows = occurrences.map((occurrence) => {
    const revision = nextRevision(revisions.get(occurrence.id), calendarFingerprint(occurrence), nowMs);
    return {
      studio_id: studioId,
      id: occurrence.id,
      entry_id: occurrence.entryId,
      name: occurrence.name,
      dance_type_key: occurrence.danceType === null ? null : danceTypeKey(occurrence.danceType),
      level: occurrence.level,
      room: occurrence.room,
      starts_at: occurrence.startsAt,
      ends_at: occurrence.endsAt,
      local_date: occurrence.localDate,
      day_of_week: occurrence.dayOfWeek,
      start_time: occurrence.startTime,
      end_time: occurrence.endTime,
      price: occurrence.price,
      capacity: occurrence.capacity,
      allow_packages: toFlag(occurrence.allowPackages),
      description: occurrence.description === null ? null : JSON.stringify(occurrence.description),
      instructor_id: occurrence.instructorId,
      cancelled: occurrence.cancelled ? 1 : 0,
      confirmed_bookings: confirmed.get(occurrence.id) ?? 0,
      listing_json: listingOf(occurrence),
      calendar_sequence: revision.sequence,
      calendar_fingerprint: revision.fingerprint,
      calendar_revised_at: revision.revisedAt,
    };
  });
  await insertBatches(trx, 'occurrences', occurrenceRows);
  // The joined days of the listings, from the rows just written (see listing-days.ts).
  const visibleKeys = new Set(catalog.danceTypes.filter((type) => type.isVisibleOnWeb).map((type) => danceTypeKey(type.name)));
  const listed = occurrenceRows.filter((row) => row.dance_type_key !== null && visibleKeys.has(row.dance_type_key) && row.cancelled === 0);
  const completion = { policy: catalog.studio.policies, nowMs };
  await writeDays(trx, studioId, joinDays(listed, renderer, (row) => row.listing_json, completion));
  await insertBatches(trx, 'packages', catalog.packages.map((entry, position) => ({
    studio_id: studioId,
    id: entry.id,
    position,
    name: entry.name,
    description: entry.description === null ? null : JSON.stringify(entry.description),
    price: entry.price,
    currency: entry.currency,
    class_count: entry.classCount,
    validity_days: entry.validityDays,
    dance_types: JSON.stringify(entry.danceTypes),
    is_visible_on_web: entry.isVisibleOnWeb ? 1 : 0,
  })));
  await insertBatches(trx, 'private_lesson_offers', catalog.privateLessonOffers.map((offer, position) => ({ studio_id: studioId, person_id: offer.personId, position })));
  await insertBatches(trx, 'availability_windows', catalog.privateLessonOffers.flatMap((offer) =>
    offer.availability.map((window) => ({
      studio_id: studioId,
      id: window.id,
      person_id: offer.personId,
      day_of_week: window.dayOfWeek,
      start_time: window.startTime,
      end_time: window.endTime,
      active: window.active ? 1 : 0,
    })),
  ));
  await insertBatches(trx, 'pricing_entries', catalog.privateLessonOffers.flatMap((offer) =>
    offer.pricing.map((entry) => ({
      studio_id: studioId,
      id: entry.id,
      person_id: offer.personId,
      duration_mins: entry.durationMins,
      price: entry.price,
      currency: entry.currency,
      active: entry.active ? 1 : 0,
    })),
  ));
  await insertBatches(trx, 'questions', catalog.questions.map((question, position) => ({
    studio_id: studioId,
    id: question.id,
    position,
    label: JSON.stringify(question.label),
    type: question.type,
    options: question.options === null ? null : JSON.stringify(question.options),
    required: question.required ? 1 : 0,
    active: question.active ? 1 : 0,
  })));

  return { created, version, bookings };
}

/**
 * Person ids and class/event ids are global: the user profile endpoint and the hosted booking page
 * ({checkout}/book/{classId}) name no studio. One studio cannot take over another's ids.
 */
async function rejectIdsOfOtherStudios(trx: Transaction<Database>, catalog: Catalog): Promise<void> {
  const studioId = catalog.studio.id;
  const takenPeople = await idsOfOtherStudios(trx, 'people', studioId, catalog.people.map((person) => person.id));
  const takenOccurrences = await idsOfOtherStudios(trx, 'occurrences', studioId, catalog.occurrences.map((occurrence) => occurrence.id));
  const problems: DocumentProblem[] = catalog.people.flatMap((person, index) =>
    takenPeople.has(person.id) ? [{ path: `people[${index}].id`, message: `"${person.id}" is already a person of another studio (person ids are global)` }] : [],
  );
  const reported = new Set<string>();
  for (const occurrence of catalog.occurrences) {
    if (!takenOccurrences.has(occurrence.id) || reported.has(occurrence.entryId)) continue;
    reported.add(occurrence.entryId);
    const index = catalog.occurrenceEntryIndex?.get(occurrence.entryId);
    problems.push({
      path: index === undefined ? 'classes' : `classes[${index}].id`,
      message: `"${occurrence.id}" is already a class or event of another studio (class ids are global: they name the booking page)`,
    });
  }
  if (problems.length > 0) throw new StudioDocumentError(problems);
}

async function idsOfOtherStudios(trx: Transaction<Database>, table: 'people' | 'occurrences', studioId: string, ids: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < ids.length; start += BATCH_ROWS) {
    const rows = await trx
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids.slice(start, start + BATCH_ROWS))
      .where('studio_id', '<>', studioId)
      .execute();
    for (const row of rows) taken.add(row.id);
  }
  return taken;
}

/**
 * Writes onto the bookings of each class the new catalog no longer lists who taught it (their class's
 * row is about to go), so that the studio still finds them by their teacher; the bookings of a class
 * listed again follow its row once more.
 */
async function keepTeachersOfDroppedClasses(trx: Transaction<Database>, studioId: string, listedBefore: ReadonlyMap<string, unknown>, catalog: Catalog): Promise<void> {
  const listedNow = new Set(catalog.occurrences.map((occurrence) => occurrence.id));
  const dropped = [...listedBefore.keys()].filter((id) => !listedNow.has(id));
  const back = [...listedNow].filter((id) => !listedBefore.has(id));
  for (const batch of statementBatches(dropped.map((id) => ({ id })), ID_BATCH)) {
    const ids = batch.map((row) => row.id);
    await trx
      .updateTable('bookings')
      .set((eb) => ({ class_instructor_id: eb.selectFrom('occurrences').select('occurrences.instructor_id').whereRef('occurrences.id', '=', 'bookings.class_id').where('occurrences.studio_id', '=', studioId) }))
      .where('studio_id', '=', studioId)
      .where('class_id', 'in', ids)
      .execute();
  }
  for (const batch of statementBatches(back.map((id) => ({ id })), ID_BATCH)) {
    await trx
      .updateTable('bookings')
      .set({ class_instructor_id: null })
      .where('studio_id', '=', studioId)
      .where('class_id', 'in', batch.map((row) => row.id))
      .where('class_instructor_id', 'is not', null)
      .execute();
  }
}

/** Ids per statement of the updates above: short statements, far under any packet limit. */
const ID_BATCH = 500;

/** What the import before left of each occurrence: its calendar revision, and whether it was cancelled. */
async function occurrencesBefore(trx: Transaction<Database>, studioId: string): Promise<{ revisions: Map<string, CalendarRevision>; cancelledBefore: Map<string, boolean> }> {
  const rows = await trx.selectFrom('occurrences').select(['id', 'calendar_sequence', 'calendar_fingerprint', 'calendar_revised_at', 'cancelled']).where('studio_id', '=', studioId).execute();
  return {
    revisions: new Map(
      rows.map((row) => [row.id, { sequence: Number(row.calendar_sequence), fingerprint: row.calendar_fingerprint, revisedAt: row.calendar_revised_at === null ? null : Number(row.calendar_revised_at) }]),
    ),
    cancelledBefore: new Map(rows.map((row) => [row.id, Number(row.cancelled) !== 0])),
  };
}

/** The studio's confirmed bookings per class: bookings outlive imports, and name their class by its id. */
async function confirmedBookingsByClass(trx: Transaction<Database>, studioId: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('bookings')
    .select(['class_id', sql<number | string>`count(*)`.as('n')])
    .where('studio_id', '=', studioId)
    .where('class_id', 'is not', null)
    .where('status', '=', 'confirmed')
    .groupBy('class_id')
    .execute();
  return new Map(rows.map((row) => [row.class_id as string, Number(row.n)]));
}

/**
 * An occurrence's listing entry, rendered from the values its row will hold (a price as DECIMAL(12,2)
 * keeps it, its dance type's own name, its teacher's summary), as a listing read from the database
 * would render it.
 */
function listingRendering(catalog: Catalog, renderer: ListingRenderer): (occurrence: OccurrenceRecord) => Buffer {
  const typeNames = new Map(catalog.danceTypes.map((type) => [danceTypeKey(type.name), type.name]));
  const people = new Map<string, PersonSummary>(catalog.people.map((person) => [person.id, { id: person.id, name: person.name, lastname: person.lastname, image: person.image }]));
  return (occurrence) =>
    Buffer.from(
      renderer.render({
        id: occurrence.id,
        seriesId: occurrence.entryId,
        name: occurrence.name,
        danceType: occurrence.danceType === null ? null : (typeNames.get(danceTypeKey(occurrence.danceType)) ?? null),
        level: occurrence.level,
        room: occurrence.room,
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
        localDate: occurrence.localDate,
        dayOfWeek: occurrence.dayOfWeek,
        startTime: occurrence.startTime,
        endTime: occurrence.endTime,
        price: occurrence.price === null ? null : Math.round(occurrence.price * 100) / 100,
        currency: catalog.studio.defaultCurrency,
        capacity: occurrence.capacity,
        allowPackages: occurrence.allowPackages,
        description: occurrence.description,
        instructor: occurrence.instructorId === null ? null : (people.get(occurrence.instructorId) ?? null),
        confirmedBookings: 0,
      }),
    );
}

/** Inserts the rows in statements of at most BATCH_ROWS rows and a few MB (statement-batches.ts); a refusal says which table and how large. */
async function insertBatches<T extends keyof Database>(trx: Transaction<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (const batch of statementBatches(rows, BATCH_ROWS)) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely cannot narrow a generic table's insert type
      await trx.insertInto(table).values(batch as any).execute();
    } catch (error) {
      const megabytes = (batch.reduce((sum, row) => sum + rowBytes(row), 0) / 1024 / 1024).toFixed(1);
      throw refusalOf(error, `${batch.length} rows of ${table} (about ${megabytes} MB in one statement)`) ?? error;
    }
  }
}
