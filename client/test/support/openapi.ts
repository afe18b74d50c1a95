import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** Schemas of the server's OpenAPI document (contract/openapi.json), compiled with ajv. */

const DOCUMENT_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../contract/openapi.json');
const DOCUMENT_ID = 'https://studio-data.invalid/openapi.json';
const openApiDocument = JSON.parse(fs.readFileSync(DOCUMENT_PATH, 'utf8')) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (instance: Ajv2020) => void;
addFormats(ajv);
ajv.addSchema(openApiDocument, DOCUMENT_ID);
const validators = new Map<string, ValidateFunction>();

export type SchemaName = keyof typeof openApiDocument.components.schemas & string;

/** Throws, naming every mismatch, when `value` does not match `#/components/schemas/{name}` (or an array of it). */
export function expectSchema(value: unknown, name: string, options: { array?: boolean } = {}): void {
  if (!(name in openApiDocument.components.schemas)) throw new Error(`OpenAPI: no schema ${name}`);
  const key = `${name}${options.array ? '[]' : ''}`;
  let validate = validators.get(key);
  if (!validate) {
    const reference = { $ref: `${DOCUMENT_ID}#/components/schemas/${name}` };
    validate = ajv.compile(options.array ? { type: 'array', items: reference } : reference);
    validators.set(key, validate);
  }
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((error) => `  ${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
    throw new Error(`OpenAPI: the value does not match ${key}:\n${problems.join('\n')}`);
  }
}
