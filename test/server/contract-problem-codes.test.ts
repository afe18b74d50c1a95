import openApi from '../../contract/openapi.json';
import studioOpenApi from '../../contract/studio-openapi.json';
import { problemCodes, sourceFiles, studioProblemCodes } from '../support/contract';

/**
 * The problem codes of `contract/problem-codes.json` (the public API) and
 * `contract/studio-problem-codes.json` (the studio API) are the ones the server answers, with the
 * same statuses, and the ones each OpenAPI document names. The server's codes are read from its source:
 * every `sendProblem(res, STATUS, 'code', …)` and every `new SomeError('code', …)` of an error class
 * that carries a `status` (the HTTP layer answers those with their own code and status).
 */

type Pair = `${string} ${number}`;
const pair = (code: string, status: number): Pair => `${code} ${status}`;

const serverSources = sourceFiles('server/src');

function codesTheServerAnswers(): Set<Pair> {
  const answered = new Set<Pair>();
  const errorStatuses = new Map<string, number>();
  for (const { text } of serverSources) {
    for (const [, name, body] of text.matchAll(/class (\w+) extends Error \{([\s\S]*?)\n\}/g)) {
      const status = /readonly status = (\d{3})/.exec(body!)?.[1];
      if (status === undefined) continue;
      errorStatuses.set(name!, Number(status));
      const ownCode = /readonly code = '([a-z_]+)'/.exec(body!)?.[1];
      if (ownCode !== undefined) answered.add(pair(ownCode, Number(status)));
    }
  }
  for (const { text } of serverSources) {
    for (const [, status, code] of text.matchAll(/sendProblem\(\s*[\w.]+\s*,\s*(\d{3})\s*,\s*'([a-z_]+)'/g)) answered.add(pair(code!, Number(status)));
    for (const [, name, code] of text.matchAll(/new (\w+)\(\s*'([a-z_]+)'/g)) {
      const status = errorStatuses.get(name!);
      if (status !== undefined) answered.add(pair(code!, status));
    }
  }
  return answered;
}

/** The members of the server's `ProblemCode` type, wherever it is declared. */
function serverProblemCodeType(): string[] {
  const declarations = serverSources.flatMap(({ text }) => [...text.matchAll(/type ProblemCode =([^;]+);/g)].map((match) => match[1]!));
  expect(declarations).toHaveLength(1);
  return [...declarations[0]!.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

const publicCodes = problemCodes();
const studioCodes = studioProblemCodes();
const listed = [...publicCodes, ...studioCodes.filter((entry) => !publicCodes.some((shared) => shared.code === entry.code))];
const listedPairs = new Set([...publicCodes, ...studioCodes].map(({ code, status }) => pair(code, status)));

describe('The problem codes written down in contract/problem-codes.json and contract/studio-problem-codes.json', () => {
  test('each code is listed once in each file, with a status a problem can have and a meaning, and a code both APIs answer with the same status', () => {
    for (const codes of [publicCodes, studioCodes]) expect(new Set(codes.map(({ code }) => code)).size).toBe(codes.length);
    for (const shared of studioCodes.filter((entry) => publicCodes.some((other) => other.code === entry.code))) {
      expect(publicCodes.find((entry) => entry.code === shared.code)?.status).toBe(shared.status);
    }
    for (const entry of [...publicCodes, ...studioCodes]) {
      expect(entry.code).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.meaning.trim()).not.toBe('');
    }
  });

  test('every code the server answers is listed, with the status the server answers it with', () => {
    const unlisted = [...codesTheServerAnswers()].filter((answered) => !listedPairs.has(answered));
    expect(unlisted).toEqual([]);
  });

  test('every listed code is answered by the server', () => {
    const answered = codesTheServerAnswers();
    const neverAnswered = [...listedPairs].filter((entry) => !answered.has(entry));
    expect(neverAnswered).toEqual([]);
  });

  test("the server's ProblemCode type names exactly the listed codes", () => {
    expect([...serverProblemCodeType()].sort()).toEqual(listed.map(({ code }) => code).sort());
  });

  test.each([
    ['public', openApi as any, publicCodes],
    ['studio', studioOpenApi as any, studioCodes],
  ])("the %s OpenAPI document's Problem schema and error responses name exactly its listed codes, with their statuses", (_name, document, codes) => {
    const pairs = new Set(codes.map(({ code, status }) => pair(code, status)));
    expect([...document.components.schemas.Problem.properties.code.enum].sort()).toEqual(codes.map(({ code }) => code).sort());
    for (const [name, response] of Object.entries(document.components.responses as Record<string, any>)) {
      const schema = response.content?.['application/problem+json']?.schema;
      if (!schema) continue;
      const narrowed = schema.allOf.find((part: any) => part.properties?.status);
      for (const code of narrowed.properties.code.enum as string[]) {
        expect({ response: name, code, listed: pairs.has(pair(code, narrowed.properties.status.const)) }).toEqual({ response: name, code, listed: true });
      }
    }
  });
});
