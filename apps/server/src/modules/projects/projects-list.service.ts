import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { PageParams } from '../../db/list-page';
import type { Actor } from '../../policy/actor';
import { projectReadable } from '../../policy/sql-scopes';
import { fullPathOf, type ProjectRow, projectQuery } from '../namespaces';
import type { ProjectListParams } from './project-list-params';

export type ProjectListFilters = Omit<ProjectListParams, 'page' | 'per_page'> & {
  /** Only projects of this group (and of its subgroups with include_subgroups). */
  groupId?: number;
};

/** SQL: the actor holds at least `level` on the project (directly or through an ancestor group). */
function accessAtLeast(actor: Actor | null, level: number) {
  const projectIds = actor?.projectMemberships.filter((m) => m.accessLevel >= level).map((m) => m.projectId) ?? [];
  const groupIds = actor?.groupMemberships.filter((m) => m.accessLevel >= level).map((m) => m.groupId) ?? [];
  return sql<boolean>`(p.id = ANY(${projectIds}::int[]) OR n.traversal_ids && ${groupIds}::int[])`;
}

/** Readable projects matching the filters, one page, and the total. */
export async function listProjects(
  db: Database,
  actor: Actor | null,
  filters: ProjectListFilters,
  page: PageParams,
): Promise<{ rows: ProjectRow[]; total: number }> {
  let q = projectQuery(db).where(
    projectReadable(actor, {
      projectId: 'p.id',
      visibility: 'p.visibility_level',
      namespaceTraversalIds: 'n.traversal_ids',
    }),
  );
  if (filters.groupId !== undefined) {
    q = filters.include_subgroups
      ? q.where(sql<boolean>`n.traversal_ids @> ARRAY[${filters.groupId}]::int[]`)
      : q.where('p.namespace_id', '=', filters.groupId);
  }
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) =>
      eb.or([
        eb('p.name', 'ilike', pattern),
        eb('p.path', 'ilike', pattern),
        ...(filters.search_namespaces
          ? [eb(sql<string>`${fullPathOf('n.traversal_ids')} || '/' || p.path`, 'ilike', pattern)]
          : []),
      ]),
    );
  }
  if (filters.visibility !== undefined) q = q.where('p.visibility_level', '=', filters.visibility);
  if (filters.archived !== undefined) q = q.where('p.archived', '=', filters.archived);
  if (filters.with_issues_enabled) q = q.where('p.issues_enabled', '=', true);
  if (filters.with_merge_requests_enabled) q = q.where('p.merge_requests_enabled', '=', true);
  if (filters.membership) q = q.where(accessAtLeast(actor, 10));
  if (filters.min_access_level !== undefined) q = q.where(accessAtLeast(actor, filters.min_access_level));
  if (filters.owned) {
    const me = actor?.id ?? 0;
    q = q.where(sql<boolean>`(n.owner_id = ${me} OR ${accessAtLeast(actor, 50)})`);
  }
  const countRow = await q.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .orderBy(sql.ref(`p.${filters.order_by}`), filters.sort)
    .orderBy('p.id', filters.sort)
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page)
    .execute();
  return { rows, total: countRow.total };
}
