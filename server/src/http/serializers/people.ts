import type { PersonRecord } from '../../domain/catalog';

/** A person as a private lesson offer names them; `bio` is a JSON-encoded locale map. */
export function serializeInstructor(person: PersonRecord) {
  return { id: person.id, name: person.name, lastname: person.lastname, image: person.image, bio: JSON.stringify(person.bio) };
}

/**
 * A member of the instructors list: the person, and what their public profile says of them
 * (occupation, experience, dances), which a team page shows on each card. A person whose profile is
 * not public is still on the team, but those facts stay with the profile.
 */
export function serializeTeamMember(person: PersonRecord) {
  return {
    ...serializeInstructor(person),
    occupation: person.publicProfile ? person.occupation : null,
    yearsOfExperience: person.publicProfile ? person.yearsOfExperience : null,
    danceSpecialities: person.publicProfile ? person.danceSpecialities : [],
  };
}

export function serializeUserProfile(person: PersonRecord) {
  return {
    ...serializeInstructor(person),
    occupation: person.occupation,
    yearsOfExperience: person.yearsOfExperience,
    danceSpecialities: person.danceSpecialities,
  };
}
