import type { ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { epicRowsByIds, epicsOfIssues } from '../../modules/epics';
import { issueAssigneesByUsername, labelsByOwner } from '../../modules/issuables';
import { milestoneRowsByIds } from '../../modules/milestones';
import { groupRowsByIds, projectRowsByIds } from '../../modules/namespaces';
import { userRowsByIds } from '../../modules/users';
import { byIdLoader, groupedLoader } from './batch';
import type { EpicRow, LabelRow, MilestoneRow, UserRow } from './rows';

/**
 * Plain look-ups by id, one statement per batch, through the owning modules' reads. They do NOT
 * check permissions: resolvers that expose a looked-up row go through `readable` (graphql/readable.ts).
 */
export function entityLoaders(db: Database, read: ReadRows) {
  return {
    user: byIdLoader<UserRow>((ids) => userRowsByIds(db, ids, read)),
    group: byIdLoader((ids) => groupRowsByIds(db, ids, read)),
    project: byIdLoader((ids) => projectRowsByIds(db, ids, read)),
    milestone: byIdLoader<MilestoneRow>((ids) => milestoneRowsByIds(db, ids, read)),
    epic: byIdLoader<EpicRow>((ids) => epicRowsByIds(db, ids, read)),
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
      (ids) => epicsOfIssues(db, ids, read),
      (r) => r.issue_id,
    ),
  };
}
