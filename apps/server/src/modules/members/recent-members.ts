import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { readableDescendantGroupIds } from '../../policy/sql-scopes';
import { membershipNotExpired } from './members.service';

/**
 * GitLab's "new members" of a group (`GroupMembersFinder` with the direct and descendant relations and
 * `created_after`): the users holding a membership of the group or of a subgroup the actor may read,
 * counted once each by their highest membership (the members list's rule), when that membership was
 * created at or after `since`. GitLab also counts subgroups the reader cannot see; Meridian does not,
 * so a count never tells of a hidden subgroup.
 */
export async function countNewGroupMembers(
  db: Database,
  actor: Actor | null,
  groupId: number,
  since: Date,
): Promise<number> {
  const result = await sql<{ total: number }>`SELECT count(*)::int AS total FROM (
      SELECT DISTINCT ON (m.user_id) m.created_at
      FROM group_members m
      WHERE (m.group_id = ${groupId} OR m.group_id IN ${readableDescendantGroupIds(actor, groupId)})
        AND ${membershipNotExpired}
      ORDER BY m.user_id, m.access_level DESC, m.created_at
    ) best WHERE best.created_at >= ${since}`.execute(db);
  return result.rows[0]?.total ?? 0;
}
