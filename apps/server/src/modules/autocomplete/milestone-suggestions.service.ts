import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import { readableDescendantGroupIds, readableProjectIdsOfGroup } from '../../policy/sql-scopes';
import type { MilestoneRow } from '../milestones';
import { fullPathOf } from '../namespaces';
import { inheritedGroupIds, type SuggestionContainer } from './suggestion-container';

export type MilestoneSuggestionRow = MilestoneRow & {
  /** 'acme/web' for a project milestone, 'acme' for a group milestone; for web_url. */
  container_path: string;
  /** True for a group milestone. */
  is_group: boolean;
};

export interface MilestoneSuggestionOptions {
  search?: string;
  state: 'active' | 'closed' | 'all';
  /** Group only: leave out the milestones of the projects below the group. */
  onlyGroupMilestones: boolean;
  limit: number;
}

/**
 * Milestones offered in a container (SQL over `m`): a project's own and its ancestor groups';
 * a group's own, its ancestors' and its readable descendant groups' and projects'.
 */
function milestoneScope(actor: Actor | null, container: SuggestionContainer, onlyGroup: boolean): RawBuilder<boolean> {
  const groups = inheritedGroupIds(container);
  const parts: RawBuilder<boolean>[] = [sql<boolean>`m.group_id = ANY(${groups}::int[])`];
  if (container.kind === 'project') {
    parts.push(sql<boolean>`m.project_id = ${container.project.id}`);
    return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
  }
  const id = container.group.id;
  parts.push(sql<boolean>`m.group_id IN ${readableDescendantGroupIds(actor, id)}`);
  if (!onlyGroup) {
    parts.push(sql<boolean>`m.project_id IN ${readableProjectIdsOfGroup(actor, id, { descendants: true })}`);
  }
  return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}

/** Milestones by due date (undated last), then title. One statement. */
export async function suggestMilestones(
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer,
  opts: MilestoneSuggestionOptions,
): Promise<MilestoneSuggestionRow[]> {
  let q = db
    .selectFrom('milestones as m')
    .selectAll('m')
    .select([
      sql<string>`coalesce(
        (SELECT ${fullPathOf('pn.traversal_ids')} || '/' || pp.path FROM projects pp JOIN namespaces pn ON pn.id = pp.namespace_id WHERE pp.id = m.project_id),
        (SELECT ${fullPathOf('gn.traversal_ids')} FROM namespaces gn WHERE gn.id = m.group_id))`.as('container_path'),
      sql<boolean>`m.group_id IS NOT NULL`.as('is_group'),
    ])
    .where(milestoneScope(actor, container, opts.onlyGroupMilestones));
  if (opts.state !== 'all') q = q.where('m.state', '=', opts.state);
  if (opts.search) q = q.where('m.title', 'ilike', likePattern(opts.search));
  return q.orderBy(sql`m.due_date ASC NULLS LAST`).orderBy('m.title').orderBy('m.id').limit(opts.limit).execute();
}
