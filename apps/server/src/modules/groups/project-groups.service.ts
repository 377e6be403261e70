import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import { offsetPage, type PageParams } from '../../db/list-page';
import { type GroupRow, groupQuery, type ProjectRow } from '../namespaces';

export interface ProjectGroupsFilters {
  search?: string;
  skip_groups?: number[];
}

/**
 * GitLab's `Projects::GroupsFinder`: the groups a project sits in (its group and every group above
 * it), newest id first. Whoever may read the project may list them, as GitLab authorises it by
 * `read_project` alone. Meridian has no project sharing: `with_shared` adds nothing.
 */
export async function projectAncestorGroups(
  db: Database,
  project: ProjectRow,
  filters: ProjectGroupsFilters,
  page: PageParams,
): Promise<{ rows: GroupRow[]; total: number }> {
  const ancestors = project.namespace_type === 'Group' ? project.namespace_traversal_ids : [];
  let q = groupQuery(db).where(sql<boolean>`n.id = ANY(${ancestors}::int[])`);
  if (filters.skip_groups?.length) q = q.where(sql<boolean>`NOT (n.id = ANY(${filters.skip_groups}::int[]))`);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) => eb.or([eb('n.name', 'ilike', pattern), eb('n.path', 'ilike', pattern)]));
  }
  return offsetPage(db, q.orderBy('n.id', 'desc'), q.clearSelect().select(sql`1`.as('one')), {
    page: page.page,
    perPage: page.per_page,
  });
}
