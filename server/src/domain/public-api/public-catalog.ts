import { InvalidInputError, NotFoundError } from '../errors';
import { parseFromParameter, type FromParameter } from '../time/from-parameter';
import { classWindow, eventWindow } from '../time/windows';
import type { PublicCatalogReader, StudioProfileView, WhatToList } from './reader';

/**
 * The use-cases behind the nine public endpoints: find the studio, apply the contract's rules
 * (windows, visibility, listing conditions), and hand back records: the studio's records, or for
 * the listings what to list (the HTTP side reads and renders it, http/listing/).
 */
export function createPublicCatalog(reader: PublicCatalogReader, now: () => number = Date.now) {
  async function requireStudio(studioId: string): Promise<StudioProfileView> {
    const studio = isWellFormedId(studioId) ? await reader.findStudio(studioId) : null;
    if (!studio) throw new NotFoundError('studio_not_found', `No studio has the id "${truncate(studioId)}".`);
    return studio;
  }

  function requireFrom(raw: unknown): FromParameter {
    const from = parseFromParameter(raw);
    if (!from) {
      throw new InvalidInputError(
        'invalid_from',
        'from must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:mm, :ss or :ss.sss), optionally followed by Z or ±HH:mm.',
      );
    }
    return from;
  }

  return {
    requireStudio,

    async profile(studioId: string): Promise<StudioProfileView> {
      return requireStudio(studioId);
    },

    async instructors(studioId: string) {
      await requireStudio(studioId);
      return reader.listInstructors(studioId);
    },

    async userProfile(userId: string) {
      const person = isWellFormedId(userId) ? await reader.findPerson(userId) : null;
      if (!person || !person.publicProfile) throw new NotFoundError('user_not_found', `No public user profile has the id "${truncate(userId)}".`);
      return person;
    },

    async classes(studioId: string, rawFrom: unknown, typeName?: string): Promise<WhatToList> {
      const from = requireFrom(rawFrom);
      const studio = await requireStudio(studioId);
      let types = studio.danceTypes;
      if (typeName !== undefined) {
        types = types.filter((candidate) => candidate.name.toLowerCase() === typeName.toLowerCase());
        if (types.length === 0) throw new NotFoundError('dance_type_not_found', `The studio has no dance type named "${truncate(typeName)}".`);
      }
      // Only visible types are listed: a type that exists but is hidden from the web lists nothing.
      const danceTypeKeys = types.filter((type) => type.isVisibleOnWeb).map((type) => type.name.toLowerCase());
      const completion = { policy: studio.policies, nowMs: now() };
      const window = classWindow(from, studio.timezone, completion.nowMs);
      if (!window || danceTypeKeys.length === 0) return { kind: 'nothing', completion };
      return { kind: 'classes', studioId, window, danceTypeKeys, everyVisibleType: typeName === undefined, completion };
    },

    async events(studioId: string, rawFrom: unknown): Promise<WhatToList> {
      const from = requireFrom(rawFrom);
      const studio = await requireStudio(studioId);
      const completion = { policy: studio.policies, nowMs: now() };
      const window = eventWindow(from, studio.timezone, completion.nowMs);
      return window ? { kind: 'events', studioId, window, completion } : { kind: 'nothing', completion };
    },

    async packages(studioId: string) {
      await requireStudio(studioId);
      return reader.listVisiblePackages(studioId);
    },

    /** Only instructors with at least one active availability window and one active pricing entry are listed. */
    async privateLessonInstructors(studioId: string) {
      await requireStudio(studioId);
      const offers = await reader.listPrivateLessonOffers(studioId);
      return offers.filter((offer) => offer.availability.length > 0 && offer.pricing.length > 0);
    },

    async privateLessonQuestions(studioId: string) {
      await requireStudio(studioId);
      return reader.listActiveQuestions(studioId);
    },
  };
}

export type PublicCatalog = ReturnType<typeof createPublicCatalog>;

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Ids that cannot exist are answered without asking the database. */
export function isWellFormedId(id: string): boolean {
  return ID_PATTERN.test(id);
}

function truncate(value: string): string {
  return value.length > 80 ? `${value.slice(0, 80)}…` : value;
}
