import apiFetch from '@wordpress/api-fetch';
import { addQueryArgs } from '@wordpress/url';
import { useEffect, useState } from '@wordpress/element';
import { editorSettings } from './editor-settings';

/** Why the editor cannot show a studio's data; `no-subject`: the block does not say whose yet. */
export type Problem = 'not-configured' | 'not-found' | 'unavailable' | 'no-subject';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; problem: Problem; detail?: string };

const NAMESPACE = '/studio-data/v1';

/**
 * The REST proxy path of one studio resource (`profile`, `instructors`, `classes`, …), or null when
 * the plugin has no API address or no studio to ask for.
 */
export function studioPath(studioId: string, resource: string, query: Record<string, string> = {}): string | null {
  if (!editorSettings().configured || studioId === '') return null;
  return addQueryArgs(`${NAMESPACE}/studio/${encodeURIComponent(studioId)}/${resource}`, query);
}

/** The REST proxy path of a public user profile, or null when there is nothing to ask. */
export function userProfilePath(userId: string): string | null {
  if (!editorSettings().configured || userId.trim() === '') return null;
  return `${NAMESPACE}/user/${encodeURIComponent(userId.trim())}/profile`;
}

interface RestError {
  code?: string;
  message?: string;
}

/**
 * Reads a failed apiFetch call by the plugin's error codes (`studio_data_<API problem code>`): an
 * unknown studio or user is "not found", a missing address or studio ID "not configured", and
 * anything else (a timeout, a wrong API address, an outage) "unavailable".
 */
export function problemOf(error: unknown): { problem: Problem; detail?: string } {
  const { code = '', message } = (error ?? {}) as RestError;
  if (code.endsWith('not_configured') || code.endsWith('missing_studio_id')) return { problem: 'not-configured' };
  if (code.endsWith('studio_not_found') || code.endsWith('user_not_found')) return { problem: 'not-found' };
  return { problem: 'unavailable', detail: message };
}

/** Fetches one resource through the plugin's REST proxy, again whenever the path changes. */
export function useStudioResource<T>(path: string | null): Resource<T> {
  const [resource, setResource] = useState<Resource<T>>({ status: 'loading' });

  useEffect(() => {
    if (path === null) {
      setResource({ status: 'error', problem: 'not-configured' });
      return;
    }
    let current = true;
    setResource({ status: 'loading' });
    apiFetch<T>({ path }).then(
      (data) => current && setResource({ status: 'ready', data }),
      (error: unknown) => current && setResource({ status: 'error', ...problemOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [path]);

  return resource;
}

/** The first problem among several resources, or whether any is still loading. */
export function combined(resources: Array<Resource<unknown>>): Resource<null> {
  const failed = resources.find((resource) => resource.status === 'error');
  if (failed) return failed;
  if (resources.some((resource) => resource.status === 'loading')) return { status: 'loading' };
  return { status: 'ready', data: null };
}
