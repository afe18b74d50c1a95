import type { DanceTypeRecord, LocaleText, OccurrenceRecord, PackageRecord, PersonRecord, QuestionRecord, StudioRecord } from '../catalog';
import type { DateWindow, InstantWindow } from '../time/windows';

/** What the public API reads; implemented by the data layer. Lists come in the contract's order. */
export interface PublicCatalogReader {
  findStudio(studioId: string): Promise<StudioProfileView | null>;
  listInstructors(studioId: string): Promise<PersonRecord[]>;
  findPerson(personId: string): Promise<PersonRecord | null>;
  /** classes of visible dance types (or of the one type given, by key), not cancelled, ordered by start, name, id */
  listClasses(studioId: string, window: InstantWindow, danceTypeKey?: string): Promise<OccurrenceView[]>;
  /** events (no dance type), not cancelled, by studio-local date, ordered by start, name, id */
  listEvents(studioId: string, window: DateWindow): Promise<OccurrenceView[]>;
  listVisiblePackages(studioId: string): Promise<PackageRecord[]>;
  /** offers with their active windows and pricing only (possibly empty lists), in the studio's order */
  listPrivateLessonOffers(studioId: string): Promise<PrivateLessonOfferView[]>;
  listActiveQuestions(studioId: string): Promise<QuestionRecord[]>;
}

export interface StudioProfileView extends StudioRecord {
  danceTypes: DanceTypeRecord[];
}

export interface PersonSummary {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
}

export interface OccurrenceView extends Omit<OccurrenceRecord, 'entryId' | 'instructorId' | 'cancelled'> {
  /** the person teaching (class) or hosting (event) */
  instructor: PersonSummary | null;
  confirmedBookings: number;
}

export interface PrivateLessonOfferView {
  person: PersonRecord;
  availability: { id: string; dayOfWeek: number; startTime: string; endTime: string }[];
  pricing: { id: string; durationMins: number; price: number; currency: string }[];
}

export type { LocaleText };
