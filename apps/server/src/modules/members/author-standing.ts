import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { AccessLevel } from '../../policy/access-levels';
import { membershipNotExpired } from './members.service';

/** Where a note is written: a project (its own members and its groups') or a group (with its ancestors'). */
export interface MembershipPlace {
  projectId: number | null;
  /** The groups whose memberships count: the project's namespace path, or the group's own path. */
  groupIds: readonly number[];
}

export interface AuthorStanding {
  /** The highest role in force there, NO_ACCESS (0) when none. */
  accessLevel: number;
  /**
   * GitLab's `Team#contributor?`: not a member of the project, yet the author of one of its merged
   * merge requests. Always false for a group.
   */
  contributor: boolean;
}

/**
 * The standing of users in one place, as GitLab's notes show it beside an author's name
 * (`maxAccessLevelOfAuthor`, `authorIsContributor`): two statements for any number of users.
 */
export async function authorStandings(
  db: Executor,
  place: MembershipPlace,
  userIds: readonly number[],
): Promise<Map<number, AuthorStanding>> {
  const standings = new Map<number, AuthorStanding>();
  if (userIds.length === 0) return standings;
  const ids = [...new Set(userIds)];
  const { rows } = await sql<{ user_id: number; level: number }>`
    SELECT m.user_id, max(m.access_level)::int AS level FROM (
      SELECT user_id, access_level, expires_at FROM project_members
        WHERE project_id = ${place.projectId ?? -1} AND user_id = ANY(${ids}::int[])
      UNION ALL
      SELECT user_id, access_level, expires_at FROM group_members
        WHERE group_id = ANY(${[...place.groupIds]}::int[]) AND user_id = ANY(${ids}::int[])
    ) m
    WHERE ${membershipNotExpired}
    GROUP BY m.user_id`.execute(db);
  const levels = new Map(rows.map((r) => [r.user_id, r.level]));
  const outsiders = ids.filter((id) => (levels.get(id) ?? AccessLevel.NO_ACCESS) < AccessLevel.GUEST);
  const contributors = new Set<number>();
  if (place.projectId !== null && outsiders.length > 0) {
    const merged = await db
      .selectFrom('merge_requests')
      .select('author_id')
      .distinct()
      .where('project_id', '=', place.projectId)
      .where('state', '=', 'merged')
      .where('author_id', 'in', outsiders)
      .execute();
    for (const r of merged) if (r.author_id !== null) contributors.add(r.author_id);
  }
  for (const id of ids) {
    standings.set(id, { accessLevel: levels.get(id) ?? AccessLevel.NO_ACCESS, contributor: contributors.has(id) });
  }
  return standings;
}
