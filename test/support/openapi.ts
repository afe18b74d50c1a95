import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument as servedDocument, studioOpenApiDocument as servedStudioDocument } from '../../server/src/http/api/openapi-document';

/**
 * Contract check of one HTTP answer against a served OpenAPI document (the public API's
 * contract/openapi.json, or the studio API's contract/studio-openapi.json, both read through
 * server/src/http/api/openapi-document.ts): the path and status must be documented, every query parameter of
 * the request must be declared by the operation (and, for a successful answer, match its schema),
 * the media type must be one the document lists, required headers must be present and the JSON body
 * must match the schema.
 */

export interface ResponseUnderTest {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** the raw body, when known: lets the check see that a 304 or HEAD answer really has no body */
  text?: string;
}

interface HeaderObject {
  $ref?: string;
  required?: boolean;
}

interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, { schema?: unknown }>;
}

interface ParameterObject {
  $ref?: string;
  name?: string;
  in?: string;
  schema?: unknown;
}

interface OperationObject {
  operationId?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  responses?: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

export const openApiDocument = servedDocument as unknown as OpenApiDocument;
export const studioOpenApiDocument = servedStudioDocument as unknown as OpenApiDocument;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The operations (by operationId) of the public API a successful answer with a body of was found to match its schema, in this test file. */
const operationsAnswered = new Set<string>();

/**
 * The operations of which this test file checked at least one successful answer's body against its
 * schema (with `expectToMatchOpenApi`): what a suite asks to learn whether it left an endpoint out.
 */
export function operationsWithCheckedAnswers(): ReadonlySet<string> {
  return operationsAnswered;
}

interface PathTemplate {
  template: string;
  pattern: RegExp;
  literalSegments: number;
}

/** Checks an answer; answers the operationId when a successful answer's body matched its schema. */
type Check = ((response: ResponseUnderTest, method: string, requestPath: string) => string | undefined) & { schema(name: string, value: unknown): void };

/** The check of answers against one document (each compiled once, with its own schema cache). */
function checkerFor(document: OpenApiDocument, documentId: string): Check {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, documentId);
  const validators = new Map<string, ValidateFunction>();
  const templates: PathTemplate[] = Object.keys(document.paths).map((template) => {
    const segments = template.split('/');
    const pattern = segments.map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment))).join('/');
    return { template, pattern: new RegExp(`^${pattern}$`), literalSegments: segments.filter((segment) => !segment.startsWith('{')).length };
  });
  const validatorFor = (pointer: string): ValidateFunction => {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${documentId}#${encodeURI(pointer)}` });
      validators.set(pointer, validate);
    }
    return validate;
  };
  const checkAnswer = (response: ResponseUnderTest, method: string, requestPath: string) => check(document, templates, validatorFor, response, method, requestPath);
  return Object.assign(checkAnswer, {
    schema(name: string, value: unknown) {
      const validate = validatorFor(`/components/schemas/${name}`);
      if (!validate(value)) throw new Error(`OpenAPI: the value does not match the schema ${name}:\n${formatErrors(validate.errors ?? [])}`);
    },
  });
}

const checkPublic = checkerFor(openApiDocument, 'https://studio-data.invalid/openapi.json');
const checkStudio = checkerFor(studioOpenApiDocument, 'https://studio-data.invalid/studio-openapi.json');

/** Throws when the answer to `method requestPath` does not match the public API's OpenAPI document. */
export function expectToMatchOpenApi(response: ResponseUnderTest, method: string, requestPath: string): void {
  const answered = checkPublic(response, method, requestPath);
  if (answered !== undefined) operationsAnswered.add(answered);
}

/** The operations of the studio API a successful answer was found to match, in this test file. */
const studioOperationsAnswered = new Set<string>();

/** Throws when the answer to `method requestPath` does not match the studio API's OpenAPI document (a CSV body is checked as its text). */
export function expectToMatchStudioOpenApi(response: ResponseUnderTest, method: string, requestPath: string): void {
  const answered = checkStudio(response, method, requestPath);
  if (answered !== undefined) studioOperationsAnswered.add(answered);
}

/**
 * The studio API's operations with one of these tags of which this test file has not checked a
 * successful answer: each suite asks it about the tags it covers, last, to learn whether it left
 * an operation out.
 */
export function studioOperationsUnchecked(tags: string[]): string[] {
  return studioOperationsByTag()
    .filter((operation) => operation.tags.some((tag) => tags.includes(tag)) && !studioOperationsAnswered.has(operation.operationId))
    .map((operation) => operation.operationId);
}

/** Every operation of the studio API's document, with its tags. */
export function studioOperationsByTag(): { operationId: string; tags: string[] }[] {
  return Object.values(studioOpenApiDocument.paths).flatMap((pathItem) =>
    Object.entries(pathItem as Record<string, OperationObject>)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([, operation]) => ({ operationId: operation.operationId ?? '', tags: operation.tags ?? [] })),
  );
}

/** Throws when the value does not match a schema of the studio API's document (a webhook call's body: `WebhookCall`). */
export function expectToMatchStudioSchema(schemaName: string, value: unknown): void {
  checkStudio.schema(schemaName, value);
}

function check(
  openApiDocument: OpenApiDocument,
  templates: PathTemplate[],
  validatorFor: (pointer: string) => ValidateFunction,
  response: ResponseUnderTest,
  method: string,
  requestPath: string,
): string | undefined {
  const path = pathOnly(requestPath);
  const verb = method.toLowerCase();

  // Concrete paths win over templated ones (OpenAPI 3.1, "Path Templating Matching").
  const template = templates
    .filter((candidate) => candidate.pattern.test(path))
    .sort((a, b) => b.literalSegments - a.literalSegments)[0]?.template;
  if (!template) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} matches no documented path`);

  const pathItem = openApiDocument.paths[template] ?? {};
  // HEAD is answered like GET without a body; the document describes GET only.
  const operationMethod = verb in pathItem ? verb : verb === 'head' && 'get' in pathItem ? 'get' : undefined;
  if (!operationMethod || !HTTP_METHODS.includes(operationMethod)) {
    throw new Error(`OpenAPI: ${method.toUpperCase()} is not documented for ${template} (request ${path})`);
  }
  const operation = pathItem[operationMethod] as OperationObject;
  const where = `${method.toUpperCase()} ${template} (${operation.operationId ?? 'no operationId'}), status ${response.status}`;
  const mismatch = (problem: string) => new Error(`OpenAPI: ${where}: ${problem}`);

  checkQueryParameters(requestPath, [
    ...parametersAt(openApiDocument, (pathItem.parameters ?? []) as ParameterObject[], `/paths/${pointerEscape(template)}/parameters`),
    ...parametersAt(openApiDocument, operation.parameters ?? [], `/paths/${pointerEscape(template)}/${operationMethod}/parameters`),
  ], response.status, mismatch, validatorFor);

  const responses = operation.responses ?? {};
  const statusKey = [String(response.status), `${String(response.status).charAt(0)}XX`, 'default'].find((key) => key in responses);
  if (!statusKey) throw mismatch(`status ${response.status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
  const responsePointer = `/paths/${pointerEscape(template)}/${operationMethod}/responses/${statusKey}`;
  const resolveRef = <T extends { $ref?: string }>(value: T, pointer: string) => resolveRefIn<T>(openApiDocument, value, pointer);
  const [documented, documentedPointer] = resolveRef<ResponseObject>(responses[statusKey] as ResponseObject, responsePointer);

  for (const [name, rawHeader] of Object.entries(documented.headers ?? {})) {
    const [headerObject] = resolveRef<HeaderObject>(rawHeader, '');
    if (headerObject.required && headerValue(response.headers, name) === undefined) throw mismatch(`required header ${name} is missing`);
  }

  const noBodyExpected = response.status === 304 || verb === 'head';
  const content = documented.content ?? {};
  const mediaTypes = Object.keys(content);
  const contentType = headerValue(response.headers, 'content-type');
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();

  if (mediaTypes.length === 0) {
    if (hasBody(response)) throw mismatch(`no body is documented, but one was sent (${contentType ?? 'no Content-Type'})`);
    // A successful answer without a body (204) is all its operation documents.
    return response.status >= 200 && response.status < 300 ? operation.operationId : undefined;
  }
  if (noBodyExpected) {
    if (hasBody(response)) throw mismatch('a 304 or HEAD answer must have no body');
    if (response.status === 304 || mediaType === undefined) return;
  }
  if (!mediaType) throw mismatch(`Content-Type is missing (documented: ${mediaTypes.join(', ')})`);
  const documentedType = mediaTypes.find((candidate) => mediaTypeMatches(candidate, mediaType));
  if (!documentedType) throw mismatch(`Content-Type ${contentType} is not documented (documented: ${mediaTypes.join(', ')})`);
  if (noBodyExpected) return;

  const mediaObject = content[documentedType];
  if (!mediaObject?.schema) return;
  const schemaPointer = `${documentedPointer}/content/${pointerEscape(documentedType)}/schema`;
  const validate = validatorFor(schemaPointer);
  if (!validate(response.body)) {
    throw mismatch(`the body does not match the schema:\n${formatErrors(validate.errors ?? [])}`);
  }
  return response.status >= 200 && response.status < 300 ? operation.operationId : undefined;
}

function parametersAt(document: OpenApiDocument, parameters: ParameterObject[], pointer: string): { parameter: ParameterObject; pointer: string }[] {
  return parameters.map((raw, index) => {
    const [parameter, at] = resolveRefIn<ParameterObject>(document, raw, `${pointer}/${index}`);
    return { parameter, pointer: at };
  });
}

/**
 * A request may only use the query parameters its operation declares, so a parameter the server
 * reads cannot be missing from the document; a successful answer means the value was a valid one,
 * so it must match the declared schema too.
 */
function checkQueryParameters(
  requestPath: string,
  declared: { parameter: ParameterObject; pointer: string }[],
  status: number,
  mismatch: (problem: string) => Error,
  validatorFor: (pointer: string) => ValidateFunction,
): void {
  // The base only completes a path; an absolute request URL keeps its own origin.
  for (const [name, value] of new URL(requestPath, 'http://openapi.invalid').searchParams) {
    const found = declared.find(({ parameter }) => parameter.in === 'query' && parameter.name === name);
    if (!found) throw mismatch(`the query parameter "${name}" is not declared by the operation`);
    if (status >= 200 && status < 400 && found.parameter.schema !== undefined) {
      const validate = validatorFor(`${found.pointer}/schema`);
      if (!validate(value)) throw mismatch(`the query parameter ${name}=${value} does not match its schema:\n${formatErrors(validate.errors ?? [])}`);
    }
  }
}

/** Follows local `$ref`s (`#/components/...`) and returns the object with the JSON pointer it lives at. */
export function resolveRefIn<T extends { $ref?: string }>(openApiDocument: OpenApiDocument, value: T, pointer: string): [T, string] {
  let current = value;
  let currentPointer = pointer;
  for (let hops = 0; current.$ref !== undefined; hops++) {
    if (hops > 20 || !current.$ref.startsWith('#/')) throw new Error(`OpenAPI: cannot resolve $ref ${current.$ref}`);
    currentPointer = current.$ref.slice(1);
    current = currentPointer
      .split('/')
      .slice(1)
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], openApiDocument) as T;
    if (current === undefined) throw new Error(`OpenAPI: $ref ${currentPointer} points at nothing`);
  }
  return [current, currentPointer];
}

function formatErrors(errors: ErrorObject[]): string {
  return errors
    .map((error) => {
      const params = error.params as Record<string, unknown>;
      const extra =
        'additionalProperty' in params
          ? ` (${String(params.additionalProperty)})`
          : 'allowedValues' in params
            ? ` (${JSON.stringify(params.allowedValues)})`
            : '';
      return `  ${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${extra}`;
    })
    .join('\n');
}

function headerValue(headers: ResponseUnderTest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
  return Array.isArray(entry) ? entry.join(', ') : entry;
}

function hasBody(response: ResponseUnderTest): boolean {
  if (response.text !== undefined) return response.text !== '';
  const { body } = response;
  if (body === undefined || body === null || body === '') return false;
  // supertest reports an empty answer as `{}`
  return !(typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  const wanted = documented.toLowerCase();
  if (wanted === actual || wanted === '*/*') return true;
  return wanted.endsWith('/*') && actual.startsWith(wanted.slice(0, -1));
}

function pathOnly(requestPath: string): string {
  const withoutOrigin = requestPath.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  return withoutOrigin.split(/[?#]/)[0] || '/';
}

function pointerEscape(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
