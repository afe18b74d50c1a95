import { dateAtMidnightUtc } from './dates.js';
import { decodeLocaleText, decodeNullableLocaleText } from './locale-text.js';
import type {
  Instructor,
  PrivateLessonInstructor,
  PrivateLessonQuestion,
  StudioClass,
  StudioEvent,
  StudioPackage,
  StudioProfile,
  UserProfile,
} from './types.js';

/**
 * Wire bodies → the client's types. The bodies are the server's (validated against its OpenAPI
 * document by the tests); decoding only turns locale strings into maps and dates into `Date`s,
 * copying each object so that callers may change what they get without touching the cache.
 */

type Wire = Record<string, unknown>;

function list<T>(body: unknown, decodeItem: (item: Wire) => T): T[] {
  return Array.isArray(body) ? body.map((item) => decodeItem(item as Wire)) : [];
}

function copyArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? value.map((item) => (item && typeof item === 'object' ? { ...item } : item) as T) : [];
}

export function decodeProfile(body: unknown): StudioProfile {
  const wire = body as Wire;
  return {
    ...(wire as unknown as StudioProfile),
    description: decodeLocaleText(wire.description),
    studioTypes: list(wire.studioTypes, (type) => ({ ...(type as unknown as StudioProfile['studioTypes'][number]), description: decodeLocaleText(type.description) })),
  };
}

function decodePerson<T extends { bio: unknown }>(wire: Wire): T {
  return { ...(wire as unknown as T), bio: decodeLocaleText(wire.bio) };
}

export const decodeInstructors = (body: unknown): Instructor[] => list(body, (item) => decodePerson<Instructor>(item));

export function decodeUserProfile(body: unknown): UserProfile {
  const profile = decodePerson<UserProfile>(body as Wire);
  return { ...profile, danceSpecialities: copyArray<string>(profile.danceSpecialities) };
}

function copyPerson(value: unknown) {
  return value && typeof value === 'object' ? { ...value } : null;
}

export const decodeClasses = (body: unknown): StudioClass[] =>
  list(body, (item) => ({
    ...(item as unknown as StudioClass),
    date: new Date(item.date as string),
    description: decodeNullableLocaleText(item.description),
    instructor: copyPerson(item.instructor) as StudioClass['instructor'],
  }));

export const decodeEvents = (body: unknown): StudioEvent[] =>
  list(body, (item) => ({
    ...(item as unknown as StudioEvent),
    date: dateAtMidnightUtc(item.date as string),
    description: decodeNullableLocaleText(item.description),
    host: copyPerson(item.host) as StudioEvent['host'],
  }));

export const decodePackages = (body: unknown): StudioPackage[] =>
  list(body, (item) => ({
    ...(item as unknown as StudioPackage),
    description: decodeNullableLocaleText(item.description),
    danceTypes: copyArray<string>(item.danceTypes),
  }));

export const decodePrivateLessonInstructors = (body: unknown): PrivateLessonInstructor[] =>
  list(body, (item) => ({
    ...decodePerson<PrivateLessonInstructor>(item),
    availability: copyArray(item.availability),
    pricing: copyArray(item.pricing),
  }));

export const decodePrivateLessonQuestions = (body: unknown): PrivateLessonQuestion[] =>
  list(body, (item) => ({
    ...(item as unknown as PrivateLessonQuestion),
    label: decodeLocaleText(item.label),
    options: Array.isArray(item.options) ? item.options.map((option: Wire) => ({ value: option.value as string, label: decodeLocaleText(option.label) })) : null,
  }));
