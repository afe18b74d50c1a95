import type {
  Instructor,
  LocaleText,
  PrivateLessonInstructor,
  StudioClass,
  StudioEvent,
  StudioProfile,
  UserProfile,
} from '../../src/index.js';

/**
 * The client's results written back in the wire's form (locale maps that travel as JSON-encoded
 * strings re-encoded, dates as the wire writes them), so the OpenAPI schemas of the server can judge
 * that the client's types carry exactly the documented fields with the documented types.
 */

const encode = (map: LocaleText) => JSON.stringify(map);

export const profileToWire = (profile: StudioProfile) => ({
  ...profile,
  description: encode(profile.description),
  studioTypes: profile.studioTypes.map((type) => ({ ...type, description: encode(type.description) })),
});

export const personToWire = <T extends Instructor | UserProfile | PrivateLessonInstructor>(person: T) => ({ ...person, bio: encode(person.bio) });

export const classToWire = (studioClass: StudioClass) => ({ ...studioClass, date: studioClass.date.toISOString() });

export const eventToWire = (event: StudioEvent) => ({ ...event, date: event.date.toISOString().slice(0, 10) });

/** A wire body with its JSON-encoded locale strings parsed, for comparing with a re-encoded result. */
export function parseLocaleStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(parseLocaleStrings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, (key === 'description' || key === 'bio') && typeof item === 'string' ? JSON.parse(item) : parseLocaleStrings(item)]),
    );
  }
  return value;
}
