/**
 * What the blocks' editor tests share: the WordPress pieces that need a running editor are replaced
 * by plain elements (the sidebar slot shows its panels inline), the blocks are registered from their
 * block.json as the editor registers them, each test is a new editor page (a studio data store of its
 * own), and the REST API answers from a table of paths, recording what was asked.
 */
import '@testing-library/jest-dom';
import fs from 'node:fs';
import path from 'node:path';
import apiFetch from '@wordpress/api-fetch';
import { getBlockType, registerBlockType, type BlockConfiguration } from '@wordpress/blocks';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import type { ReactNode } from 'react';
import type { EditorSettings } from '../../blocks/shared/editor-settings';
import { studioDataStore } from '../../blocks/shared/studio-data-store';

// The preview sends only a block's registered attributes (with their defaults), read from its type.
for (const folder of fs.readdirSync(path.join(__dirname, '../../blocks'))) {
  const file = path.join(__dirname, '../../blocks', folder, 'block.json');
  if (!fs.existsSync(file)) continue;
  const metadata = JSON.parse(fs.readFileSync(file, 'utf8')) as BlockConfiguration & { name: string };
  if (!getBlockType(metadata.name)) registerBlockType(metadata, { edit: () => null, save: () => null });
}

/** A wrapper for render(): a new editor page, with a studio data store that has fetched nothing yet. */
export function newEditorPage() {
  const registry = createRegistry();
  registry.register(studioDataStore);
  return function EditorPage({ children }: { children: ReactNode }) {
    return <RegistryProvider value={registry}>{children}</RegistryProvider>;
  };
}

export const mockedApiFetch = apiFetch as unknown as jest.Mock;

export interface RestAnswer {
  /** A body to answer with, or an error as WordPress' REST API gives it. */
  body?: unknown;
  error?: { code: string; message: string; data?: { status: number } };
}

export interface RecordedRequest {
  path: string;
  method: string;
  data: unknown;
}

/** Answers apiFetch from `answers` (keyed by path without query, or by exact path); records each request. */
export function answerRest(answers: Record<string, RestAnswer | ((request: RecordedRequest) => RestAnswer)>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  mockedApiFetch.mockImplementation((options: { path: string; method?: string; data?: unknown; body?: string }) => {
    // The preview sends its attributes as a JSON body.
    const request = { path: options.path, method: options.method ?? 'GET', data: options.body === undefined ? options.data : JSON.parse(options.body) };
    requests.push(request);
    const found = answers[options.path] ?? answers[options.path.split('?')[0] ?? ''];
    const answer = typeof found === 'function' ? found(request) : found;
    if (answer === undefined) return Promise.reject({ code: 'rest_no_route', message: 'No route', data: { status: 404 } });
    return answer.error ? Promise.reject(answer.error) : Promise.resolve(answer.body);
  });
  return requests;
}

/** The plugin's clock as the editor tests' pages print it: Monday 2026-11-16, 13:00 in Madrid, before the weeks the tests list. */
export const EDITOR_NOW = Date.parse('2026-11-16T12:00:00Z');

export function configureEditor(settings: Partial<EditorSettings>): void {
  window.studioDataEditor = { studioId: 'salsa-city', locale: 'en', configured: true, settingsUrl: '/wp-admin/options-general.php?page=studio-data', now: EDITOR_NOW, ...settings };
}

/** The block renderer's answer: echoes the attributes it was given, as the block's render callback would show them. */
export function rendererAnswer(html: (attributes: Record<string, unknown>) => string) {
  return (request: RecordedRequest): RestAnswer => ({
    body: { rendered: html((request.data as { attributes: Record<string, unknown> }).attributes) },
  });
}

export const apiDown: RestAnswer = { error: { code: 'studio_data_unavailable', message: 'The Studio Data API did not answer.', data: { status: 503 } } };

export const studioNotFound: RestAnswer = { error: { code: 'studio_data_studio_not_found', message: 'The API does not know this studio ID.', data: { status: 404 } } };
