import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import {
  issueConfidentialityAllows,
  issueNotHidden,
  mergeRequestNotHidden,
  projectIssuesEnabled,
  projectReadable,
} from '../../policy/sql-scopes';
import type { LabelContainer } from './label-container';

export interface LabelCounts {
  openIssues: number;
  closedIssues: number;
  openMergeRequests: number;
}

export interface LabelExtras {
  counts: Map<number, LabelCounts>;
  subscribed: Set<number>;
}

/**
 * Issue and merge request counts for a page of labels, in ONE statement: only issues and merge
 * requests inside the container (a project, or every project below a group) that the actor can
 * read (issues and merge requests features on), so confidential issues never leak through a count. Also the labels the actor subscribes to.
 */
export async function labelExtras(
  db: Database,
  actor: Actor | null,
  container: LabelContainer,
  labelIds: number[],
  withCounts: boolean,
): Promise<LabelExtras> {
  const counts = new Map<number, LabelCounts>();
  const subscribed = new Set<number>();
  if (labelIds.length === 0 || (!withCounts && !actor)) return { counts, subscribed };
  const inContainer =
    container.kind === 'project'
      ? sql`p.id = ${container.project.id}`
      : sql`n.traversal_ids @> ARRAY[${container.group.id}]::int[]`;
  const readableProject = projectReadable(actor, {
    projectId: 'p.id',
    visibility: 'p.visibility_level',
    namespaceTraversalIds: 'n.traversal_ids',
  });
  const issueCounts = withCounts
    ? sql`(SELECT count(*) FILTER (WHERE i.state = 'opened')::int AS open_issues,
              count(*) FILTER (WHERE i.state = 'closed')::int AS closed_issues
         FROM issue_labels il JOIN issues i ON i.id = il.issue_id
         JOIN projects p ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id
         WHERE il.label_id = x.id AND ${inContainer} AND ${readableProject}
           AND ${projectIssuesEnabled({ issuesEnabled: 'p.issues_enabled' })}
           AND ${issueConfidentialityAllows(actor, {
             issueId: 'i.id',
             confidential: 'i.confidential',
             authorId: 'i.author_id',
             projectId: 'p.id',
             namespaceTraversalIds: 'n.traversal_ids',
           })}
           AND ${issueNotHidden(actor, { authorId: 'i.author_id', hiddenAsSpam: 'i.hidden_as_spam' })})`
    : sql`(SELECT 0 AS open_issues, 0 AS closed_issues)`;
  const mrCounts = withCounts
    ? sql`(SELECT count(*)::int AS open_mrs FROM merge_request_labels ml
         JOIN merge_requests m ON m.id = ml.merge_request_id
         JOIN projects p ON p.id = m.project_id JOIN namespaces n ON n.id = p.namespace_id
         WHERE ml.label_id = x.id AND m.state = 'opened' AND ${inContainer} AND ${readableProject}
           AND p.merge_requests_enabled AND ${mergeRequestNotHidden(actor, { authorId: 'm.author_id' })})`
    : sql`(SELECT 0 AS open_mrs)`;
  const subscribedExpr = actor
    ? sql`EXISTS (SELECT 1 FROM subscriptions s WHERE s.subscribable_type = 'Label'
         AND s.subscribable_id = x.id AND s.user_id = ${actor.id} AND s.subscribed)`
    : sql`false`;
  const result = await sql<{
    id: number;
    open_issues: number;
    closed_issues: number;
    open_mrs: number;
    subscribed: boolean;
  }>`SELECT x.id, ic.open_issues, ic.closed_issues, mc.open_mrs, ${subscribedExpr} AS subscribed
     FROM unnest(${sql`${labelIds}::int[]`}) AS x(id)
     CROSS JOIN LATERAL ${issueCounts} ic
     CROSS JOIN LATERAL ${mrCounts} mc`.execute(db);
  for (const row of result.rows) {
    counts.set(row.id, {
      openIssues: Number(row.open_issues),
      closedIssues: Number(row.closed_issues),
      openMergeRequests: Number(row.open_mrs),
    });
    if (row.subscribed) subscribed.add(row.id);
  }
  return { counts, subscribed };
}
