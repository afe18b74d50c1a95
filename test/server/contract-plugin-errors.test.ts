import fs from 'node:fs';
import path from 'node:path';
import openApi from '../../contract/openapi.json';
import { problemCodes, REPO_ROOT, studioProblemCodes } from '../support/contract';

/**
 * The WordPress plugin's words for API errors (`studio_data_describe_error` in
 * plugin/includes/errors.php) against contract/problem-codes.json: each code it describes is one the
 * API answers or one the PHP client raises itself, and each code of the API has its own words or is
 * named below as told by the generic sentence (the status and the API's own explanation).
 */

/** Codes of the API whose generic sentence is enough, and why. */
const TOLD_BY_THE_GENERIC_SENTENCE: Record<string, string> = {
  method_not_allowed: 'the plugin only sends the methods each path takes',
  // The studio API's codes the plugin's screens cannot meet: they only read bookings and cancel.
  invalid_parameter: 'the Bookings screen sends only dates it checked itself',
  key_in_query: 'the PHP client sends the key in its header only',
  webhook_not_found: 'the plugin does not manage webhooks',
  delivery_not_found: 'the plugin does not manage webhooks',
  payload_too_large: 'the plugin does not push documents',
  unsupported_media_type: 'the plugin does not push documents',
  invalid_document: 'the plugin does not push documents',
  invalid_webhook: 'the plugin does not manage webhooks',
  internal_error: "a site owner can do nothing about it; the API's explanation is shown",
  unavailable: "the API recovers by itself; the API's explanation is shown",
};

function read(file: string): string {
  return fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
}

function describedCodes(): string[] {
  const errors = read('plugin/includes/errors.php');
  const start = errors.indexOf('function studio_data_describe_error(');
  const body = errors.slice(start, errors.indexOf('\n}\n', start));
  return [...body.matchAll(/case '([a-z_]+)':/g)].map((match) => match[1]!);
}

/** Codes the PHP plugin raises itself: quoted in its code outside errors.php, or `missing_` + a path parameter (Endpoint::pathFor). */
function codesThePluginRaises(): Set<string> {
  const folder = path.join(REPO_ROOT, 'plugin/includes');
  const sources = (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.php') && file !== 'errors.php')
    .map((file) => fs.readFileSync(path.join(folder, file), 'utf8'))
    .join('\n');
  const quoted = new Set([...sources.matchAll(/'([a-z]+(?:_[a-z]+)*)'/g)].map((match) => match[1]!));
  const pathParameters = Object.values(openApi.components.parameters)
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => `missing_${parameter.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`);
  return new Set([...quoted, ...pathParameters]);
}

describe("The plugin's words for API errors follow contract/problem-codes.json and studio-problem-codes.json", () => {
  const contractCodes = [...new Set([...problemCodes(), ...studioProblemCodes()].map(({ code }) => code))];

  test('each code the plugin describes is answered by the API or raised by the PHP client itself', () => {
    const raised = codesThePluginRaises();
    const unknown = describedCodes().filter((code) => !contractCodes.includes(code) && !raised.has(code));
    expect(unknown).toEqual([]);
  });

  test('each code the API answers has words of its own, or is told by the generic sentence for a stated reason', () => {
    const described = describedCodes();
    const withoutWords = contractCodes.filter((code) => !described.includes(code) && !(code in TOLD_BY_THE_GENERIC_SENTENCE));
    expect(withoutWords).toEqual([]);
    const stale = Object.keys(TOLD_BY_THE_GENERIC_SENTENCE).filter((code) => !contractCodes.includes(code) || described.includes(code));
    expect(stale).toEqual([]);
  });
});
