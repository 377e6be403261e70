import { sql } from 'kysely';
import type { ReadRows } from '../../../db/combined-reads';
import type { Database } from '../../../db/connection';
import {
  countPerKey,
  pagePerKey,
  type SubListCountKey,
  type SubListPageKey,
  type Tagged,
} from '../../../db/keyed-pages';
import type { Actor } from '../../../policy/actor';
import { issuesWithProject } from '../../issuables';
import { type IssueRow, issueQuery, issueVisibility } from '../../issues';

/** An issue listed under an epic, with its link (`epic_issues`): the tree's EpicIssue. */
export type EpicIssueTreeRow = IssueRow & {
  epic_issue_id: number;
  epic_issue_epic_id: number;
  epic_issue_position: number | null;
};

/**
 * The readable issues of many epics at once, each epic's page with its own limit and offset, in
 * the link's order (epic_issues.relative_position, what epicTreeReorder writes), as GitLab: one statement.
 */
export function epicIssuePages(
  db: Database,
  actor: Actor | null,
  read: ReadRows,
  keys: SubListPageKey<null>[],
): Promise<Tagged<EpicIssueTreeRow>[]> {
  const page = issueQuery(db)
    .innerJoin('epic_issues as ei', 'ei.issue_id', 'i.id')
    .select([
      'ei.id as epic_issue_id',
      'ei.epic_id as epic_issue_epic_id',
      'ei.relative_position as epic_issue_position',
    ])
    .where(sql<boolean>`ei.epic_id = w.parent_id`)
    .where(issueVisibility(actor))
    .orderBy(sql`ei.relative_position ASC NULLS LAST`)
    .orderBy(sql`ei.id ASC`);
  return pagePerKey<EpicIssueTreeRow>(read, keys, page);
}

/** The capped number of readable issues of each key's epic: one statement. */
export function epicIssueCounts(
  db: Database,
  actor: Actor | null,
  read: ReadRows,
  keys: SubListCountKey<null>[],
): Promise<Tagged<{ total: number }>[]> {
  const rows = issuesWithProject(db)
    .innerJoin('epic_issues as ei', 'ei.issue_id', 'i.id')
    .select(sql<number>`1`.as('one'))
    .where(sql<boolean>`ei.epic_id = w.parent_id`)
    .where(issueVisibility(actor));
  return countPerKey(read, keys, rows);
}
