import { COUNT_CAP } from '../../db/capped-count';
import type { Database } from '../../db/connection';
import { forbidden } from '../../errors';
import { groupAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { countIssues } from '../issues';
import { countNewGroupMembers } from '../members';
import { countMergeRequests } from '../merge-requests';
import { findGroup, type GroupRow, groupSubject } from '../namespaces';

/** GitLab's `Analytics::GroupActivityCalculator::DURATION`: what was created in the last 90 days. */
export const GROUP_ACTIVITY_DAYS = 90;

export type GroupActivityCount = 'issues_count' | 'merge_requests_count' | 'new_members_count';

/**
 * GitLab's `read_group_activity_analytics` (`has_access`): any member of the group or of an
 * ancestor, Guest and up, and admins. A signed-in caller who sees the group without being a
 * member is refused with 403, as GitLab's `authorize!` does.
 */
function mayReadGroupActivity(actor: Actor, group: GroupRow): boolean {
  return actor.admin || groupAccessLevel(actor, groupSubject(group)) >= AccessLevel.GUEST;
}

/** The group by full path: 401 anonymous (GitLab authenticates first), 404 unseen, 403 without the ability. */
async function activityGroup(db: Database, actor: Actor | null, groupPath: string): Promise<GroupRow> {
  const me = requireActor(actor);
  const group = await findGroup(db, me, { fullPath: groupPath });
  if (!mayReadGroupActivity(me, group)) throw forbidden();
  return group;
}

/**
 * IE-74: how many issues, merge requests or new members the group and its subgroups gained in the
 * last 90 days, as the caller may see them: the issue and merge request counts are the group lists'
 * own visibility rules (private projects, confidential issues, hidden authors). Counts stop at
 * COUNT_CAP, as list totals do (GitLab's counts are exact but cached for a day).
 */
export async function groupActivityCount(
  db: Database,
  actor: Actor | null,
  groupPath: string,
  count: GroupActivityCount,
  now: Date = new Date(),
): Promise<number> {
  const group = await activityGroup(db, actor, groupPath);
  const since = new Date(now.getTime() - GROUP_ACTIVITY_DAYS * 86_400_000);
  const scope = { groupId: group.id };
  switch (count) {
    case 'issues_count':
      return Math.min(COUNT_CAP, await countIssues(db, actor, scope, { createdAfter: since }));
    case 'merge_requests_count':
      return Math.min(COUNT_CAP, await countMergeRequests(db, actor, scope, { createdAfter: since }));
    case 'new_members_count':
      return countNewGroupMembers(db, actor, group.id, since);
  }
}
