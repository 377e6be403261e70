import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import type { UserRow } from '../users';
import { type UserState, visibleUserStates } from '../users';
import { inheritedGroupIds, type SuggestionContainer } from './suggestion-container';

export interface UserSuggestionOptions {
  search?: string;
  /** Requested states; those the actor may not list (blocked, banned for non-admins) are dropped. */
  states: UserState[];
  /** Put the signed-in user first (GitLab's `current_user=true`, the "Me" suggestion). */
  currentUserFirst: boolean;
  limit: number;
}

/** Users who are members of the container, directly or through an ancestor group (SQL over `u`). */
function memberOf(container: SuggestionContainer): RawBuilder<boolean> {
  const groups = inheritedGroupIds(container);
  const viaGroups = sql<boolean>`EXISTS (SELECT 1 FROM group_members gm WHERE gm.user_id = u.id
    AND gm.group_id = ANY(${groups}::int[]) AND (gm.expires_at IS NULL OR gm.expires_at >= current_date))`;
  if (container.kind === 'group') return viaGroups;
  return sql<boolean>`(${viaGroups} OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.user_id = u.id
    AND pm.project_id = ${container.project.id} AND (pm.expires_at IS NULL OR pm.expires_at >= current_date)))`;
}

/**
 * GitLab's Autocomplete::UsersFinder in one statement: the members of the group or project
 * (inherited included); without a container every user, but only for a signed-in actor. The
 * actor comes first when asked and nothing is typed (or they match); then exact username
 * matches, then by name. Blocked and banned users only for admins, as in `GET /users`.
 */
export async function suggestUsers(
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer | undefined,
  opts: UserSuggestionOptions,
): Promise<UserRow[]> {
  const states = visibleUserStates(actor, opts.states);
  if ((!container && !actor) || states.length === 0) return [];
  const me = opts.currentUserFirst && actor ? actor.id : 0;
  let q = db.selectFrom('users as u').selectAll('u').where('u.state', 'in', states);
  const scope: RawBuilder<boolean>[] = [];
  if (container) scope.push(memberOf(container));
  if (opts.search) {
    const pattern = likePattern(opts.search);
    scope.push(sql<boolean>`(u.username ILIKE ${pattern} OR u.name ILIKE ${pattern})`);
  }
  const matches = scope.length ? sql<boolean>`(${sql.join(scope, sql` AND `)})` : sql<boolean>`true`;
  // The "Me" entry is offered even when the actor is not a member, as GitLab does, unless a search excludes them.
  q = opts.search || !me ? q.where(matches) : q.where(sql<boolean>`(${matches} OR u.id = ${me})`);
  if (me) q = q.orderBy(sql`u.id = ${me}`, 'desc');
  if (opts.search) q = q.orderBy(sql`lower(u.username) = lower(${opts.search})`, 'desc');
  return q.orderBy('u.name').orderBy('u.id').limit(opts.limit).execute();
}
