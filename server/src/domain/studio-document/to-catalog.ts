import { DEFAULT_POLICIES, type Catalog, type OccurrenceRecord } from '../catalog';
import type { ClassEntry, StudioDocument } from './schema';
import { seriesDates } from './validate';
import { occurrenceId } from '../ids';
import { addDays } from '../time/calendar';
import { instantToLocal, wallTimeToInstant } from '../time/zoned-time';

const MINUTE_MS = 60_000;

/** Turns a validated studio document into the catalog that is stored, filling the documented defaults. */
export function toCatalog(document: StudioDocument): Catalog {
  const { studio } = document;
  const zone = studio.timezone;
  return {
    studio: {
      id: studio.id,
      name: studio.name,
      country: studio.country,
      address: studio.address ?? null,
      unit: studio.unit ?? null,
      businessHours: studio.businessHours ?? null,
      description: studio.description ?? {},
      logo: studio.logo ?? null,
      phone: studio.phone ?? null,
      defaultCurrency: studio.defaultCurrency,
      website: studio.website ?? null,
      yearEstablished: studio.yearEstablished ?? null,
      timezone: zone,
      whatsappEnabled: studio.whatsappEnabled ?? null,
      whatsappPhone: studio.whatsappPhone ?? null,
      locales: studio.locales ?? ['en'],
      policies: {
        cancellationCutoffMinutes: minutes(studio.policies?.cancellationCutoffHours) ?? DEFAULT_POLICIES.cancellationCutoffMinutes,
        waitlist: studio.policies?.waitlist ?? DEFAULT_POLICIES.waitlist,
        reminderMinutes: minutes(studio.policies?.reminderHours) ?? DEFAULT_POLICIES.reminderMinutes,
        termsUrl: studio.policies?.termsUrl ?? null,
        privacyUrl: studio.policies?.privacyUrl ?? null,
      },
      notificationEmail: studio.notifications?.email ?? null,
    },
    danceTypes: (document.danceTypes ?? []).map((type) => ({
      name: type.name,
      description: type.description ?? {},
      image: type.image ?? null,
      isVisibleOnWeb: type.isVisibleOnWeb ?? true,
    })),
    people: (document.people ?? []).map((person) => ({
      id: person.id,
      name: person.name,
      lastname: person.lastname ?? null,
      image: person.image ?? null,
      bio: person.bio ?? {},
      occupation: person.occupation ?? null,
      yearsOfExperience: person.yearsOfExperience ?? null,
      danceSpecialities: person.danceSpecialities ?? [],
      publicProfile: person.publicProfile ?? true,
      roles: person.roles ?? [],
    })),
    occurrences: (document.classes ?? []).flatMap((entry) => expandEntry(entry, zone)),
    packages: (document.packages ?? []).map((entry) => ({
      id: entry.id,
      name: entry.name,
      description: entry.description ?? null,
      price: entry.price,
      currency: entry.currency,
      classCount: entry.classCount ?? null,
      validityDays: entry.validityDays ?? null,
      danceTypes: entry.danceTypes ?? [],
      isVisibleOnWeb: entry.isVisibleOnWeb ?? true,
    })),
    privateLessonOffers: (document.privateLessons?.instructors ?? []).map((offer) => ({
      personId: offer.personId,
      availability: offer.availability.map((window) => ({ ...window, active: window.active ?? true })),
      pricing: offer.pricing.map((entry) => ({ ...entry, active: entry.active ?? true })),
    })),
    questions: (document.privateLessons?.questions ?? []).map((question) => ({
      id: question.id,
      label: question.label,
      type: question.type,
      options: question.type === 'DROPDOWN' ? (question.options ?? []) : null,
      required: question.required,
      active: question.active ?? true,
    })),
    occurrenceEntryIndex: new Map((document.classes ?? []).map((entry, index) => [entry.id, index])),
  };
}

function expandEntry(entry: ClassEntry, zone: string): OccurrenceRecord[] {
  if (entry.weekly) {
    const { startTime, endTime } = entry.weekly;
    return seriesDates(entry.weekly).map((date) => occurrence(entry, occurrenceId(entry.id, date), date, startTime, endTime, zone));
  }
  return [occurrence(entry, entry.id, entry.date as string, entry.startTime as string, entry.endTime as string, zone)];
}

function occurrence(entry: ClassEntry, id: string, date: string, startTime: string, endTime: string, zone: string): OccurrenceRecord {
  const startsAt = wallTimeToInstant(date, startTime, zone);
  // Local fields are read back from the instants, so a time skipped by a DST change shows as the clock really reads.
  const start = instantToLocal(startsAt, zone);
  const endsAt = endInstant({ date, startTime, endTime, startsAt, startMoved: start.date !== date || start.time !== startTime }, zone);
  return {
    id,
    entryId: entry.id,
    name: entry.name,
    danceType: entry.danceType,
    level: entry.level,
    room: entry.room ?? null,
    startsAt,
    endsAt,
    localDate: start.date,
    dayOfWeek: start.dayOfWeek,
    startTime: start.time,
    endTime: instantToLocal(endsAt, zone).time,
    price: entry.price ?? null,
    capacity: entry.capacity ?? null,
    allowPackages: entry.allowPackages ?? null,
    description: entry.description ?? null,
    instructorId: entry.instructorId ?? null,
    cancelled: entry.cancelled ?? false,
  };
}

/**
 * When an occurrence ends. Its end time is read on the studio's clock, like its start: a social
 * written 22:00–04:00 ends when the clocks read 04:00, whatever they did in between (five real hours
 * the night they go forward, seven the night they go back). An end time earlier than the start means
 * the next day.
 *
 * Except when the start itself did not exist: written in the hour the clocks skip (02:30 the night
 * they go forward), it moves forward by the gap (03:30, the "compatible" rule), and the whole
 * occurrence moves with it, keeping its written length. Read by itself, its end (03:30) would make a
 * 02:30–03:30 class last no time at all.
 */
function endInstant(written: { date: string; startTime: string; endTime: string; startsAt: number; startMoved: boolean }, zone: string): number {
  const { date, startTime, endTime, startsAt, startMoved } = written;
  if (startMoved) return startsAt + writtenMinutes(startTime, endTime) * MINUTE_MS;
  return wallTimeToInstant(endTime <= startTime ? addDays(date, 1) : date, endTime, zone);
}

/** Minutes from the written start to the written end on a clock that does not change (past midnight when the end is earlier). */
function writtenMinutes(startTime: string, endTime: string): number {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const length = minutes(endTime) - minutes(startTime);
  return length > 0 ? length : length + 24 * 60;
}

/** Hours as whole minutes (the schema allows only whole minutes). */
function minutes(hours: number | undefined): number | undefined {
  return hours === undefined ? undefined : Math.round(hours * 60);
}
