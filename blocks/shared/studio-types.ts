/**
 * The decoded Studio Data answers the plugin's REST proxy (`studio-data/v1`) hands the editor:
 * only the fields the block controls read.
 */
export interface DanceType {
  name: string;
  isVisibleOnWeb: boolean;
}

export interface StudioProfile {
  id: string;
  name: string;
  timezone: string;
  studioTypes: DanceType[];
}

export interface Person {
  id: string;
  name: string;
  lastname: string | null;
}

export interface ScheduledClass {
  id: string;
  name: string;
  dayOfWeek: string;
  startTime: string;
  date: string;
  level: string;
  danceType: string | null;
  instructor: Person | null;
}

export interface StudioEvent {
  id: string;
  name: string;
  date: string;
  startTime: string;
  host: Person | null;
}

export interface StudioPackage {
  id: string;
  name: string;
}

export interface UserProfile extends Person {
  occupation: string | null;
}

/** Every block can read another studio, or in another language, than the plugin settings say. */
export interface StudioSourceAttributes {
  studioId: string;
  locale: string;
}
