import type { components } from './wire.generated.js';

/**
 * What the client hands back: the wire's types, generated from the contract (contract/openapi.json,
 * by `scripts/wire-types.mjs` into `wire.generated.ts` before each typecheck and build), with the
 * locale strings decoded into maps and dates as `Date`s. Every other field, its name, optionality,
 * nullability and documentation are the wire's, so a change of the contract reaches these types
 * without anyone copying it here.
 */

type Wire = components['schemas'];

/** A map from locale code (`en`, `es-MX`) to text in that locale. */
export type LocaleText = Readonly<Record<string, string>>;

/** `Decoded` when the wire's `Field` is never null, else `Decoded | null`. */
type KeepingNull<Decoded, Field> = null extends Field ? Decoded | null : Decoded;

/**
 * The wire object `WireObject` as the client returns it: the fields named in `Texts` (a JSON-encoded
 * string or a map on the wire) as read-only locale maps, those named in `Dates` as `Date`s.
 */
type Decoded<WireObject, Texts extends keyof WireObject, Dates extends keyof WireObject = never> = {
  [Field in keyof WireObject]: Field extends Texts
    ? KeepingNull<LocaleText, WireObject[Field]>
    : Field extends Dates
      ? KeepingNull<Date, WireObject[Field]>
      : WireObject[Field];
};

export type Weekday = Wire['Weekday'];

/** The `code` of the server's problem details (`decisions.md`, Errors). */
export type ProblemCode = Wire['Problem']['code'];

export type StudioType = Decoded<Wire['StudioType'], 'description'>;

export interface StudioProfile extends Omit<Decoded<Wire['StudioProfile'], 'description'>, 'studioTypes'> {
  studioTypes: StudioType[];
}

export type Instructor = Decoded<Wire['Instructor'], 'bio'>;

export type UserProfile = Decoded<Wire['UserProfile'], 'bio'>;

/** The person teaching a class or hosting an event. */
export type PersonSummary = Decoded<Wire['PersonSummary'], never>;

/** `date` is the start instant (the wire's `YYYY-MM-DDTHH:mm:ss.sssZ`). */
export type StudioClass = Decoded<Wire['Class'], 'description', 'date'>;

/** `date` is the studio-local date (the wire's `YYYY-MM-DD`) at midnight UTC, as the contract says client libraries read it. */
export type StudioEvent = Decoded<Wire['Event'], 'description', 'date'>;

export type StudioPackage = Decoded<Wire['Package'], 'description'>;

export type AvailabilityWindow = Decoded<Wire['AvailabilityWindow'], never>;

export type PricingEntry = Decoded<Wire['PricingEntry'], never>;

export type PrivateLessonInstructor = Decoded<Wire['PrivateLessonInstructor'], 'bio'>;

export type QuestionOption = Decoded<Wire['QuestionOption'], 'label'>;

/** A free private lesson time: `start` and `end` are instants (`Date`s), `date`, `startTime` and `endTime` the studio's wall clock. */
export type PrivateLessonSlot = Decoded<Wire['PrivateLessonSlot'], never, 'start' | 'end'>;

/**
 * A listing of a 7-day window (classes, events, free private lesson times): the entries, and the
 * `from` of the windows before and after it, as the server's `Link` header names them (studio
 * wall-clock time; pass one back as `from`). Absent for a window outside the years a schedule may use.
 */
export type WindowListing<Entry> = Entry[] & { readonly previous?: string; readonly next?: string };

export interface PrivateLessonQuestion extends Omit<Decoded<Wire['PrivateLessonQuestion'], 'label'>, 'options'> {
  options: QuestionOption[] | null;
}
