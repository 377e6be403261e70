import { sql } from 'kysely';
import { digest, newPersonalAccessToken } from '../../apps/server/src/auth/token-digest';
import type { DatabaseHandle } from '../../apps/server/src/db/connection';
import type { BenchContext } from './filter-cases';

/** Options of the scripts that bench both databases: `--pg URL`, `--pglite DIR`, `--group PATH` (default bench). */
export const BENCH_DATABASE_OPTIONS = {
  pg: { type: 'string' },
  pglite: { type: 'string' },
  group: { type: 'string', default: 'bench' },
} as const;

/** A fresh `api` token named `name` for the bench group's Owner (the first member by access level). */
export async function ownerToken(
  handle: DatabaseHandle,
  groupPath: string,
  name = 'filter-bench',
): Promise<{ token: string; userId: number }> {
  const member = await sql<{ user_id: number }>`
    SELECT m.user_id FROM group_members m JOIN namespaces n ON n.id = m.group_id
    WHERE n.path = ${groupPath} AND n.parent_id IS NULL ORDER BY m.access_level DESC, m.user_id LIMIT 1`.execute(
    handle.db,
  );
  const userId = member.rows[0]?.user_id;
  if (!userId) throw new Error(`no member of group '${groupPath}': seed with --scale large first`);
  const token = newPersonalAccessToken();
  await handle.db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, name, token_digest: digest(token), scopes: ['api'] })
    .execute();
  return { token, userId };
}

/** One user sends hundreds of searches a minute in a bench: lifts GitLab's per-user search throttle. */
export async function liftSearchRateLimit(handle: DatabaseHandle): Promise<void> {
  await sql`INSERT INTO application_settings (key, value) VALUES ('search_rate_limit', '1000000'::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(handle.db);
}

/** Reads the ids and paths the filter cases point at from the large data set. */
export async function benchContext(handle: DatabaseHandle, groupPath: string): Promise<BenchContext> {
  const r = await sql<{
    group_id: number;
    project_path: string;
    epic_id: number;
    iteration_id: number;
    parent_id: number;
  }>`
    WITH g AS (SELECT id FROM namespaces WHERE path = ${groupPath} AND parent_id IS NULL)
    SELECT g.id AS group_id,
      (SELECT string_agg(a.path, '/' ORDER BY t.ord) || '/' || p.path
         FROM namespaces pn, unnest(pn.traversal_ids) WITH ORDINALITY t(nid, ord) JOIN namespaces a ON a.id = t.nid
         WHERE pn.id = p.namespace_id) AS project_path,
      (SELECT ei.epic_id FROM epic_issues ei WHERE ei.issue_id = (SELECT max(issue_id) FROM epic_issues)) AS epic_id,
      (SELECT it.id FROM iterations it WHERE it.group_id = g.id AND it.due_date < CURRENT_DATE ORDER BY it.due_date DESC LIMIT 1) AS iteration_id,
      (SELECT e.parent_id FROM epics e JOIN namespaces en ON en.id = e.group_id
         WHERE en.traversal_ids @> ARRAY[g.id] AND e.parent_id IS NOT NULL ORDER BY e.id DESC LIMIT 1) AS parent_id
    FROM g CROSS JOIN LATERAL (SELECT p.* FROM projects p JOIN namespaces n ON n.id = p.namespace_id
      WHERE n.traversal_ids @> ARRAY[g.id] AND p.visibility_level = 20 ORDER BY p.id LIMIT 1) p`.execute(handle.db);
  const row = r.rows[0];
  if (!row?.project_path || !row.epic_id || !row.iteration_id || !row.parent_id) {
    throw new Error(
      `group '${groupPath}' lacks projects, epic links, iterations or child epics: reseed with --scale large`,
    );
  }
  return {
    groupPath,
    projectPath: row.project_path,
    epicId: row.epic_id,
    iterationId: row.iteration_id,
    parentEpicId: row.parent_id,
  };
}
