import { isListState } from './list-states';
import { toSearchParams } from './to-search-params';
import type { ListState } from './types';

/**
 * The list state: the address's `state` when it is one of the four list states, else `opened` when
 * the default-state option is on, else none (RF §4).
 */
export function resolveListState(query: string | URLSearchParams, defaultStateOn: boolean): ListState | undefined {
  const state = toSearchParams(query).get('state');
  if (isListState(state)) return state;
  return defaultStateOn ? 'opened' : undefined;
}
