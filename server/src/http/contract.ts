import fs from 'node:fs';
import path from 'node:path';

/**
 * The public API's contract, written once in `contract/` at the repository root (see its README).
 * Read from disk rather than imported: the compiled server (`server/dist/http`) sits as deep as its
 * source (`server/src/http`), so the same relative path finds the one file in both, and the build
 * needs no copy that could go stale.
 */
const CONTRACT_DIR = path.resolve(__dirname, '../../../contract');

/** The OpenAPI 3.1 document, served as it is at `/api/public/openapi.json`. */
export const openApiDocument: object = JSON.parse(fs.readFileSync(path.join(CONTRACT_DIR, 'openapi.json'), 'utf8'));
