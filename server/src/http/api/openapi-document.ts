import fs from 'node:fs';
import path from 'node:path';

/**
 * The contract: the OpenAPI document the API serves and the tests check against, written once in
 * `contract/` at the repository root (see its README). Read through here only. Read from disk rather
 * than imported: the compiled server (`server/dist/http/api`) sits as deep as its source
 * (`server/src/http/api`), so the same relative path finds the one file in both, and the build
 * needs no copy that could go stale.
 */
const CONTRACT_DIR = path.resolve(__dirname, '../../../../contract');

export const openApiDocument: object = JSON.parse(fs.readFileSync(path.join(CONTRACT_DIR, 'openapi.json'), 'utf8'));

/** The studio API's own document (`contract/studio-openapi.json`), served at /api/studio/openapi.json. */
export const studioOpenApiDocument: object = JSON.parse(fs.readFileSync(path.join(CONTRACT_DIR, 'studio-openapi.json'), 'utf8'));
