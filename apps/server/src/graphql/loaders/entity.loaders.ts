import type { ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { epicSelect } from '../../modules/epics/epic-query';
import { issueAssigneesByUsername, labelsByOwner } from '../../modules/issuables/owner-links';
import { milestoneRowsByIds } from '../../modules/milestones/milestones-by-id';
import { groupQuery, projectQuery } from '../../modules/namespaces/namespace-lookup.service';
import { userRowsByIds } from '../../modules/users/users-by-id';
import { byIdLoader, groupedLoader } from './batch';
import type { EpicRow, LabelRow, MilestoneRow, UserRow } from './rows';

/**
 * Plain look-ups by id, one statement per batch. They do NOT check permissions: resolvers that
 * expose a looked-up row (a parent epic, an issue's epic) check `policy/abilities` first.
 */
export function entityLoaders(db: Database, read: ReadRows) {
  const groups = (ids: number[]) => groupQuery(db).where('n.id', 'in', ids);
  const projects = (ids: number[]) => projectQuery(db).where('p.id', 'in', ids);
  return {
    user: byIdLoader<UserRow>((ids) => userRowsByIds(db, ids, read)),
    group: byIdLoader((ids) =>
      read<Awaited<ReturnType<ReturnType<typeof groups>['executeTakeFirstOrThrow']>>>(groups(ids)),
    ),
    project: byIdLoader((ids) =>
      read<Awaited<ReturnType<ReturnType<typeof projects>['executeTakeFirstOrThrow']>>>(projects(ids)),
    ),
    milestone: byIdLoader<MilestoneRow>((ids) => milestoneRowsByIds(db, ids, read)),
    epic: byIdLoader<EpicRow>((ids) => read(epicSelect(db).where('e.id', 'in', ids))),
    /** Labels of each epic, by title. */
    epicLabels: groupedLoader<LabelRow & { owner_id: number }>(
      (ids) => labelsByOwner(db, 'epic', ids, read),
      (r) => r.owner_id,
    ),
    /** Labels of each issue, by title. */
    issueLabels: groupedLoader<LabelRow & { owner_id: number }>(
      (ids) => labelsByOwner(db, 'issue', ids, read),
      (r) => r.owner_id,
    ),
    /** Assignees of each issue. */
    issueAssignees: groupedLoader<UserRow & { issue_id: number }>(
      (ids) => issueAssigneesByUsername(db, ids, read),
      (r) => r.issue_id,
    ),
    /** The epic each issue belongs to (at most one). */
    issueEpic: groupedLoader<EpicRow & { issue_id: number }>(
      (ids) =>
        read(
          epicSelect(db)
            .innerJoin('epic_issues as ei', 'ei.epic_id', 'e.id')
            .select('ei.issue_id')
            .where('ei.issue_id', 'in', ids),
        ),
      (r) => r.issue_id,
    ),
  };
}
