import apiFetch from '@wordpress/api-fetch';
import { createReduxStore, register, select } from '@wordpress/data';

/** Why the editor cannot show a studio's data; `no-subject`: the block does not say whose yet. */
export type Problem = 'not-configured' | 'not-found' | 'unavailable' | 'no-subject';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; problem: Problem; detail?: string };

interface RestError {
  code?: string;
  message?: string;
}

/**
 * Reads a failed apiFetch call by the plugin's error codes (`studio_data_<API problem code>`): an
 * unknown studio or user (or one whose ID is not an ID) is "not found", a missing address or studio ID "not configured", and
 * anything else (a timeout, a wrong API address, an outage) "unavailable".
 */
export function problemOf(error: unknown): { problem: Problem; detail?: string } {
  const { code = '', message } = (error ?? {}) as RestError;
  if (code.endsWith('not_configured') || code.endsWith('missing_studio_id')) return { problem: 'not-configured' };
  if (code.endsWith('studio_not_found') || code.endsWith('user_not_found')) return { problem: 'not-found' };
  // The proxy's routes take ids only: a studio or user ID with a space or an accent ("salsa city") matches none of them.
  if (code === 'rest_no_route') return { problem: 'not-found' };
  return { problem: 'unavailable', detail: message };
}

/** One answer per REST path of the plugin's proxy (`/studio-data/v1/studio/{id}/profile`, …). */
type State = Readonly<Record<string, Resource<unknown>>>;

interface Received {
  type: 'RECEIVE_STUDIO_RESOURCE';
  path: string;
  resource: Resource<unknown>;
}

// One object, so a block waiting for its data is not re-rendered by a new but equal "loading".
const LOADING: Resource<unknown> = { status: 'loading' };

const actions = {
  receiveResource(path: string, resource: Resource<unknown>): Received {
    return { type: 'RECEIVE_STUDIO_RESOURCE', path, resource };
  },
};

const selectors = {
  /** The answer at a path; the first block that asks makes the one request (the resolver below). */
  getResource(state: State, path: string): Resource<unknown> {
    return state[path] ?? LOADING;
  },
};

const resolvers = {
  getResource:
    (path: string) =>
    async ({ dispatch }: { dispatch: typeof actions }): Promise<void> => {
      try {
        dispatch.receiveResource(path, { status: 'ready', data: await apiFetch({ path }) });
      } catch (error) {
        dispatch.receiveResource(path, { status: 'error', ...problemOf(error) });
      }
    },
};

function reducer(state: State = {}, action: Received | { type: string }): State {
  return action.type === 'RECEIVE_STUDIO_RESOURCE' ? { ...state, [(action as Received).path]: (action as Received).resource } : state;
}

/**
 * The studio data the blocks' settings are read from, one @wordpress/data store for the whole
 * editor: each resource is fetched once per page however many blocks ask for it (the data
 * package runs a selector's resolver once per argument), and every block then reads the same answer.
 */
export const studioDataStore = createReduxStore('studio-data/studio', { reducer, actions, selectors, resolvers });

// Every block's editor script is a bundle of its own, with its own copy of this module: the first to
// load registers the store, and every block then reads that one (a store is found by its name).
if (!select(studioDataStore.name)) register(studioDataStore);
