import { type ChildDueCount, type RollupDrift, rollupDrift } from '@meridian/domain';
import { sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import { epicReadable, issueReadable } from '../../policy/sql-scopes';
import type { EpicRow, Executor } from './epic-query';

/** The latest due days looked at: enough for the header's figure, bounded whatever the epic holds. */
const MAX_DUE_DAYS = 100;

/**
 * Issue 13 ("beyond GitLab"): the epic's planned due date against the due dates of its open
 * children, child epics and issues, counting only those the actor may read. One statement: the
 * children's due dates grouped by day, latest first; the comparison is `rollupDrift` (domain).
 */
export async function epicRollupDrift(db: Executor, actor: Actor | null, epic: EpicRow): Promise<RollupDrift> {
  const result = await sql<{ due_date: string; n: string | number }>`
    SELECT to_char(c.due_date, 'YYYY-MM-DD') AS due_date, count(*) AS n FROM (
      SELECT ce.due_date FROM epics ce JOIN namespaces cg ON cg.id = ce.group_id
      WHERE ce.parent_id = ${epic.id} AND ce.state = 'opened' AND ce.due_date IS NOT NULL
        AND ${epicReadable(actor, { e: 'ce', g: 'cg' })}
      UNION ALL
      SELECT i.due_date FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
        JOIN projects p ON p.id = i.project_id JOIN namespaces pn ON pn.id = p.namespace_id
      WHERE ei.epic_id = ${epic.id} AND i.state = 'opened' AND i.due_date IS NOT NULL
        AND ${issueReadable(actor, { i: 'i', p: 'p', n: 'pn' })}
    ) c
    GROUP BY c.due_date ORDER BY c.due_date DESC LIMIT ${MAX_DUE_DAYS}`.execute(db);
  const children: ChildDueCount[] = result.rows.map((r) => ({ dueDate: r.due_date, count: Number(r.n) }));
  return rollupDrift(epic.due_date, children);
}
