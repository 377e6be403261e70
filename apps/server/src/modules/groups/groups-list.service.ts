import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import { offsetPage, type PageParams } from '../../db/list-page';
import type { Actor } from '../../policy/actor';
import { groupReadable } from '../../policy/sql-scopes';
import { type GroupRow, groupQuery } from '../namespaces';

export interface GroupListFilters {
  search?: string;
  owned?: boolean;
  min_access_level?: number;
  top_level_only?: boolean;
  all_available?: boolean;
  order_by: 'name' | 'path' | 'id';
  sort: 'asc' | 'desc';
  /** Only direct children of this group. */
  parentId?: number;
  /** Only strict descendants of this group. */
  ancestorId?: number;
}

/** Ids of groups where the actor holds `level` or more directly; a group below one of them inherits it. */
function memberGroupIds(actor: Actor, level: number): number[] {
  return actor.groupMemberships.filter((m) => m.accessLevel >= level).map((m) => m.groupId);
}

/**
 * Readable groups matching the filters, one page, and the total. GitLab semantics: anonymous
 * visitors see public groups; signed-in users see the groups they belong to (with those below
 * and above them) unless `all_available`; admins see everything.
 */
export async function listGroups(
  db: Database,
  actor: Actor | null,
  filters: GroupListFilters,
  page: PageParams,
): Promise<{ rows: GroupRow[]; total: number }> {
  let q = groupQuery(db).where(
    groupReadable(actor, { groupId: 'n.id', visibility: 'n.visibility_level', traversalIds: 'n.traversal_ids' }),
  );
  const isListOfAll = filters.parentId === undefined && filters.ancestorId === undefined;
  if (isListOfAll && actor && !actor.admin && filters.all_available !== true) {
    const memberIds = memberGroupIds(actor, 10);
    const ancestors = [
      ...new Set([
        ...actor.groupMemberships.flatMap((m) => m.traversalIds),
        ...actor.projectMemberships.flatMap((m) => m.namespaceTraversalIds),
      ]),
    ];
    q = q.where(sql<boolean>`(n.traversal_ids && ${memberIds}::int[] OR n.id = ANY(${ancestors}::int[]))`);
  }
  if (filters.parentId !== undefined) q = q.where('n.parent_id', '=', filters.parentId);
  if (filters.ancestorId !== undefined) {
    q = q
      .where(sql<boolean>`n.traversal_ids @> ARRAY[${filters.ancestorId}]::int[]`)
      .where('n.id', '<>', filters.ancestorId);
  }
  if (filters.top_level_only) q = q.where('n.parent_id', 'is', null);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) => eb.or([eb('n.name', 'ilike', pattern), eb('n.path', 'ilike', pattern)]));
  }
  const minLevel = filters.owned ? 50 : filters.min_access_level;
  if (minLevel !== undefined) {
    const ids = actor ? memberGroupIds(actor, minLevel) : [];
    q = q.where(sql<boolean>`n.traversal_ids && ${ids}::int[]`);
  }
  const direction = filters.sort;
  return offsetPage(
    db,
    q.orderBy(sql.ref(`n.${filters.order_by}`), direction).orderBy('n.id', direction),
    q.clearSelect().select(sql`1`.as('one')),
    { page: page.page, perPage: page.per_page },
  );
}
