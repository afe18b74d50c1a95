/** One thing wrong with a studio document, at a path such as `classes[3].startTime`. */
export interface DocumentProblem {
  path: string;
  message: string;
}

export function formatPath(segments: ReadonlyArray<PropertyKey>): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? String(segment) : `.${String(segment)}`;
  }
  return path === '' ? '(document)' : path;
}

export class StudioDocumentError extends Error {
  constructor(readonly problems: DocumentProblem[]) {
    super(`The studio document has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
    this.name = 'StudioDocumentError';
  }
}
