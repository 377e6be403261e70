import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { issueQuery, issueVisibility } from '../../modules/issues/issues-query';
import type { Actor } from '../../policy/actor';
import { byIdLoader, valueLoader } from './batch';

/** One group of a work item's readable direct children: how many of a type and state, their weight. */
export interface ChildStat {
  issue_type: string;
  state: string;
  health_status: string | null;
  count: number;
  weight: number;
}

/** Readable issues linked under `parentColumn`'s ids, grouped by type, state and health: ONE statement. */
async function childStats(
  db: Database,
  actor: Actor | null,
  link: { table: 'work_item_parent_links' | 'epic_issues'; parent: string; child: string },
  keys: number[],
): Promise<Map<number, ChildStat[]>> {
  const { rows } = await sql<ChildStat & { parent_id: number }>`
    SELECT l.${sql.ref(link.parent)} AS parent_id, i.issue_type, i.state, i.health_status,
      count(*)::int AS count, coalesce(sum(i.weight), 0)::int AS weight
    FROM ${sql.table(link.table)} l
    JOIN issues i ON i.id = l.${sql.ref(link.child)}
    JOIN projects p ON p.id = i.project_id
    JOIN namespaces n ON n.id = p.namespace_id
    WHERE l.${sql.ref(link.parent)} IN (${sql.join(keys)}) AND ${issueVisibility(actor)}
    GROUP BY 1, 2, 3, 4`.execute(db);
  const out = new Map<number, ChildStat[]>();
  for (const { parent_id, ...stat } of rows) out.set(parent_id, [...(out.get(parent_id) ?? []), stat]);
  return out;
}

/** The per-request loaders of the work item widgets (hierarchy, rolled-up weight and health, time). */
export function workItemLoaders(db: Database, actor: Actor | null) {
  return {
    /** The parent issue id of an issue-backed work item (task, key result, objective), or null. */
    issueParentId: valueLoader<number | null>(async (keys) => {
      const rows = await db
        .selectFrom('work_item_parent_links')
        .select(['child_issue_id', 'parent_issue_id'])
        .where('child_issue_id', 'in', keys)
        .execute();
      return new Map(rows.map((r) => [r.child_issue_id, r.parent_issue_id]));
    }, null),
    /** An issue by id as the actor may read it (null when hidden). */
    readableIssue: byIdLoader((ids) => issueQuery(db).where('i.id', 'in', ids).where(issueVisibility(actor)).execute()),
    /** Readable direct children of issue-backed work items, grouped. */
    issueChildStats: valueLoader<ChildStat[]>(
      (keys) =>
        childStats(
          db,
          actor,
          { table: 'work_item_parent_links', parent: 'parent_issue_id', child: 'child_issue_id' },
          keys,
        ),
      [],
    ),
    /** Readable direct issues of epics, grouped. */
    epicIssueStats: valueLoader<ChildStat[]>(
      (keys) => childStats(db, actor, { table: 'epic_issues', parent: 'epic_id', child: 'issue_id' }, keys),
      [],
    ),
    /** Total time spent on an issue (seconds; negative entries subtract). */
    totalTimeSpent: valueLoader<number>(async (keys) => {
      const rows = await db
        .selectFrom('timelogs')
        .select(['issue_id', sql<number>`coalesce(sum(time_spent), 0)::int`.as('total')])
        .where('issue_id', 'in', keys)
        .groupBy('issue_id')
        .execute();
      return new Map(rows.map((r) => [r.issue_id, r.total]));
    }, 0),
  };
}
