import type { Catalog } from '../catalog';
import { documentSizeProblem, weekLimitProblems } from './limits';
import { StudioDocumentError } from './problems';
import { toCatalog } from './to-catalog';
import { validateStudioDocument } from './validate';

/**
 * What an import did to the studio's bookings (booking-lifecycle.md), told to whoever imported: a
 * renamed class id or a holiday cancels seats, and the studio should know how many before a student
 * calls. Every student concerned is emailed; the private lessons are only counted.
 */
export interface BookingsSettled {
  /** seats of classes or events to come that the studio cancelled or no longer lists: cancelled */
  cancelled: number;
  /** places on those classes' waitlists: ended */
  waitlistPlacesEnded: number;
  /** seats and waitlist places that followed their class to another time (or the studio's new zone) */
  moved: number;
  /** students given a seat from a waitlist, where a class has more room than before */
  promoted: number;
  /** confirmed private lessons to come with an instructor the document no longer offers private lessons with: kept as booked */
  privateLessonsWithoutOffer: number;
  /** confirmed private lessons to come at the same time as a class or event their instructor now teaches or hosts: kept as booked */
  privateLessonsDuringClasses: number;
}

/** Where an imported catalog is written: the data layer replaces the studio's catalog atomically. */
export interface CatalogStore {
  replaceCatalog(catalog: Catalog, nowMs: number): Promise<{ created: boolean; version: number; bookings: BookingsSettled }>;
}

export interface ImportSummary {
  studioId: string;
  created: boolean;
  version: number;
  counts: { danceTypes: number; people: number; occurrences: number; packages: number; privateLessonInstructors: number; questions: number };
  bookings: BookingsSettled;
}

export interface ImportOptions {
  /** the studio the document must be of (the studio API's path names it): another one is a problem too */
  studioId?: string;
}

/** Validates the whole document first (every problem, with its path); writes only a document without problems. */
export async function importStudioDocument(store: CatalogStore, input: unknown, nowMs: number = Date.now(), options: ImportOptions = {}): Promise<ImportSummary> {
  const result = validateStudioDocument(input);
  const documentStudioId = (input as { studio?: { id?: unknown } } | null)?.studio?.id;
  const otherStudio =
    options.studioId !== undefined && typeof documentStudioId === 'string' && documentStudioId !== options.studioId
      ? [{ path: 'studio.id', message: `must be "${options.studioId}": a studio pushes its own document only` }]
      : [];
  if (!result.ok || otherStudio.length > 0) throw new StudioDocumentError([...(result.ok ? [] : result.problems), ...otherStudio]);
  const catalog = toCatalog(result.document);
  const overLimits = weekLimitProblems(catalog);
  if (overLimits.length > 0) throw new StudioDocumentError(overLimits);
  const { created, version, bookings } = await store.replaceCatalog(catalog, nowMs);
  return {
    studioId: catalog.studio.id,
    created,
    version,
    bookings,
    counts: {
      danceTypes: catalog.danceTypes.length,
      people: catalog.people.length,
      occurrences: catalog.occurrences.length,
      packages: catalog.packages.length,
      privateLessonInstructors: catalog.privateLessonOffers.length,
      questions: catalog.questions.length,
    },
  };
}

/**
 * Reads a document's JSON text, reporting a syntax error as a document problem. A UTF-8 byte-order
 * mark (which Windows editors write) is not part of the JSON: it is skipped. A document over the
 * size limit is refused before it is parsed.
 */
export function parseStudioDocumentText(text: string): unknown {
  const tooLarge = documentSizeProblem(Buffer.byteLength(text));
  if (tooLarge) throw new StudioDocumentError([tooLarge]);
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new StudioDocumentError([{ path: '(document)', message: `not valid JSON: ${(error as Error).message}` }]);
  }
}
