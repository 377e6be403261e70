import { sql } from 'kysely';
import { directReads, type ReadRows } from '../../db/combined-reads';
import type { Actor } from '../../policy/actor';
import { issueConfidentialityAllows, issueNotHidden, projectReadable } from '../../policy/sql-scopes';
import { type Executor, epicVisible } from './epic-query';

/** GitLab's descendantCounts and descendantWeightSum of an epic (all levels below it). */
export interface EpicDescendantCounts {
  openedEpics: number;
  closedEpics: number;
  openedIssues: number;
  closedIssues: number;
  openedIssuesWeight: number;
  closedIssuesWeight: number;
  /** Open issues of the tree by health status (GitLab's Epic.healthStatus). */
  issuesOnTrack: number;
  issuesNeedingAttention: number;
  issuesAtRisk: number;
}

/** The counts of an epic with nothing below it. */
export const ZERO_DESCENDANT_COUNTS: EpicDescendantCounts = {
  openedEpics: 0,
  closedEpics: 0,
  openedIssues: 0,
  closedIssues: 0,
  openedIssuesWeight: 0,
  closedIssuesWeight: 0,
  issuesOnTrack: 0,
  issuesNeedingAttention: 0,
  issuesAtRisk: 0,
};

/**
 * Counts of the descendant epics and of the issues of the epic and its descendants, for many epics
 * in ONE SQL statement (recursive CTE). Only what the actor may read is counted, and the walk does
 * not descend through epics the actor may not read. Map epic id → counts (zeros when none).
 */
export async function descendantCounts(
  db: Executor,
  actor: Actor | null,
  epicIds: number[],
  read: ReadRows = directReads(db),
): Promise<Map<number, EpicDescendantCounts>> {
  const ids = [...new Set(epicIds)];
  const out = new Map<number, EpicDescendantCounts>();
  if (ids.length === 0) return out;
  const issueVisible = sql<boolean>`(${projectReadable(actor, {
    projectId: 'pr.id',
    visibility: 'pr.visibility_level',
    namespaceTraversalIds: 'pn.traversal_ids',
  })} AND ${issueConfidentialityAllows(actor, {
    issueId: 'i.id',
    confidential: 'i.confidential',
    authorId: 'i.author_id',
    projectId: 'pr.id',
    namespaceTraversalIds: 'pn.traversal_ids',
  })} AND ${issueNotHidden(actor, { authorId: 'i.author_id', hiddenAsSpam: 'i.hidden_as_spam' })})`;
  const rows = await read<{
    root_id: number;
    opened_epics: number;
    closed_epics: number;
    opened_issues: number;
    closed_issues: number;
    opened_weight: number;
    closed_weight: number;
    on_track: number;
    needs_attention: number;
    at_risk: number;
  }>(sql`
    WITH RECURSIVE tree(root_id, id, depth, state) AS (
      SELECT r.id, r.id, 0, NULL::text FROM unnest(${ids}::int[]) AS r(id)
      UNION ALL
      SELECT t.root_id, e.id, t.depth + 1, e.state
      FROM tree t
      -- Each node's children through the epics(parent_id) index, in a LATERAL subquery that OFFSET 0
      -- keeps from being flattened into a join: PostgreSQL cannot size the recursive term and, as a
      -- join, hashed every epic (a sequential scan) for the few levels below a page of 50.
      -- (visibility outside it: inside, the small tables it reads were scanned again for each node).
      CROSS JOIN LATERAL (
        SELECT e.id, e.state, e.group_id, e.confidential, e.author_id FROM epics e WHERE e.parent_id = t.id OFFSET 0
      ) e
      JOIN namespaces n ON n.id = e.group_id
      WHERE t.depth < 20 AND ${epicVisible(actor)}
    ),
    epic_counts AS (
      SELECT t.root_id,
        count(*) FILTER (WHERE t.state = 'opened')::int AS opened_epics,
        count(*) FILTER (WHERE t.state = 'closed')::int AS closed_epics
      FROM tree t
      WHERE t.depth > 0
      GROUP BY t.root_id
    ),
    -- The issues of every epic of the trees, per epic, read at once through the epic_issues(epic_id)
    -- index: the epic ids as an array, because PostgreSQL cannot size the recursive tree and, joined
    -- to it, hashed every epic_issues row. One pass lets it hash projects, namespaces and banned
    -- users once instead of looking them up again for each node.
    epic_issue_counts AS (
      SELECT ei.epic_id,
        count(*) FILTER (WHERE i.state = 'opened') AS opened_issues,
        count(*) FILTER (WHERE i.state = 'closed') AS closed_issues,
        coalesce(sum(i.weight) FILTER (WHERE i.state = 'opened'), 0) AS opened_weight,
        coalesce(sum(i.weight) FILTER (WHERE i.state = 'closed'), 0) AS closed_weight,
        count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'on_track') AS on_track,
        count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'needs_attention') AS needs_attention,
        count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'at_risk') AS at_risk
      FROM epic_issues ei
      JOIN issues i ON i.id = ei.issue_id
      JOIN projects pr ON pr.id = i.project_id
      JOIN namespaces pn ON pn.id = pr.namespace_id
      WHERE ei.epic_id = ANY(ARRAY(SELECT DISTINCT t.id FROM tree t)) AND ${issueVisible}
      GROUP BY ei.epic_id
    ),
    issue_counts AS (
      SELECT t.root_id,
        sum(x.opened_issues)::int AS opened_issues,
        sum(x.closed_issues)::int AS closed_issues,
        sum(x.opened_weight)::int AS opened_weight,
        sum(x.closed_weight)::int AS closed_weight,
        sum(x.on_track)::int AS on_track,
        sum(x.needs_attention)::int AS needs_attention,
        sum(x.at_risk)::int AS at_risk
      FROM tree t
      JOIN epic_issue_counts x ON x.epic_id = t.id
      GROUP BY t.root_id
    )
    SELECT r.id AS root_id,
      coalesce(ec.opened_epics, 0) AS opened_epics, coalesce(ec.closed_epics, 0) AS closed_epics,
      coalesce(ic.opened_issues, 0) AS opened_issues, coalesce(ic.closed_issues, 0) AS closed_issues,
      coalesce(ic.opened_weight, 0) AS opened_weight, coalesce(ic.closed_weight, 0) AS closed_weight,
      coalesce(ic.on_track, 0) AS on_track, coalesce(ic.needs_attention, 0) AS needs_attention,
      coalesce(ic.at_risk, 0) AS at_risk
    FROM unnest(${ids}::int[]) AS r(id)
    LEFT JOIN epic_counts ec ON ec.root_id = r.id
    LEFT JOIN issue_counts ic ON ic.root_id = r.id`);
  for (const r of rows) {
    out.set(Number(r.root_id), {
      openedEpics: Number(r.opened_epics),
      closedEpics: Number(r.closed_epics),
      openedIssues: Number(r.opened_issues),
      closedIssues: Number(r.closed_issues),
      openedIssuesWeight: Number(r.opened_weight),
      closedIssuesWeight: Number(r.closed_weight),
      issuesOnTrack: Number(r.on_track),
      issuesNeedingAttention: Number(r.needs_attention),
      issuesAtRisk: Number(r.at_risk),
    });
  }
  for (const id of ids) if (!out.has(id)) out.set(id, { ...ZERO_DESCENDANT_COUNTS });
  return out;
}
