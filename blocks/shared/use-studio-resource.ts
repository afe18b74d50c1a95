import { useSelect } from '@wordpress/data';
import { addQueryArgs } from '@wordpress/url';
import { editorSettings } from './editor-settings';
import { studioDataStore, type Problem, type Resource } from './studio-data-store';

export { problemOf } from './studio-data-store';
export type { Problem, Resource };

const NAMESPACE = '/studio-data/v1';

const NOT_CONFIGURED: Resource<never> = { status: 'error', problem: 'not-configured' };

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

/** One resource through the plugin's REST proxy, from the editor's one studio data store. */
export function useStudioResource<T>(path: string | null): Resource<T> {
  return useSelect((select) => (path === null ? NOT_CONFIGURED : select(studioDataStore).getResource(path)), [path]) as Resource<T>;
}

/** Several resources at once (a block whose settings read more than one), in the order asked. */
export function useStudioResources(paths: Array<string | null>): Array<Resource<unknown>> {
  return useSelect(
    (select) => paths.map((path) => (path === null ? NOT_CONFIGURED : select(studioDataStore).getResource(path))),
    [paths.join('\n')],
  ) as Array<Resource<unknown>>;
}

/** The first problem among several resources, or whether any is still loading. */
export function combined(resources: Array<Resource<unknown>>): Resource<null> {
  const failed = resources.find((resource) => resource.status === 'error');
  if (failed) return failed;
  if (resources.some((resource) => resource.status === 'loading')) return { status: 'loading' };
  return { status: 'ready', data: null };
}
