import type { Catalog } from '../catalog';
import { documentSizeProblem, weekLimitProblems } from './limits';
import { StudioDocumentError } from './problems';
import { toCatalog } from './to-catalog';
import { validateStudioDocument } from './validate';

/** Where an imported catalog is written: the data layer replaces the studio's catalog atomically. */
export interface CatalogStore {
  replaceCatalog(catalog: Catalog, nowMs: number): Promise<{ created: boolean; version: number }>;
}

export interface ImportSummary {
  studioId: string;
  created: boolean;
  version: number;
  counts: { danceTypes: number; people: number; occurrences: number; packages: number; privateLessonInstructors: number; questions: number };
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
  const { created, version } = await store.replaceCatalog(catalog, nowMs);
  return {
    studioId: catalog.studio.id,
    created,
    version,
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
