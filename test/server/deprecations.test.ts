import openApi from '../../contract/openapi.json';
import { DEPRECATIONS, deprecationHeaders, type Deprecation } from '../../server/src/http/api/deprecations';
import { madridStudio } from '../support/fixture-studios';
import { databaseTargets } from '../support/databases';
import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The versioning policy's notice (README, "Versioning"): what is deprecated is declared once
 * (server/src/http/api/deprecations.ts), marked `deprecated: true` in the OpenAPI document, and
 * announced on every answer of its operation with Deprecation (RFC 9745), Sunset (RFC 8594) and a
 * Link to the policy, cached answers and 304s included.
 */

const NOW = Date.parse('2026-03-25T12:00:00Z');
const MADRID = '/api/public/studio/fixture-madrid';
const PUBLIC_BASE_URL = 'https://api.example.test';
const SIX_MONTHS_MS = 182 * 24 * 3600 * 1000;

type Schema = { $ref?: string; items?: Schema; properties?: Record<string, Schema & { deprecated?: boolean }>; allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[]; deprecated?: boolean };
type Operation = { operationId: string; deprecated?: boolean; responses: Record<string, { content?: Record<string, { schema?: Schema }> }> };

const operations: Operation[] = Object.values(openApi.paths as unknown as Record<string, Record<string, unknown>>)
  .flatMap((path) => Object.values(path))
  .filter((entry): entry is Operation => typeof entry === 'object' && entry !== null && 'operationId' in entry);

/** The properties of an answer's schema, following `$ref`, `items` and the combinators. */
function answerProperties(schema: Schema | undefined, seen = new Set<string>()): Map<string, Schema> {
  const found = new Map<string, Schema>();
  if (!schema) return found;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return found;
    seen.add(schema.$ref);
    const name = schema.$ref.replace('#/components/schemas/', '');
    return answerProperties((openApi.components.schemas as Record<string, Schema>)[name], seen);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.set(name, property);
  for (const part of [schema.items, ...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    for (const [name, property] of answerProperties(part, seen)) if (!found.has(name)) found.set(name, property);
  }
  return found;
}

function deprecatedInDocument(): string[] {
  return operations.flatMap((operation) => {
    const fields = [...answerProperties(operation.responses['200']?.content?.['application/json']?.schema)].filter(([, property]) => property.deprecated).map(([name]) => `${operation.operationId} ${name}`);
    return operation.deprecated ? [operation.operationId, ...fields] : fields;
  });
}

describe('what the API has deprecated', () => {
  it('When something is declared deprecated, then the OpenAPI document marks the same operations and fields deprecated, and nothing else', () => {
    const declared = DEPRECATIONS.map((deprecation) => (deprecation.field === undefined ? deprecation.operationId : `${deprecation.operationId} ${deprecation.field}`));
    expect(deprecatedInDocument().sort()).toEqual(declared.sort());
  });

  it('When something is declared deprecated, then its sunset is at least six months after its deprecation', () => {
    for (const deprecation of DEPRECATIONS) {
      expect({ ...deprecation, notice: Date.parse(deprecation.sunset) - Date.parse(deprecation.since) >= SIX_MONTHS_MS }).toEqual({ ...deprecation, notice: true });
    }
    expect(() => deprecationHeaders(DEPRECATIONS, `${PUBLIC_BASE_URL}/api-reference`)).not.toThrow();
  });

  it('When a declaration names no real date, or a sunset before its deprecation, then the server refuses to start with it', () => {
    const bad = (change: Partial<Deprecation>) => () => deprecationHeaders([{ operationId: 'listClasses', since: '2026-12-01', sunset: '2027-06-01', ...change }], 'https://x.test');
    expect(bad({ since: '2026-02-30' })).toThrow('listClasses: "2026-02-30" is not a date');
    expect(bad({ sunset: 'next year', field: 'level' })).toThrow('listClasses (level): "next year" is not a date');
    expect(bad({ sunset: '2026-11-30' })).toThrow('the sunset must come after the deprecation');
  });
});

describe.each(databaseTargets())('deprecation headers on $name', (target) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(target, {
      documents: [madridStudio()],
      now: () => NOW,
      env: { PUBLIC_BASE_URL },
      deprecations: [
        { operationId: 'listClasses', since: '2026-12-01', sunset: '2027-06-01' },
        { operationId: 'getStudioProfile', field: 'businessHours', since: '2026-12-01', sunset: '2027-09-01' },
        { operationId: 'getStudioProfile', field: 'whatsappEnabled', since: '2027-01-15', sunset: '2027-07-15' },
      ],
    });
  });
  afterAll(() => api.stop());

  const policy = `<${PUBLIC_BASE_URL}/api-reference>; rel="deprecation"; type="text/html"`;

  it('When a client reads a deprecated listing, then every answer (produced, cached, 304) says since when, until when, and links the policy beside its windows', async () => {
    const path = `${MADRID}/classes?from=2026-03-23`;
    const produced = await request(api.url, path);
    const cached = await request(api.url, path);
    const unchanged = await request(api.url, path, { headers: { 'if-none-match': String(produced.headers.etag) } });
    expect([produced.status, cached.status, unchanged.status]).toEqual([200, 200, 304]);
    for (const answer of [produced, cached, unchanged]) {
      expect({ deprecation: answer.headers.deprecation, sunset: answer.headers.sunset }).toEqual({ deprecation: '@1796083200', sunset: 'Tue, 01 Jun 2027 00:00:00 GMT' });
      expect(answer.headers.link).toBe(`<${PUBLIC_BASE_URL}${MADRID}/classes?from=2026-03-16>; rel="prev", <${PUBLIC_BASE_URL}${MADRID}/classes?from=2026-03-30>; rel="next", ${policy}`);
      // As the OpenAPI document describes them.
      expect(String(answer.headers.link)).toMatch(new RegExp(openApi.components.headers.Link.schema.pattern));
      expect(String(answer.headers.deprecation)).toMatch(new RegExp(openApi.components.headers.Deprecation.schema.pattern));
    }
  });

  it('When an answer has deprecated fields, then it announces the earliest deprecation and the earliest sunset; answers of other operations announce nothing', async () => {
    const profile = await request(api.url, `${MADRID}/profile`);
    expect([profile.status, profile.headers.deprecation, profile.headers.sunset, profile.headers.link]).toEqual([200, '@1796083200', 'Thu, 15 Jul 2027 00:00:00 GMT', policy]);
    const events = await request(api.url, `${MADRID}/events?from=2026-03-23`);
    expect([events.status, events.headers.deprecation, events.headers.sunset, events.headers.link]).toEqual([200, undefined, undefined, expect.not.stringContaining('deprecation')]);
  });
});
