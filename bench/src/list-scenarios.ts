/** The four list requests issue 26 sets median targets for, on the large data set's group `bench`. */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../apps/server/src/db/connection';
import { encodeQuery } from './filter-cases';

export interface ListScenario {
  id: string;
  name: string;
  path: string;
  /** Target median, ms. */
  targetMs: number;
}

/**
 * An ordinary issue (labels, an assignee; not the 5,000-note "Dependency Dashboard") of the group
 * tree's first public project, as `GET /projects/:id/issues/:iid` takes it.
 */
async function ordinaryIssue(handle: DatabaseHandle, groupPath: string): Promise<{ projectId: number; iid: number }> {
  const r = await sql<{ project_id: number; iid: number }>`
    WITH p AS (
      SELECT min(p.id) AS id FROM projects p JOIN namespaces n ON n.id = p.namespace_id
      WHERE n.traversal_ids @> ARRAY[(SELECT id FROM namespaces WHERE path = ${groupPath} AND parent_id IS NULL)]
        AND p.visibility_level = 20)
    SELECT i.project_id, i.iid FROM issues i, p
    WHERE i.project_id = p.id AND i.title <> 'Dependency Dashboard'
      AND EXISTS (SELECT 1 FROM issue_labels l WHERE l.issue_id = i.id)
      AND EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id)
    ORDER BY i.iid LIMIT 1`.execute(handle.db);
  const row = r.rows[0];
  if (!row) throw new Error(`no issue with labels and an assignee in group '${groupPath}': seed with --scale large`);
  return { projectId: row.project_id, iid: row.iid };
}

export async function listScenarios(handle: DatabaseHandle, groupPath: string): Promise<ListScenario[]> {
  const issues = `/api/v4/groups/${encodeURIComponent(groupPath)}/issues`;
  const one = await ordinaryIssue(handle, groupPath);
  return [
    {
      id: 'list.first-page-50',
      name: 'group issues, first page of 50 (open)',
      path: `${issues}?${encodeQuery('state=opened&per_page=50')}`,
      targetMs: 15,
    },
    {
      id: 'list.assignee-open-type',
      name: 'group issues, assignee + open + type issue (50)',
      path: `${issues}?${encodeQuery('assignee_username[]=bench_user_9&state=opened&issue_type=issue&per_page=50')}`,
      targetMs: 15,
    },
    {
      id: 'list.title-contains',
      name: 'group issues, title contains "webhook" (50)',
      path: `${issues}?${encodeQuery('search=webhook&in=title&per_page=50')}`,
      targetMs: 25,
    },
    {
      id: 'list.one-issue',
      name: `one issue, GET /projects/${one.projectId}/issues/${one.iid}`,
      path: `/api/v4/projects/${one.projectId}/issues/${one.iid}`,
      targetMs: 6,
    },
  ];
}
