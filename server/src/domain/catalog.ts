/**
 * A studio's catalog as it is stored: the studio document, validated, with every weekly series
 * expanded into dated occurrences and every local time resolved to an instant in the studio's zone.
 * Import writes it whole; bookings live beside it and are never part of it.
 */

export type LocaleText = Record<string, string>;

export interface StudioRecord {
  id: string;
  name: string;
  country: string;
  address: string | null;
  unit: string | null;
  businessHours: string | null;
  description: LocaleText;
  logo: string | null;
  phone: string | null;
  defaultCurrency: string;
  website: string | null;
  yearEstablished: number | null;
  timezone: string;
  whatsappEnabled: boolean | null;
  whatsappPhone: string | null;
  /** ordered; the first is the studio's default */
  locales: string[];
  policies: StudioPolicies;
  /** where the studio is told of bookings and cancellations; never shown by the public API */
  notificationEmail: string | null;
}

/** What happens after a booking (booking-lifecycle.md). */
export interface StudioPolicies {
  /** a booking can be cancelled online until this long before its start; the waitlist promotes until then too */
  cancellationCutoffMinutes: number;
  /** full classes with a capacity offer a waitlist */
  waitlist: boolean;
  /** the reminder is due this long before the start; 0: no reminder */
  reminderMinutes: number;
  termsUrl: string | null;
  privacyUrl: string | null;
}

/** booking-lifecycle.md's defaults: cancel online until 2 hours before, a waitlist, a reminder 24 hours before. */
export const DEFAULT_POLICIES: StudioPolicies = {
  cancellationCutoffMinutes: 120,
  waitlist: true,
  reminderMinutes: 24 * 60,
  termsUrl: null,
  privacyUrl: null,
};

export interface DanceTypeRecord {
  name: string;
  description: LocaleText;
  image: string | null;
  isVisibleOnWeb: boolean;
}

export interface PersonRecord {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
  bio: LocaleText;
  occupation: string | null;
  yearsOfExperience: number | null;
  danceSpecialities: string[];
  publicProfile: boolean;
  roles: string[];
}

/** One dated class or event. An event is an occurrence whose danceType is null. */
export interface OccurrenceRecord {
  id: string;
  /** the studio document entry it came from (a series id, or the occurrence's own id) */
  entryId: string;
  name: string;
  danceType: string | null;
  level: string;
  room: string | null;
  startsAt: number;
  endsAt: number;
  /** studio-local date, time and weekday of the start */
  localDate: string;
  dayOfWeek: string;
  startTime: string;
  endTime: string;
  price: number | null;
  capacity: number | null;
  allowPackages: boolean | null;
  description: LocaleText | null;
  instructorId: string | null;
  cancelled: boolean;
}

export interface PackageRecord {
  id: string;
  name: string;
  description: LocaleText | null;
  price: number;
  currency: string;
  classCount: number | null;
  validityDays: number | null;
  danceTypes: string[];
  isVisibleOnWeb: boolean;
}

export interface AvailabilityRecord {
  id: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  active: boolean;
}

export interface PricingRecord {
  id: string;
  durationMins: number;
  price: number;
  currency: string;
  active: boolean;
}

export interface PrivateLessonOfferRecord {
  personId: string;
  availability: AvailabilityRecord[];
  pricing: PricingRecord[];
}

export interface QuestionOptionRecord {
  value: string;
  label: LocaleText;
}

export interface QuestionRecord {
  id: string;
  label: LocaleText;
  type: 'FREEFORM' | 'DROPDOWN';
  options: QuestionOptionRecord[] | null;
  required: boolean;
  active: boolean;
}

export interface Catalog {
  studio: StudioRecord;
  /** every list below is in the order of the studio document */
  danceTypes: DanceTypeRecord[];
  people: PersonRecord[];
  occurrences: OccurrenceRecord[];
  packages: PackageRecord[];
  privateLessonOffers: PrivateLessonOfferRecord[];
  questions: QuestionRecord[];
  /** where each class entry id sits in the document's `classes`, for reporting problems by path */
  occurrenceEntryIndex?: Map<string, number>;
}
