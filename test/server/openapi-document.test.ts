import { execFileSync } from 'node:child_process';
import { expectToMatchOpenApi, openApiDocument, resolveRefIn, studioOpenApiDocument, studioOperationsByTag } from '../support/openapi';

interface Operation {
  operationId?: string;
  responses?: Record<string, unknown>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation: operation as Operation })),
  );
}

interface Schema {
  $ref?: string;
  type?: string;
  items?: Schema;
  oneOf?: Schema[];
}

/** A schema with its `$ref`s followed. */
const resolved = (schema: Schema): Schema => resolveRefIn(openApiDocument, schema, '')[0];

const link = '<http://localhost/api/public/studio/s-1/classes?from=2026-11-16>; rel="prev", <http://localhost/api/public/studio/s-1/classes?from=2026-11-30>; rel="next"';
const json = { 'content-type': 'application/json; charset=utf-8', etag: '"abc"', 'cache-control': 'public, max-age=60', 'api-version': '1.2.0', link };
const problemJson = { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store' };

function validClass(): Record<string, unknown> {
  return {
    id: 'c-1',
    name: 'Salsa On2',
    dayOfWeek: 'monday',
    startTime: '19:00',
    endTime: '20:30',
    level: 'Beginner',
    room: 'Studio A',
    date: '2026-11-23T18:00:00.000Z',
    price: 15,
    currency: 'EUR',
    capacity: 20,
    allowPackages: true,
    description: { en: 'Basics', es: 'Básicos' },
    instructor: { id: 'p-1', name: 'Ana', lastname: null, image: 'https://example.com/ana.jpg' },
    danceType: 'Salsa',
    seriesId: 'c-1',
    spotsLeft: 12,
    waitlistOpen: false,
  };
}

const classesPath = '/api/public/studio/s-1/classes?from=2026-11-23';

describe('the OpenAPI document', () => {
  it("of the studio API tags each operation with a part a test file answers for (studio-api.test.ts: Meta, Catalog, Bookings; studio-webhooks.test.ts: Webhooks)", () => {
    // Each of those files ends by checking it got a successful answer of every operation of its tags.
    const untagged = studioOperationsByTag().filter((operation) => !operation.tags.some((tag) => ['Meta', 'Catalog', 'Bookings', 'Webhooks'].includes(tag)));
    expect(untagged).toEqual([]);
  });

  it.each([
    ['the public API', openApiDocument],
    ['the studio API', studioOpenApiDocument],
  ])('of %s is a valid OpenAPI 3.1 document', (_name, document) => {
    // The validator is an ES module, which Jest's module system cannot require on this Node
    // version, so it runs in a child Node process that reads the document from stdin.
    const script = [
      "import { readFileSync } from 'node:fs';",
      "import { Validator } from '@seriousme/openapi-schema-validator';",
      'const validator = new Validator();',
      "const result = await validator.validate(JSON.parse(readFileSync(0, 'utf8')));",
      'process.stdout.write(JSON.stringify({ ...result, version: validator.version }));',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: __dirname,
      input: JSON.stringify(document),
      encoding: 'utf8',
    });
    const result = JSON.parse(output) as { valid: boolean; version?: string; errors?: unknown };
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(result.version).toBe('3.1');
    expect((document as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('describes the public endpoints and itself, each with its operationId (a new one is added to this list)', () => {
    const ids = Object.fromEntries(operations().map(({ path, method, operation }) => [operation.operationId, `${method.toUpperCase()} ${path}`]));
    expect(ids).toEqual({
      getStudioProfile: 'GET /api/public/studio/{studioId}/profile',
      listInstructors: 'GET /api/public/studio/{studioId}/instructors',
      getUserProfile: 'GET /api/public/user/{userId}/profile',
      listClasses: 'GET /api/public/studio/{studioId}/classes',
      listClassesByType: 'GET /api/public/studio/{studioId}/classes/{typeName}',
      listEvents: 'GET /api/public/studio/{studioId}/events',
      getClass: 'GET /api/public/class/{classId}',
      getCalendarFeed: 'GET /api/public/studio/{studioId}/calendar.ics',
      listPrivateLessonSlots: 'GET /api/public/studio/{studioId}/private-lesson-instructors/{instructorId}/slots',
      listPackages: 'GET /api/public/studio/{studioId}/packages',
      listPrivateLessonInstructors: 'GET /api/public/studio/{studioId}/private-lesson-instructors',
      listPrivateLessonQuestions: 'GET /api/public/studio/{studioId}/private-lesson-questions',
      getOpenApiDocument: 'GET /api/public/openapi.json',
    });
  });

  it.each(operations())(
    '$operation.operationId answers JSON as one object or a list of objects, never of bare values',
    ({ operation }) => {
      // A record can gain fields later (the API changes additively only: README, "Versioning"), a
      // string in a list cannot; and the WordPress bridge keeps only the objects of a list answer
      // (plugin/includes/wordpress/RemoteSanitizer.php), so a list of strings would reach a site empty.
      const content = (operation.responses?.['200'] as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
      for (const [mediaType, { schema }] of Object.entries(content)) {
        if (!mediaType.startsWith('application/json') || schema === undefined) continue;
        const answer = resolved(schema);
        const records = answer.type === 'array' ? [resolved(answer.items ?? {})] : (answer.oneOf ?? [answer]).map(resolved);
        expect(records.map((record) => record.type)).toEqual(records.map(() => 'object'));
      }
    },
  );

  it.each(operations().filter(({ path }) => path !== '/api/public/openapi.json'))(
    'data operation $method $path documents 200, 304, 404, 429 and 503',
    ({ operation }) => {
      expect(operation.operationId).toEqual(expect.any(String));
      expect(Object.keys(operation.responses ?? {})).toEqual(expect.arrayContaining(['200', '304', '404', '429', '503']));
    },
  );

  it('the document operation documents 200 (it reads no studio data, so it has no 404 or 503)', () => {
    const operation = openApiDocument.paths['/api/public/openapi.json']?.get as Operation;
    expect(operation.operationId).toBe('getOpenApiDocument');
    expect(Object.keys(operation.responses ?? {})).toEqual(expect.arrayContaining(['200', '304', '429']));
  });

  it('documents 400 invalid_from exactly on the operations that take `from` (and the slots, invalid_duration too)', () => {
    const withFrom = operations()
      .filter(({ operation }) => '400' in (operation.responses ?? {}))
      .map(({ operation }) => operation.operationId)
      .sort();
    expect(withFrom).toEqual(['listClasses', 'listClassesByType', 'listEvents', 'listPrivateLessonSlots']);
  });
});

describe('expectToMatchOpenApi', () => {
  it('accepts a valid class list', () => {
    const other = { ...validClass(), id: 'c-2', room: null, price: null, capacity: null, allowPackages: null, description: null, instructor: null, spotsLeft: null, waitlistOpen: null };
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: [validClass(), other] }, 'GET', classesPath)).not.toThrow();
  });

  it('a class with a field the document does not know is rejected', () => {
    const body = [{ ...validClass(), teacher: 'Ana' }];
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body }, 'GET', classesPath)).toThrow(/listClasses[\s\S]*\/0 must NOT have additional properties \(teacher\)/);
  });

  it('a class without one of its fields is rejected', () => {
    const { spotsLeft: _spotsLeft, ...body } = validClass();
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: [body] }, 'GET', classesPath)).toThrow(/must have required property 'spotsLeft'/);
  });

  it.each(['2026-11-23', '2026-11-23T18:00:00Z', '2026-11-23T19:00:00.000+01:00'])('a class whose date %s is not a UTC timestamp with milliseconds is rejected', (date) => {
    const body = [{ ...validClass(), date }];
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body }, 'GET', classesPath)).toThrow(/\/0\/date must match pattern/);
  });

  it('a class list is checked against the classes-by-type operation on /classes/{typeName}', () => {
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: [validClass()] }, 'GET', '/api/public/studio/s-1/classes/Bachata%20Sensual')).not.toThrow();
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: [{ ...validClass(), danceType: null }] }, 'GET', '/api/public/studio/s-1/classes/Salsa')).toThrow(
      /listClassesByType[\s\S]*\/0\/danceType must be string/,
    );
  });

  it('an event must carry a date-only date and a host instead of an instructor', () => {
    const { instructor, ...rest } = validClass();
    const event = { ...rest, date: '2026-11-28', host: instructor, danceType: null };
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: [event] }, 'GET', '/api/public/studio/s-1/events')).not.toThrow();
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: [{ ...event, danceType: 'Salsa' }] }, 'GET', '/api/public/studio/s-1/events')).toThrow(/danceType must be null/);
  });

  it('a problem+json 404 body passes', () => {
    const body = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No studio with id "nope".', code: 'studio_not_found' };
    expect(() => expectToMatchOpenApi({ status: 404, headers: problemJson, body }, 'GET', '/api/public/studio/nope/classes')).not.toThrow();
  });

  it('a 404 whose code does not belong to the operation is rejected', () => {
    const body = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such user.', code: 'user_not_found' };
    expect(() => expectToMatchOpenApi({ status: 404, headers: problemJson, body }, 'GET', '/api/public/studio/s-1/profile')).toThrow(/\/code must be equal to one of the allowed values/);
  });

  it('a problem sent as application/json instead of application/problem+json is rejected', () => {
    const body = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'x', code: 'studio_not_found' };
    expect(() => expectToMatchOpenApi({ status: 404, headers: { 'content-type': 'application/json' }, body }, 'GET', '/api/public/studio/nope/profile')).toThrow(
      /Content-Type application\/json is not documented/,
    );
  });

  it('an undocumented path is rejected', () => {
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: [] }, 'GET', '/api/public/studio/s-1/teachers')).toThrow(/matches no documented path/);
  });

  it('an undocumented status is rejected', () => {
    const body = { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'x', code: 'invalid_from' };
    expect(() => expectToMatchOpenApi({ status: 400, headers: problemJson, body }, 'GET', '/api/public/studio/s-1/profile')).toThrow(/status 400 is not documented/);
  });

  it('a 200 without its ETag header is rejected', () => {
    expect(() => expectToMatchOpenApi({ status: 200, headers: { 'content-type': 'application/json' }, body: [] }, 'GET', classesPath)).toThrow(/required header ETag is missing/);
  });

  it('a 304 and a HEAD answer pass without a body, and a 304 with a body is rejected', () => {
    const headers = { etag: '"abc"', 'cache-control': 'public, max-age=60', 'api-version': '1.2.0' };
    expect(() => expectToMatchOpenApi({ status: 304, headers, body: undefined, text: '' }, 'GET', classesPath)).not.toThrow();
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: undefined, text: '' }, 'HEAD', classesPath)).not.toThrow();
    expect(() => expectToMatchOpenApi({ status: 304, headers, body: [], text: '[]' }, 'GET', classesPath)).toThrow(/no body/);
  });

  it('the served document itself matches its own description', () => {
    expect(() => expectToMatchOpenApi({ status: 200, headers: json, body: openApiDocument }, 'GET', '/api/public/openapi.json')).not.toThrow();
  });
});
