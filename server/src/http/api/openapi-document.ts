import document from '../openapi.json';

/** The contract: the OpenAPI document the API serves and the tests check against. Imported through here only, so it can live anywhere. */
export const openApiDocument: object = document;
