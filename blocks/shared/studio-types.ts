import type { components } from '../../client/src/core/wire.generated';

/**
 * The Studio Data answers the plugin's REST proxy (`studio-data/v1`) hands the editor: the wire's
 * types, generated from the contract (contract/openapi.json) into the client's
 * `wire.generated.ts` by `npm run typecheck` (`npm run generate:contract`), cut down to the fields
 * the block controls read. The proxy decodes the locale strings into maps, and no control reads
 * one, so every field here is as the wire has it: a change of the contract that touches one fails
 * `npm run typecheck` here, with no copy to keep in step.
 */
type Wire = components['schemas'];

export type DanceType = Pick<Wire['StudioType'], 'name' | 'isVisibleOnWeb'>;

export interface StudioProfile extends Pick<Wire['StudioProfile'], 'id' | 'name' | 'timezone'> {
  studioTypes: DanceType[];
}

/** An instructor, or the person teaching a class or hosting an event. */
export type Person = Pick<Wire['PersonSummary'], 'id' | 'name' | 'lastname'>;

export interface ScheduledClass extends Pick<Wire['Class'], 'id' | 'seriesId' | 'name' | 'dayOfWeek' | 'startTime' | 'date' | 'level' | 'danceType'> {
  instructor: Person | null;
}

export interface StudioEvent extends Pick<Wire['Event'], 'id' | 'seriesId' | 'name' | 'dayOfWeek' | 'date' | 'startTime'> {
  host: Person | null;
}

export type StudioPackage = Pick<Wire['Package'], 'id' | 'name'>;

/** Every block can read another studio, or in another language, than the plugin settings say. */
export interface StudioSourceAttributes {
  studioId: string;
  locale: string;
}
