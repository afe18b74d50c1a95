import type { Generated } from 'kysely';

/**
 * Row shapes of the tables, as Kysely sees them. Booleans are stored as 0/1 integers (MySQL's
 * TINYINT, SQLite's INTEGER); instants as BIGINT milliseconds since the epoch, in UTC; locale maps
 * and string lists as JSON text; BLOBs as bytes (a Buffer from better-sqlite3 and mysql2, a plain
 * Uint8Array from node:sqlite: read them as Uint8Array).
 */

type Flag = number;

export interface StudiosTable {
  id: string;
  name: string;
  country: string;
  address: string | null;
  unit: string | null;
  business_hours: string | null;
  description: string;
  logo: string | null;
  phone: string | null;
  default_currency: string;
  website: string | null;
  year_established: number | null;
  timezone: string;
  whatsapp_enabled: Flag | null;
  whatsapp_phone: string | null;
  locales: string;
  /** policies (booking-lifecycle.md), in minutes where the studio document says hours */
  cancellation_cutoff_minutes: Generated<number>;
  waitlist_enabled: Generated<Flag>;
  reminder_minutes: Generated<number>;
  terms_url: string | null;
  privacy_url: string | null;
  /** where the studio is told of bookings and cancellations */
  notification_email: string | null;
  /** bumped by every change of the studio's public data (imports, bookings); keys the response cache */
  version: number;
  /** `version` as the last import left it: bookings do not move it; keys the answers that show only the catalog (calendar feeds) */
  catalog_version: number;
  imported_at: number;
}

export interface DanceTypesTable {
  studio_id: string;
  position: number;
  name: string;
  /** lower-case name: `typeName` matches ignoring case on every database */
  name_key: string;
  description: string;
  image: string | null;
  is_visible_on_web: Flag;
}

export interface PeopleTable {
  id: string;
  studio_id: string;
  position: number;
  name: string;
  lastname: string | null;
  image: string | null;
  bio: string;
  occupation: string | null;
  years_of_experience: number | null;
  dance_specialities: string;
  public_profile: Flag;
  roles: string;
  is_instructor: Flag;
}

export interface OccurrencesTable {
  studio_id: string;
  id: string;
  entry_id: string;
  name: string;
  /** null for an event */
  dance_type_key: string | null;
  level: string;
  room: string | null;
  starts_at: number;
  ends_at: number;
  local_date: string;
  day_of_week: string;
  start_time: string;
  end_time: string;
  price: number | null;
  capacity: number | null;
  allow_packages: Flag | null;
  description: string | null;
  instructor_id: string | null;
  cancelled: Flag;
  /** the class's confirmed bookings: kept by the booking store, recounted by imports */
  confirmed_bookings: Generated<number>;
  /** the entry as the API lists it, without its last member (spotsLeft); see listing-json.ts */
  listing_json: Uint8Array | null;
  /** the calendar feeds' SEQUENCE: carried over by id from import to import, raised when what a calendar shows changes */
  calendar_sequence: Generated<number>;
  /** what a calendar showed of it at the last import (domain/calendar/feed-entries.ts's fingerprint) */
  calendar_fingerprint: string | null;
  /** when the import that gave calendar_sequence ran (migration 033); null for rows from before */
  calendar_revised_at: number | null;
}

/** Which rendering the occurrences' `listing_json` holds: one row, or none before the first rendering. */
export interface ListingJsonFormatTable {
  version: number;
}

/** A studio-local date's listed classes, joined (see listing-days.ts). */
export interface ListingDaysTable {
  studio_id: string;
  local_date: string;
  entries: Uint8Array;
  /** when the day stops holding: the first cutoff that closes a waitlist it shows open; null when nothing in it changes with time */
  valid_until: number | null;
}

export interface PackagesTable {
  studio_id: string;
  id: string;
  position: number;
  name: string;
  description: string | null;
  price: number;
  currency: string;
  class_count: number | null;
  validity_days: number | null;
  dance_types: string;
  is_visible_on_web: Flag;
}

export interface PrivateLessonOffersTable {
  studio_id: string;
  person_id: string;
  position: number;
}

export interface AvailabilityWindowsTable {
  studio_id: string;
  id: string;
  person_id: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
  active: Flag;
}

export interface PricingEntriesTable {
  studio_id: string;
  id: string;
  person_id: string;
  duration_mins: number;
  price: number;
  currency: string;
  active: Flag;
}

export interface QuestionsTable {
  studio_id: string;
  id: string;
  position: number;
  label: string;
  type: string;
  options: string | null;
  required: Flag;
  active: Flag;
}

/**
 * Bookings are not part of the catalog: imports never touch them, and they keep the ids of what
 * was booked (no foreign key), so a re-imported catalog finds them again.
 */
export interface BookingsTable {
  id: string;
  studio_id: string;
  kind: string;
  class_id: string | null;
  instructor_id: string | null;
  /** a class booking's teacher, written when an import drops the class (migration 034); null otherwise */
  class_instructor_id: string | null;
  pricing_id: string | null;
  starts_at: number;
  ends_at: number;
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  answers: string | null;
  price: number | null;
  currency: string | null;
  locale: string | null;
  /** since migration 036: the formats locale of the page it was booked on (`en-US`, or the language alone); null before */
  formats_locale: string | null;
  created_at: number;
  /** short code the student quotes to the studio ("SD-7KQ4-M2XP"), unique; null only on rows written by hand */
  reference: string | null;
  /** the secret in the confirmation page's URL (32 random bytes, base64url), unique; null only on rows written by hand */
  access_token: string | null;
  /** one per rendered booking form (a double submit books once), unique */
  idempotency_key: string | null;
  /** lower-cased trimmed email: unique with class_id, so one email holds at most one seat per class (defaults to '') */
  email_key: Generated<string>;
  /** what was booked, as named when it was booked (defaults to '') */
  title: Generated<string>;
  room: string | null;
  cancelled_at: number | null;
  /** 'student', 'studio' or 'class_cancelled' */
  cancelled_by: string | null;
  /** email_key while the booking holds a seat or a place on the waitlist, NULL once cancelled: unique with class_id */
  active_key: string | null;
  /** while waiting: the place in the class's queue (ascending, in the order the database accepted them) */
  waitlist_position: number | null;
  /** the calendar entry's SEQUENCE: raised by each change the student's calendar must follow (a cancellation) */
  calendar_sequence: Generated<number>;
  updated_at: Generated<number>;
  /** 1: an event's booking (a class entry without a dance type), as it was when booked */
  is_event: Generated<Flag>;
  /** what the studio finds the booking by: names, email and reference symbols, folded (domain/studio-api/booking-search.ts); '' on rows written by hand */
  search_text: Generated<string>;
}

export interface OutboxTable {
  /** the message's stable id: the same across retries, so a receiver can drop a repeat */
  id: string;
  studio_id: string;
  booking_id: string | null;
  /** 'email' or 'webhook' */
  channel: string;
  /** 'student' or 'studio' */
  audience: string;
  /** what happened: 'confirmed', 'cancelled', 'waitlist_joined', 'waitlist_left', 'promoted', 'reminder' */
  event: string;
  /** JSON: what the message needs beyond the booking (e.g. who cancelled) */
  payload: string | null;
  /** when the message is owed (a reminder's is ahead of time) */
  due_at: number;
  /** when a worker may take it: due_at, then the next retry, or the end of a worker's claim */
  available_at: number;
  attempts: Generated<number>;
  /** the claim of the worker delivering it; a late worker whose claim was taken over writes nothing */
  claim_token: string | null;
  /** 'pending', 'sent', 'failed' (given up), 'dropped' (no longer owed: a reminder of a cancelled booking) */
  status: string;
  last_error: string | null;
  created_at: number;
  done_at: number | null;
  /** channel 'webhook': the studio's webhook it is posted to */
  webhook_id: Generated<string | null>;
  /** channel 'webhook': the status code of the last answer (null: none came, or not tried yet) */
  response_status: Generated<number | null>;
  /** channel 'webhook': when it was last tried */
  attempted_at: Generated<number | null>;
}

/** A studio's key to the studio API: only its SHA-256 is kept. */
export interface StudioKeysTable {
  id: string;
  studio_id: string;
  label: string | null;
  /** hex SHA-256 of the whole key */
  key_hash: string;
  /** the key's first characters, to tell keys apart in a list ("sdk_Ab3x") */
  key_hint: string;
  created_at: number;
  /** written at most once a minute per key and process */
  last_used_at: number | null;
  revoked_at: number | null;
}

/** Where a studio wants its booking changes posted (Standard Webhooks). */
export interface WebhooksTable {
  id: string;
  studio_id: string;
  url: string;
  /** JSON list of event types */
  events: string;
  /** `whsec_` + base64: signs every call */
  secret: string;
  created_at: number;
}

export interface Database {
  studios: StudiosTable;
  dance_types: DanceTypesTable;
  people: PeopleTable;
  occurrences: OccurrencesTable;
  listing_days: ListingDaysTable;
  packages: PackagesTable;
  private_lesson_offers: PrivateLessonOffersTable;
  availability_windows: AvailabilityWindowsTable;
  pricing_entries: PricingEntriesTable;
  questions: QuestionsTable;
  bookings: BookingsTable;
  outbox: OutboxTable;
  studio_keys: StudioKeysTable;
  webhooks: WebhooksTable;
  listing_json_format: ListingJsonFormatTable;
}
