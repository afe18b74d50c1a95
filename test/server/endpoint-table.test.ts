import { benchEndpoints } from '../../bench/endpoints';
import { benchScheduleStart } from '../../bench/generate';
import { endpointMatcher } from '../../server/src/http/api/endpoint-paths';
import { ENDPOINTS } from '../../server/src/http/api/endpoint-table';
import { openApiDocument } from '../support/openapi';

/**
 * The endpoint table (http/api/endpoint-table.ts) is what the server answers; the OpenAPI document
 * is what it promises. Adding an endpoint to one and not the other fails here, and so does an
 * endpoint the bench does not measure. (The contract suite fails for an endpoint none of whose
 * answers it checked against the document, and the start-up suite for one the welcome text leaves
 * out: ARCHITECTURE.md, "To add an endpoint".)
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
      if (endpoint.scope === 'studio' || endpoint.scope === 'catalog' || endpoint.windowed) expect({ id: endpoint.operationId, path: endpoint.path }).toEqual({ id: endpoint.operationId, path: expect.stringContaining('{studioId}') });
      if (endpoint.scope === 'user') expect({ id: endpoint.operationId, path: endpoint.path }).toEqual({ id: endpoint.operationId, path: expect.stringContaining('{userId}') });
      // Windowed by today's date when asked without `from`: the calendar feed never takes one (its 14 weeks are counted from today).
      if (endpoint.windowed && endpoint.operationId !== 'getCalendarFeed') expect({ id: endpoint.operationId, query: endpoint.query }).toEqual({ id: endpoint.operationId, query: expect.arrayContaining(['from']) });
    }
  });
});

describe('the bench and the endpoint table', () => {
  const NOW = Date.parse('2026-03-25T12:00:00Z');
  const match = endpointMatcher(ENDPOINTS);
  const operationOf = (url: string) => {
    const found = match(new URL(url, 'http://bench.invalid').pathname);
    return typeof found === 'string' ? found : found.endpoint.operationId;
  };

  it('When an endpoint reads the database, then npm run bench measures its cache hits and misses (a fixed answer, produced once, has no miss)', () => {
    let seed = 1;
    // A fixed sequence of "random" numbers: each measured endpoint draws its miss paths the same way every run.
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const measured = benchEndpoints(benchScheduleStart(NOW), NOW).map((endpoint) => ({
      name: endpoint.name,
      hit: operationOf(endpoint.hitPath),
      misses: [...new Set(Array.from({ length: 20 }, () => operationOf(endpoint.missPath(random))))],
    }));
    for (const { name, hit, misses } of measured) expect({ name, misses }).toEqual({ name, misses: [hit] });
    const measuredIds = [...new Set(measured.map((endpoint) => endpoint.hit))].sort();
    const readingTheDatabase = ENDPOINTS.filter((endpoint) => endpoint.scope !== 'fixed').map((endpoint) => endpoint.operationId).sort();
    expect(measuredIds).toEqual(readingTheDatabase);
  });
});
