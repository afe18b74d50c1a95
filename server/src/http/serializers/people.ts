import type { PersonRecord } from '../../domain/catalog';

/** An instructor of the instructors list; `bio` is a JSON-encoded locale map. */
export function serializeInstructor(person: PersonRecord) {
  return { id: person.id, name: person.name, lastname: person.lastname, image: person.image, bio: JSON.stringify(person.bio) };
}

export function serializeUserProfile(person: PersonRecord) {
  return {
    ...serializeInstructor(person),
    occupation: person.occupation,
    yearsOfExperience: person.yearsOfExperience,
    danceSpecialities: person.danceSpecialities,
  };
}
