import { openApiDocument } from './openapi-document';

/**
 * The public API's version: the OpenAPI document's `info.version` (semantic versioning; additive
 * changes only under /api/public/, README "Versioning"). Every API answer names it in
 * `API-Version` (cors.ts writes it with the headers every answer has).
 */
export const API_VERSION: string = (openApiDocument as { info: { version: string } }).info.version;

export const API_VERSION_HEADER = 'API-Version';
