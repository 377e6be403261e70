import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { epicReadable, issueReadable } from '../../policy/sql-scopes';
import { epicSelect } from '../epics';
import { issueQuery } from '../issues';
import type { WorkItem } from './work-item';

interface ChildKey {
  kind: 'epic' | 'issue';
  id: number;
  total: number;
}

/**
 * The readable direct children's keys of a page, in the tree's order (domain `orderTreeChildren`):
 * position (unplaced last), open before closed, child epics before issues, then the epic's or the
 * issue link's id.
 */
async function childKeys(db: Database, actor: Actor | null, item: WorkItem, window: { offset: number; limit: number }) {
  const issues = (link: 'work_item_parent_links' | 'epic_issues', parentCol: string, childCol: string) => sql`
    SELECT 'issue' AS kind, i.id, l.relative_position AS pos, i.state, l.id AS tie FROM ${sql.table(link)} l
    JOIN issues i ON i.id = l.${sql.ref(childCol)}
    JOIN projects p ON p.id = i.project_id
    JOIN namespaces n ON n.id = p.namespace_id
    WHERE l.${sql.ref(parentCol)} = ${item.row.id} AND ${issueReadable(actor, { i: 'i', p: 'p', n: 'n' })}`;
  const source =
    item.kind === 'epic'
      ? sql`SELECT 'epic' AS kind, e.id, e.relative_position AS pos, e.state, e.id AS tie FROM epics e
          JOIN namespaces n ON n.id = e.group_id
          WHERE e.parent_id = ${item.row.id} AND ${epicReadable(actor, { e: 'e', g: 'n' })}
          UNION ALL ${issues('epic_issues', 'epic_id', 'issue_id')}`
      : issues('work_item_parent_links', 'parent_issue_id', 'child_issue_id');
  const { rows } = await sql<ChildKey>`
    SELECT kind, id, count(*) OVER ()::int AS total FROM (${source}) c
    ORDER BY pos ASC NULLS LAST, state = 'closed' ASC, kind ASC, tie ASC
    LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  return rows;
}

/** A page of the work item's children the actor may read, and their total (IE-38's children connection). */
export async function listWorkItemChildren(
  db: Database,
  actor: Actor | null,
  item: WorkItem,
  window: { offset: number; limit: number },
): Promise<{ rows: WorkItem[]; total: number }> {
  const keys = await childKeys(db, actor, item, window);
  const total =
    keys[0]?.total ??
    (window.offset > 0 ? ((await childKeys(db, actor, item, { offset: 0, limit: 1 }))[0]?.total ?? 0) : 0);
  const epicIds = keys.filter((k) => k.kind === 'epic').map((k) => k.id);
  const issueIds = keys.filter((k) => k.kind === 'issue').map((k) => k.id);
  const [epics, issues] = await Promise.all([
    epicIds.length ? epicSelect(db).where('e.id', 'in', epicIds).execute() : [],
    issueIds.length ? issueQuery(db).where('i.id', 'in', issueIds).execute() : [],
  ]);
  const epicById = new Map(epics.map((e) => [e.id, e]));
  const issueById = new Map(issues.map((i) => [i.id, i]));
  const rows = keys.flatMap((k): WorkItem[] => {
    if (k.kind === 'epic') {
      const row = epicById.get(k.id);
      return row ? [{ kind: 'epic', row }] : [];
    }
    const row = issueById.get(k.id);
    return row ? [{ kind: 'issue', row }] : [];
  });
  return { rows, total };
}
