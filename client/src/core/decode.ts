import { dateAtMidnightUtc } from './dates.js';
import { decodeLocaleText, decodeNullableLocaleText } from './locale-text.js';
import type { StudioResources } from './resources.js';

/**
 * Wire bodies → the client's types. The bodies are the server's (validated against its OpenAPI
 * document by the tests); decoding only turns locale strings into maps and dates into `Date`s,
 * copying each object so that callers may change what they get without touching the cache.
 */

type Wire = Record<string, unknown>;
/** An element of a listing, as the client returns it. */
type Item<Resource extends keyof StudioResources> = StudioResources[Resource] extends (infer Element)[] ? Element : never;

function list<T>(body: unknown, decodeItem: (item: Wire) => T): T[] {
  return Array.isArray(body) ? body.map((item) => decodeItem(item as Wire)) : [];
}

function copyArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? value.map((item) => (item && typeof item === 'object' ? { ...item } : item) as T) : [];
}

function decodePerson<T extends { bio: unknown }>(wire: Wire): T {
  return { ...(wire as unknown as T), bio: decodeLocaleText(wire.bio) };
}

function copyPerson(value: unknown) {
  return value && typeof value === 'object' ? { ...value } : null;
}

/** What each endpoint answers on the wire: one object, or a list of objects. */
export const answerShapes: { [Resource in keyof StudioResources]: 'object' | 'list' } = {
  profile: 'object',
  instructors: 'list',
  userProfile: 'object',
  classes: 'list',
  events: 'list',
  classById: 'object',
  privateLessonSlots: 'list',
  packages: 'list',
  privateLessonInstructors: 'list',
  privateLessonQuestions: 'list',
};

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a body has the shape its endpoint answers: an object, or a list of objects. */
export function hasAnswerShape(body: unknown, shape: 'object' | 'list'): boolean {
  return shape === 'object' ? isObject(body) : Array.isArray(body) && body.every(isObject);
}

/** Each endpoint's decoder, by the name of the client's method. */
export const decoders: { [Resource in keyof StudioResources]: (body: unknown) => StudioResources[Resource] } = {
  profile(body) {
    const wire = body as Wire & StudioResources['profile'];
    return {
      ...wire,
      description: decodeLocaleText(wire.description),
      locales: copyArray<string>(wire.locales),
      studioTypes: list(wire.studioTypes, (type) => ({ ...(type as unknown as (typeof wire.studioTypes)[number]), description: decodeLocaleText(type.description) })),
    };
  },

  instructors: (body) => list(body, (item) => decodePerson<Item<'instructors'>>(item)),

  userProfile(body) {
    const profile = decodePerson<StudioResources['userProfile']>(body as Wire);
    return { ...profile, danceSpecialities: copyArray<string>(profile.danceSpecialities) };
  },

  classes: (body) => list(body, decodeClass),

  events: (body) => list(body, decodeEvent),

  // An event is a class without a dance type: its date is a local date, and it has a host.
  classById: (body) => ((body as Wire).danceType === null ? decodeEvent(body as Wire) : decodeClass(body as Wire)),

  privateLessonSlots: (body) =>
    list(body, (item) => ({ ...(item as unknown as Item<'privateLessonSlots'>), start: new Date(item.start as string), end: new Date(item.end as string) })),

  packages: (body) =>
    list(body, (item) => ({
      ...(item as unknown as Item<'packages'>),
      description: decodeNullableLocaleText(item.description),
      danceTypes: copyArray<string>(item.danceTypes),
    })),

  privateLessonInstructors: (body) =>
    list(body, (item) => ({
      ...decodePerson<Item<'privateLessonInstructors'>>(item),
      availability: copyArray(item.availability),
      pricing: copyArray(item.pricing),
    })),

  privateLessonQuestions: (body) =>
    list(body, (item) => ({
      ...(item as unknown as Item<'privateLessonQuestions'>),
      label: decodeLocaleText(item.label),
      options: Array.isArray(item.options) ? item.options.map((option: Wire) => ({ value: option.value as string, label: decodeLocaleText(option.label) })) : null,
    })),
};

function decodeClass(item: Wire): Item<'classes'> {
  return {
    ...(item as unknown as Item<'classes'>),
    date: new Date(item.date as string),
    description: decodeNullableLocaleText(item.description),
    instructor: copyPerson(item.instructor) as Item<'classes'>['instructor'],
  };
}

function decodeEvent(item: Wire): Item<'events'> {
  return {
    ...(item as unknown as Item<'events'>),
    date: dateAtMidnightUtc(item.date as string),
    description: decodeNullableLocaleText(item.description),
    host: copyPerson(item.host) as Item<'events'>['host'],
  };
}
