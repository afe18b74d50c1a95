/**
 * What the blocks' editor tests share: the WordPress pieces that need a running editor are replaced
 * by plain elements (the sidebar slot shows its panels inline), and the REST API answers from a
 * table of paths, recording what was asked.
 */
import '@testing-library/jest-dom';
import apiFetch from '@wordpress/api-fetch';
import type { EditorSettings } from '../../blocks/shared/editor-settings';

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
  mockedApiFetch.mockImplementation((options: { path: string; method?: string; data?: unknown }) => {
    const request = { path: options.path, method: options.method ?? 'GET', data: options.data };
    requests.push(request);
    const found = answers[options.path] ?? answers[options.path.split('?')[0] ?? ''];
    const answer = typeof found === 'function' ? found(request) : found;
    if (answer === undefined) return Promise.reject({ code: 'rest_no_route', message: 'No route', data: { status: 404 } });
    return answer.error ? Promise.reject(answer.error) : Promise.resolve(answer.body);
  });
  return requests;
}

export function configureEditor(settings: Partial<EditorSettings>): void {
  window.studioDataEditor = { studioId: 'salsa-city', locale: 'en', configured: true, settingsUrl: '/wp-admin/options-general.php?page=studio-data', ...settings };
}

/** The block renderer's answer: echoes the attributes it was given, as render.php's HTML would show them. */
export function rendererAnswer(html: (attributes: Record<string, unknown>) => string) {
  return (request: RecordedRequest): RestAnswer => ({
    body: { rendered: html((request.data as { attributes: Record<string, unknown> }).attributes) },
  });
}

export const apiDown: RestAnswer = { error: { code: 'studio_data_unavailable', message: 'The Studio Data API did not answer.', data: { status: 503 } } };

export const studioNotFound: RestAnswer = { error: { code: 'studio_data_studio_not_found', message: 'The API does not know this studio ID.', data: { status: 404 } } };
