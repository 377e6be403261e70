import { sql } from 'kysely';
import type { DatabaseHandle } from '../../apps/server/src/db/connection';
import { encodeCursor } from '../../apps/server/src/db/cursor';
import { type BenchContext, type ListName, listPath } from './filter-cases';

export interface DeepCase {
  list: ListName;
  /** Keyset query (without cursor/per_page). */
  query: string;
  depth: number;
  /** The cursor pointing after the `depth`-th row, encoded the way the server encodes it. */
  cursor: string;
  path: string;
}

/**
 * Keyset cursors `depth` rows into each list, built from the row at that position read straight
 * from the database in the list's order (the bench user, the group's Owner, sees every row).
 * Issues and merge requests encode `{ id }`; epics `{ v: sort key as text, id, o, s }`
 * (see db/list-page.ts and epics.service.ts).
 */
export async function deepCursors(
  handle: DatabaseHandle,
  c: BenchContext,
  depths: { issues: number; projectIssues: number; mrs: number; epics: number },
): Promise<DeepCase[]> {
  const group = sql`(SELECT id FROM namespaces WHERE path = ${c.groupPath} AND parent_id IS NULL)`;
  const inGroup = sql`n.traversal_ids @> ARRAY[${group}]::int[]`;
  const projectId = sql`(SELECT p.id FROM projects p WHERE p.path = ${c.projectPath.split('/').pop()}
    AND p.namespace_id IN (SELECT n.id FROM namespaces n WHERE ${inGroup}) ORDER BY p.id LIMIT 1)`;
  const nth = async (q: ReturnType<typeof sql<{ id: number; v: string }>>) => {
    const row = (await q.execute(handle.db)).rows[0];
    if (!row) throw new Error('list shorter than the requested depth');
    return row;
  };
  const issueAt = (column: 'created_at' | 'updated_at', where: ReturnType<typeof sql>, depth: number) =>
    nth(sql<{ id: number; v: string }>`SELECT i.id, i.${sql.raw(column)}::text AS v FROM issues i
      JOIN projects p ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id
      WHERE ${where} ORDER BY i.${sql.raw(column)} DESC, i.id DESC OFFSET ${depth - 1} LIMIT 1`);
  const out: DeepCase[] = [];
  const add = (list: ListName, query: string, depth: number, cursor: string) =>
    out.push({ list, query, depth, cursor, path: listPath(list, c) });

  for (const column of ['created_at', 'updated_at'] as const) {
    const g = await issueAt(column, inGroup, depths.issues);
    add('group issues', `pagination=keyset&order_by=${column}&sort=desc`, depths.issues, encodeCursor({ id: g.id }));
  }
  const p = await issueAt('created_at', sql`i.project_id = ${projectId}`, depths.projectIssues);
  add(
    'project issues',
    'pagination=keyset&order_by=created_at&sort=desc',
    depths.projectIssues,
    encodeCursor({ id: p.id }),
  );
  const mr = await nth(sql<{ id: number; v: string }>`SELECT mr.id, mr.created_at::text AS v FROM merge_requests mr
    JOIN projects p ON p.id = mr.project_id JOIN namespaces n ON n.id = p.namespace_id
    WHERE ${inGroup} ORDER BY mr.created_at DESC, mr.id DESC OFFSET ${depths.mrs - 1} LIMIT 1`);
  add('group MRs', 'pagination=keyset&order_by=created_at&sort=desc', depths.mrs, encodeCursor({ id: mr.id }));
  const epicsIn = sql`e.group_id IN (SELECT n.id FROM namespaces n WHERE ${inGroup})`;
  const e1 = await nth(sql<{ id: number; v: string }>`SELECT e.id, (e.created_at)::text AS v FROM epics e
    WHERE ${epicsIn} ORDER BY e.created_at DESC, e.id DESC OFFSET ${depths.epics - 1} LIMIT 1`);
  add(
    'group epics',
    'pagination=keyset&order_by=created_at&sort=desc',
    depths.epics,
    encodeCursor({ v: e1.v, id: e1.id, o: 'created_at', s: 'desc' }),
  );
  const e2 = await nth(sql<{
    id: number;
    v: string;
  }>`SELECT e.id, (coalesce(e.start_date, 'infinity'::date))::text AS v FROM epics e
    WHERE ${epicsIn} ORDER BY coalesce(e.start_date, 'infinity'::date) ASC, e.id ASC OFFSET ${depths.epics - 1} LIMIT 1`);
  add(
    'group epics',
    'pagination=keyset&order_by=start_date&sort=asc',
    depths.epics,
    encodeCursor({ v: e2.v, id: e2.id, o: 'start_date', s: 'asc' }),
  );
  return out;
}
