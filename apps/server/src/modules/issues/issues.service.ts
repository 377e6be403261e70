import type { Database } from '../../db/connection';
import type { ListPage } from '../../db/list-page';
import type { Actor } from '../../policy/actor';
import type { IssueSubject, ProjectSubject } from '../../policy/subjects';
import { issuableListReads } from '../issuables';
import { type ProjectRow, projectSubject } from '../namespaces';
import { type IssueRow, issueLister, issueQuery, issueVisibility } from './issues-query';

export type { IssueFilters } from './issue-filters';
export type { IssueListScope, IssueRow } from './issues-query';

export type IssuePage = ListPage;

/** The project subject for issue rules (create_issue) with the issues feature and archived flags. */
export function projectIssueSubject(project: ProjectRow): ProjectSubject {
  return { ...projectSubject(project), issuesEnabled: project.issues_enabled, archived: project.archived };
}

const issueLists = issuableListReads(issueLister);

/**
 * Issues visible to the actor in a project, a group (with subgroups) or everywhere, filtered and
 * ordered. Visibility (project readable AND confidentiality) is in the SQL, so `total` never
 * counts hidden issues. Two statements: the page and the count.
 */
export const listIssues = issueLists.list;

/**
 * Every issue `listIssues` would list (same scope, visibility, filters and order, no page), read
 * in keyset batches of `batchSize` so a caller streaming them holds one batch at a time.
 */
export const issueBatches = issueLists.batches;

/** How many issues `listIssues` would list in all (capped at COUNT_CAP + 1), without reading a page. */
export const countIssues = issueLists.count;

/** One issue by project and iid; 404 `Issue Not Found` when missing or hidden from the actor. */
export const findIssue = issueLists.find;

/** One issue by its global id number; undefined when missing or hidden from the actor (never told apart). */
export function findReadableIssueById(db: Database, actor: Actor | null, id: number): Promise<IssueRow | undefined> {
  return issueQuery(db).where('i.id', '=', id).where(issueVisibility(actor)).executeTakeFirst();
}

/** The issues of `ids` the actor may read (missing and hidden ones are left out): one statement. */
export function findReadableIssuesByIds(
  db: Database,
  actor: Actor | null,
  ids: readonly number[],
): Promise<IssueRow[]> {
  return issueQuery(db).where('i.id', 'in', ids).where(issueVisibility(actor)).execute();
}

/** The policy subject of an issue row whose assignees are known (GraphQL passes them from a loader). */
export function issueSubjectOf(row: IssueRow, assigneeIds: number[]): IssueSubject {
  return {
    kind: 'issue',
    project: {
      kind: 'project',
      id: row.project_id,
      namespaceTraversalIds: row.namespace_traversal_ids,
      visibilityLevel: row.project_visibility_level,
      issuesEnabled: row.project_issues_enabled,
      archived: row.project_archived,
    },
    confidential: row.confidential,
    authorId: row.author_id,
    assigneeIds,
    discussionLocked: row.discussion_locked,
    hidden: row.hidden,
  };
}

/** The policy subject of an issue row (one query for its assignees). */
export async function issueSubject(db: Database, row: IssueRow): Promise<IssueSubject> {
  const assignees = await db.selectFrom('issue_assignees').select('user_id').where('issue_id', '=', row.id).execute();
  return issueSubjectOf(
    row,
    assignees.map((a) => a.user_id),
  );
}
