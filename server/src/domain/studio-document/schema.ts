import { z } from 'zod';
import { DOCUMENT_ID_PATTERN } from '../ids';
import { decimalPlaces } from '../money';
import { FIRST_SCHEDULABLE_YEAR, LAST_SCHEDULABLE_YEAR, isRealDate } from '../time/calendar';
import { isKnownTimeZone } from '../time/zoned-time';
import { WEEKDAY_NAMES } from '../time/weekdays';

/**
 * The studio document (`shared/spec/studio-document.md`): the import format of one studio.
 * This schema checks each value on its own; `validateStudioDocument` adds the checks that
 * look across the document (unique ids, references between entries).
 */

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Generous bounds on a studio's languages and a person's roles, so one document cannot grow them without end. */
export const MAX_LOCALES = 20;
export const MAX_ROLES = 20;

const id = z.string().regex(DOCUMENT_ID_PATTERN, 'expected an id of 1 to 64 characters from A-Z a-z 0-9 _ -');
const time = z.string().regex(TIME_PATTERN, 'expected HH:MM (24-hour)');
const date = z
  .string()
  .regex(DATE_PATTERN, 'expected YYYY-MM-DD')
  .refine(isRealDate, 'not a real calendar date')
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= FIRST_SCHEDULABLE_YEAR && year <= LAST_SCHEDULABLE_YEAR;
  }, `expected a year from ${FIRST_SCHEDULABLE_YEAR} to ${LAST_SCHEDULABLE_YEAR}`);
const text = (max: number) => z.string().max(max, `at most ${max} characters`);

/**
 * The document's own words for what its fields do not say themselves (zod's defaults read
 * "Invalid input: expected string, received undefined"): a missing field is required, a value of
 * another kind names the kind expected, a number out of range its bound. Given to each parse.
 */
export const documentProblemWords: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `expected ${KIND_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return issue.origin === 'number' ? `expected ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}` : undefined;
    case 'too_big':
      return issue.origin === 'number' ? `expected ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}` : undefined;
    default:
      return undefined;
  }
};

const KIND_NAMES: Record<string, string> = { string: 'text', number: 'a number', int: 'an integer', boolean: 'true or false', object: 'an object', array: 'a list', null: 'null' };
// Only web addresses: a `javascript:` or `data:` "website" must never become a link on a page.
const url = text(2048).regex(/^https?:\/\/[^\s]+$/i, 'expected an absolute http(s) URL');
// 35 characters: the length BCP 47 asks every implementation to support.
const localeCode = z
  .string()
  .max(35, 'at most 35 characters')
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'expected a locale code such as "en" or "es-MX"');
/**
 * What one stored text column holds on every database: MySQL's TEXT is 65,535 bytes. A locale map
 * (and the other lists stored as JSON text) must fit as stored, so that whatever this schema accepts
 * imports on MariaDB as on SQLite.
 */
export const MAX_STORED_TEXT_BYTES = 65_535;
const fitsStoredText = (value: unknown) => Buffer.byteLength(JSON.stringify(value)) <= MAX_STORED_TEXT_BYTES;
const storedTextMessage = `at most ${MAX_STORED_TEXT_BYTES.toLocaleString('en')} bytes of text in all (as stored, UTF-8 JSON)`;
const localeMap = z
  .record(localeCode, text(20000))
  .refine((map) => Object.keys(map).length <= MAX_LOCALES, `at most ${MAX_LOCALES} locales`)
  .refine(fitsStoredText, storedTextMessage);
const price = z
  .number()
  .nonnegative('expected a price of 0 or more')
  .max(1e9, 'expected a price below 1,000,000,000')
  // The most any currency has (KWD, BHD: thousandths); each price is held to its own currency's in validate.ts.
  .refine((value) => decimalPlaces(value) <= 3, 'expected at most 3 decimal places');
export const currency = z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code such as "EUR"');

const count = z.number().int('expected an integer').nonnegative().max(1_000_000);

/** Hours before a start, in whole minutes, up to 30 days: a cutoff or a reminder time. */
const hoursBefore = z
  .number()
  .nonnegative('expected 0 or more hours')
  .max(720, 'expected at most 720 hours (30 days)')
  .refine((value) => Number.isInteger(Math.round(value * 60 * 1e6) / 1e6), 'expected whole minutes (a multiple of 1/60 hour)');

/** What happens after a booking (booking-lifecycle.md); every member optional, absent means the documented default. */
const policies = z.strictObject({
  cancellationCutoffHours: hoursBefore.optional(),
  waitlist: z.boolean().optional(),
  reminderHours: hoursBefore.optional(),
  termsUrl: url.optional(),
  privacyUrl: url.optional(),
});

/** Where the studio is told of bookings and cancellations. */
const notifications = z.strictObject({
  email: z.email('expected an email address').max(254, 'at most 254 characters').optional(),
});

const studio = z.strictObject({
  id,
  name: text(200).regex(/\S/, 'must not be empty'),
  country: z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code such as "ES"'),
  address: text(500).nullish(),
  unit: text(200).nullish(),
  businessHours: text(1000).nullish(),
  description: localeMap.nullish(),
  logo: url.nullish(),
  phone: text(50).nullish(),
  defaultCurrency: currency,
  website: url.nullish(),
  yearEstablished: z.number().int('expected an integer').min(1000).max(LAST_SCHEDULABLE_YEAR).nullish(),
  timezone: z.string().refine(isKnownTimeZone, 'expected an IANA time zone name such as "Europe/Madrid"'),
  whatsappEnabled: z.boolean().nullish(),
  whatsappPhone: text(50).nullish(),
  locales: z.array(localeCode).min(1, 'expected at least one locale').max(MAX_LOCALES, `at most ${MAX_LOCALES} locales`).optional(),
  policies: policies.optional(),
  notifications: notifications.optional(),
});

const danceType = z.strictObject({
  name: text(100).regex(/\S/, 'must not be empty'),
  description: localeMap.nullish(),
  image: url.nullish(),
  isVisibleOnWeb: z.boolean().optional(),
});

const person = z.strictObject({
  id,
  name: text(100).regex(/\S/, 'must not be empty'),
  lastname: text(100).nullish(),
  image: url.nullish(),
  bio: localeMap.nullish(),
  occupation: text(200).nullish(),
  yearsOfExperience: z.number().int('expected an integer').nonnegative().max(100).nullish(),
  danceSpecialities: z.array(text(100)).refine(fitsStoredText, storedTextMessage).optional(),
  publicProfile: z.boolean().optional(),
  roles: z
    .array(z.string().regex(/^[A-Z_]{1,32}$/, 'expected an upper-case role such as "INSTRUCTOR"'))
    .max(MAX_ROLES, `at most ${MAX_ROLES} roles`)
    .optional(),
});

const weekly = z
  .strictObject({
    dayOfWeek: z.enum(WEEKDAY_NAMES, { message: `expected one of ${WEEKDAY_NAMES.join(', ')}` }),
    startTime: time,
    endTime: time,
    from: date,
    until: date,
    except: z.array(date).optional(),
  })
  .refine((series) => series.from <= series.until, { message: 'must not be before from', path: ['until'] });

const classEntry = z
  .strictObject({
    id,
    name: text(200).regex(/\S/, 'must not be empty'),
    danceType: text(100).nullable(),
    level: text(100).regex(/\S/, 'must not be empty'),
    room: text(100).nullish(),
    date: date.optional(),
    startTime: time.optional(),
    endTime: time.optional(),
    weekly: weekly.optional(),
    price: price.nullish(),
    capacity: count.nullish(),
    allowPackages: z.boolean().nullish(),
    description: localeMap.nullish(),
    instructorId: id.nullish(),
    cancelled: z.boolean().optional(),
  })
  .superRefine((entry, ctx) => {
    const single = entry.date !== undefined || entry.startTime !== undefined || entry.endTime !== undefined;
    if (entry.weekly && single) {
      ctx.addIssue({ code: 'custom', message: 'give either weekly or date + startTime + endTime, not both', path: ['weekly'] });
    }
    if (!entry.weekly) {
      for (const key of ['date', 'startTime', 'endTime'] as const) {
        if (entry[key] === undefined) ctx.addIssue({ code: 'custom', message: 'required (or give weekly)', path: [key] });
      }
    }
  });

const packageEntry = z.strictObject({
  id,
  name: text(200).regex(/\S/, 'must not be empty'),
  description: localeMap.nullish(),
  price,
  currency,
  classCount: count.nullish(),
  validityDays: count.nullish(),
  danceTypes: z.array(text(100)).refine(fitsStoredText, storedTextMessage).optional(),
  isVisibleOnWeb: z.boolean().optional(),
});

const availability = z
  .strictObject({
    id,
    dayOfWeek: z.number().int('expected an integer').min(0).max(6),
    startTime: time,
    endTime: time,
    active: z.boolean().optional(),
  })
  .refine((window) => window.startTime < window.endTime, { message: 'must be after startTime', path: ['endTime'] });

const pricing = z.strictObject({
  id,
  durationMins: z.number().int('expected an integer').min(5).max(24 * 60),
  price,
  currency,
  active: z.boolean().optional(),
});

const privateLessonInstructor = z.strictObject({
  personId: id,
  availability: z.array(availability),
  pricing: z.array(pricing),
});

const option = z.strictObject({ value: text(100).regex(/\S/, 'must not be empty'), label: localeMap });

const question = z
  .strictObject({
    id,
    label: localeMap,
    type: z.enum(['FREEFORM', 'DROPDOWN'], { message: 'expected FREEFORM or DROPDOWN' }),
    required: z.boolean(),
    options: z.array(option).refine(fitsStoredText, storedTextMessage).nullish(),
    active: z.boolean().optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.type === 'DROPDOWN' && (!entry.options || entry.options.length === 0)) {
      ctx.addIssue({ code: 'custom', message: 'a DROPDOWN question needs at least one option', path: ['options'] });
    }
    if (entry.type === 'FREEFORM' && entry.options && entry.options.length > 0) {
      ctx.addIssue({ code: 'custom', message: 'a FREEFORM question has no options (use null)', path: ['options'] });
    }
  });

export const studioDocumentSchema = z.strictObject({
  studio,
  danceTypes: z.array(danceType).optional(),
  people: z.array(person).optional(),
  classes: z.array(classEntry).optional(),
  packages: z.array(packageEntry).optional(),
  privateLessons: z
    .strictObject({
      instructors: z.array(privateLessonInstructor).optional(),
      questions: z.array(question).optional(),
    })
    .optional(),
});

/** The schemas of the document's list entries, so that each entry can be checked on its own. */
export const entrySchemas = { danceType, person, classEntry, packageEntry, privateLessonInstructor, question };

export type StudioDocument = z.infer<typeof studioDocumentSchema>;
export type ClassEntry = z.infer<typeof classEntry>;
