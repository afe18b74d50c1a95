/**
 * What the client hands back: the wire contract (`public-api.md` with `decisions.md`), with the
 * JSON-encoded locale strings decoded into maps and dates as `Date`s. Field names and nullability
 * are the wire's, so the OpenAPI document of the server describes these shapes too.
 */

/** A map from locale code (`en`, `es-MX`) to text in that locale. */
export type LocaleText = Readonly<Record<string, string>>;

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface StudioType {
  name: string;
  /** decoded from the JSON-encoded string of the wire */
  description: LocaleText;
  image: string | null;
  isVisibleOnWeb: boolean;
}

export interface StudioProfile {
  id: string;
  name: string;
  country: string;
  address: string | null;
  unit: string | null;
  businessHours: string | null;
  /** decoded from the JSON-encoded string of the wire */
  description: LocaleText;
  logo: string | null;
  phone: string | null;
  defaultCurrency: string;
  website: string | null;
  yearEstablished: number | null;
  /** IANA time zone: `dayOfWeek`, `startTime` and `endTime` of classes and events are local to it */
  timezone: string;
  whatsappEnabled: boolean | null;
  whatsappPhone: string | null;
  studioTypes: StudioType[];
}

export interface Instructor {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
  /** decoded from the JSON-encoded string of the wire */
  bio: LocaleText;
}

export interface UserProfile {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
  /** decoded from the JSON-encoded string of the wire */
  bio: LocaleText;
  occupation: string | null;
  yearsOfExperience: number | null;
  danceSpecialities: string[];
}

/** The person teaching a class or hosting an event. */
export interface PersonSummary {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
}

interface ScheduledItem {
  id: string;
  name: string;
  /** studio-local weekday */
  dayOfWeek: Weekday;
  /** studio-local `HH:MM` */
  startTime: string;
  /** studio-local `HH:MM` */
  endTime: string;
  level: string;
  room: string | null;
  price: number | null;
  capacity: number | null;
  allowPackages: boolean | null;
  description: LocaleText | null;
  /** capacity minus confirmed bookings, never below 0; `null` without a capacity */
  spotsLeft: number | null;
  /** full, and its waitlist takes names now (until the studio's cancellation cutoff); `null` without a capacity */
  waitlistOpen: boolean | null;
}

export interface StudioClass extends ScheduledItem {
  /** the start instant (the wire's `YYYY-MM-DDTHH:mm:ss.sssZ`) */
  date: Date;
  instructor: PersonSummary | null;
  danceType: string;
}

export interface StudioEvent extends ScheduledItem {
  /** the studio-local date (the wire's `YYYY-MM-DD`) at midnight UTC, as the contract says client libraries read it */
  date: Date;
  host: PersonSummary | null;
  danceType: null;
}

export interface StudioPackage {
  id: string;
  name: string;
  description: LocaleText | null;
  price: number;
  currency: string;
  /** classes included; `null` = unlimited */
  classCount: number | null;
  /** days valid after purchase; `null` = no expiry */
  validityDays: number | null;
  /** dance type names it is valid for; `[]` = all */
  danceTypes: string[];
}

export interface AvailabilityWindow {
  id: string;
  /** 0 = Sunday … 6 = Saturday, studio-local */
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export interface PricingEntry {
  id: string;
  durationMins: number;
  price: number;
  currency: string;
}

export interface PrivateLessonInstructor {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
  /** decoded from the JSON-encoded string of the wire */
  bio: LocaleText;
  availability: AvailabilityWindow[];
  pricing: PricingEntry[];
}

export interface QuestionOption {
  value: string;
  label: LocaleText;
}

export interface PrivateLessonQuestion {
  id: string;
  label: LocaleText;
  type: 'FREEFORM' | 'DROPDOWN';
  options: QuestionOption[] | null;
  required: boolean;
}

/** The `code` of the server's problem details (`decisions.md`, Errors). */
export type ProblemCode =
  | 'invalid_from'
  | 'studio_not_found'
  | 'user_not_found'
  | 'dance_type_not_found'
  | 'not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'internal_error'
  | 'unavailable';
