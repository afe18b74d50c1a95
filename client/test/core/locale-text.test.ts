import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { createStudioDataClient, decodeLocaleText, text, type FetchFunction } from '../../src/index.js';
import { FIXTURE_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');

/** The real fetch, with the JSON body rewritten by `change` before the client reads it. */
function fetchRewriting(change: (body: Record<string, unknown>[]) => void): FetchFunction {
  return async (url, init) => {
    const response = await fetch(url, init);
    const body = (await response.json()) as Record<string, unknown>[];
    change(body);
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}

describe('Decoding locale strings', () => {
  it('When one bio in the answer is not valid JSON, then that bio is an empty map and the rest of the answer is kept', async () => {
    const client = createStudioDataClient({
      baseUrl: apiUrl,
      studio: FIXTURE_STUDIO,
      cache: false,
      fetch: fetchRewriting((instructors) => {
        instructors[0]!.bio = '{"es": "Bailarina", ';
      }),
    });
    const [ana, bruno] = await client.instructors();
    expect(ana).toEqual({
      id: 'cf-ana',
      name: 'Ana',
      lastname: 'Ruiz',
      image: 'https://images.example.com/client-fixture/ana.png',
      bio: {},
      occupation: 'Teacher',
      yearsOfExperience: 9,
      danceSpecialities: ['Salsa', 'West Coast Swing'],
    });
    expect(bruno!.bio).toEqual({ en: 'Swing dancer' });
  });

  it.each([
    ['invalid JSON', '{not json'],
    ['a JSON array', '["en", "text"]'],
    ['a JSON string', '"just text"'],
    ['JSON null', 'null'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
  ])('When a locale string is %s, then it decodes to an empty map', (_what, value) => {
    expect(decodeLocaleText(value)).toEqual({});
  });

  it('When a locale map has entries that are not text, then only the texts are kept', () => {
    expect(decodeLocaleText('{"en":"Hello","es":7,"fr":null,"de":"Hallo"}')).toEqual({ en: 'Hello', de: 'Hallo' });
    expect(decodeLocaleText({ en: 'Hello', es: ['no'] })).toEqual({ en: 'Hello' });
  });
});

/** The contract's test vectors of the fallback, which the PHP client and the server's pages pass too. */
const vectors = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../contract/locale-fallback-vectors.json'), 'utf8'),
) as { name: string; map: Record<string, string> | null; locale: string | null; defaultLocale: string | null; expected: string }[];

describe('text(map, locale, defaultLocale): exact code, then language, then the studio default, then the first text present', () => {
  it.each(vectors.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    expect(text(vector.map, vector.locale, vector.defaultLocale)).toBe(vector.expected);
  });
});
