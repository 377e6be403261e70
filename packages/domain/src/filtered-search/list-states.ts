import type { ListState } from './types';

const STATES: readonly string[] = ['opened', 'closed', 'merged', 'all'] satisfies ListState[];

/** Only these four states enter a list query (RF §4). */
export function isListState(value: unknown): value is ListState {
  return typeof value === 'string' && STATES.includes(value);
}
