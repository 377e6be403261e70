import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { issueVisibility } from '../issues';

/** One group of a work item's readable direct children: how many of a type and state, their weight. */
export interface ChildStat {
  issue_type: string;
  state: string;
  health_status: string | null;
  count: number;
  weight: number;
}

type ChildLink = { table: 'work_item_parent_links' | 'epic_issues'; parent: string; child: string };

/** Readable issues linked under the parents `ids`, grouped by type, state and health: ONE statement. */
async function childStats(
  db: Database,
  actor: Actor | null,
  link: ChildLink,
  ids: readonly number[],
): Promise<Map<number, ChildStat[]>> {
  const { rows } = await sql<ChildStat & { parent_id: number }>`
    SELECT l.${sql.ref(link.parent)} AS parent_id, i.issue_type, i.state, i.health_status,
      count(*)::int AS count, coalesce(sum(i.weight), 0)::int AS weight
    FROM ${sql.table(link.table)} l
    JOIN issues i ON i.id = l.${sql.ref(link.child)}
    JOIN projects p ON p.id = i.project_id
    JOIN namespaces n ON n.id = p.namespace_id
    WHERE l.${sql.ref(link.parent)} IN (${sql.join(ids)}) AND ${issueVisibility(actor)}
    GROUP BY 1, 2, 3, 4`.execute(db);
  const out = new Map<number, ChildStat[]>();
  for (const { parent_id, ...stat } of rows) out.set(parent_id, [...(out.get(parent_id) ?? []), stat]);
  return out;
}

/** The readable direct children (parent links) of the issue-backed work items `ids`, grouped. */
export function issueChildStats(db: Database, actor: Actor | null, ids: readonly number[]) {
  return childStats(
    db,
    actor,
    { table: 'work_item_parent_links', parent: 'parent_issue_id', child: 'child_issue_id' },
    ids,
  );
}

/** The readable direct issues of the epics `ids`, grouped. */
export function epicIssueStats(db: Database, actor: Actor | null, ids: readonly number[]) {
  return childStats(db, actor, { table: 'epic_issues', parent: 'epic_id', child: 'issue_id' }, ids);
}
