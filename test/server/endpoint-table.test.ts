import { ENDPOINTS } from '../../server/src/http/api/endpoint-table';
import { openApiDocument } from '../support/openapi';

/**
 * The endpoint table (http/api/endpoint-table.ts) is what the server answers; the OpenAPI document
 * is what it promises. Adding an endpoint to one and not the other fails here.
 */

interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
}

const documented = Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => method === 'get')
    .map(([, operation]) => {
      const { operationId, parameters = [] } = operation as { operationId: string; parameters?: Parameter[] };
      // Parameters are declared on the path or on its operation.
      const query = [...((item.parameters as Parameter[] | undefined) ?? []), ...parameters]
        .map((parameter) => resolve(parameter))
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      return { operationId, path, query };
    }),
);

function resolve(parameter: Parameter): Parameter {
  if (parameter.$ref === undefined) return parameter;
  const found = parameter.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], openApiDocument);
  return resolve(found as Parameter);
}

describe('the endpoint table and the OpenAPI document', () => {
  it('When the document lists an operation, then the table has an endpoint of that id, path and query, and the other way round', () => {
    const served = ENDPOINTS.map((endpoint) => ({ operationId: endpoint.operationId, path: endpoint.path, query: [...endpoint.query] }));
    const byId = (a: { operationId: string }, b: { operationId: string }) => a.operationId.localeCompare(b.operationId);
    expect(served.sort(byId)).toEqual(documented.sort(byId));
  });

  it('When the document documents only GET, then the table serves nothing else (HEAD and OPTIONS are the handler\'s)', () => {
    const methods = new Set(Object.values(openApiDocument.paths).flatMap((item) => Object.keys(item).filter((key) => !['parameters', 'summary', 'description', 'servers'].includes(key))));
    expect([...methods]).toEqual(['get']);
  });

  it('When endpoints are listed, then each operation id and path is declared once', () => {
    expect(new Set(ENDPOINTS.map((endpoint) => endpoint.operationId)).size).toBe(ENDPOINTS.length);
    expect(new Set(ENDPOINTS.map((endpoint) => endpoint.path.toLowerCase())).size).toBe(ENDPOINTS.length);
  });

  it('When an endpoint is windowed by today\'s date or keyed per studio, then its path names the studio it belongs to', () => {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.scope === 'studio' || endpoint.windowed) expect({ id: endpoint.operationId, path: endpoint.path }).toEqual({ id: endpoint.operationId, path: expect.stringContaining('{studioId}') });
      if (endpoint.scope === 'user') expect({ id: endpoint.operationId, path: endpoint.path }).toEqual({ id: endpoint.operationId, path: expect.stringContaining('{userId}') });
      if (endpoint.windowed) expect({ id: endpoint.operationId, query: endpoint.query }).toEqual({ id: endpoint.operationId, query: expect.arrayContaining(['from']) });
    }
  });
});
