import type { Actor } from '../../policy/actor';

export const USER_STATES = ['active', 'blocked', 'banned', 'deactivated'] as const;
export type UserState = (typeof USER_STATES)[number];

/** What GitLab hides from non-admins in user lists and search (its FORBIDDEN_SEARCH_STATES). */
const ADMIN_ONLY_STATES: ReadonlySet<UserState> = new Set(['blocked', 'banned']);

/**
 * The user states an actor may see in any list of users (`GET /users`, user autocomplete):
 * every state for an instance admin, otherwise neither blocked nor banned users.
 */
export function listableUserStates(actor: Actor | null): UserState[] {
  return actor?.admin ? [...USER_STATES] : USER_STATES.filter((s) => !ADMIN_ONLY_STATES.has(s));
}

/** Narrows requested states (`states=` in autocomplete) to those the actor may see. */
export function visibleUserStates(actor: Actor | null, requested: readonly UserState[]): UserState[] {
  const allowed = listableUserStates(actor);
  return requested.filter((s) => allowed.includes(s));
}
