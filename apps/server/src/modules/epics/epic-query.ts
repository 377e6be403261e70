import { MAX_INT4, MIN_INT4 } from '@meridian/domain';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { ReadRows } from '../../db/combined-reads';
import type { EpicsTable } from '../../db/schema';
import type { Actor } from '../../policy/actor';
import { epicReadable } from '../../policy/sql-scopes';
import { fullPathOf } from '../namespaces';
import { epicFilterConditions } from './epic-filter-sql';
import type { EpicFilters, EpicOrderBy } from './epic-filters';

/** An epics row plus what presenters and the policy need from its group, parent and date sources. */
export type EpicRow = Selectable<EpicsTable> & {
  parent_iid: number | null;
  parent_group_id: number | null;
  group_traversal_ids: number[];
  group_visibility_level: number;
  /** 'acme/platform' */
  group_full_path: string;
  /** The inherited (milestones and child epics) start date, whether or not the epic uses it. */
  start_date_inherited: string | null;
  due_date_inherited: string | null;
  /** Its author is banned: hidden from everyone but admins. */
  hidden: boolean;
};

import type { Executor } from '../../db/executor';

export type { Executor };

/**
 * Select base: alias `e` (epic) and `n` (its group). Parent and inherited-date lookups are scalar
 * subqueries rather than joins: they run only for the returned page, and a seven-way join cost the
 * planner ~40 ms per list on PostgreSQL.
 */
export function epicSelect(db: Executor) {
  return db
    .selectFrom('epics as e')
    .innerJoin('namespaces as n', 'n.id', 'e.group_id')
    .selectAll('e')
    .select([
      sql<number | null>`(SELECT p.iid FROM epics p WHERE p.id = e.parent_id)`.as('parent_iid'),
      sql<number | null>`(SELECT p.group_id FROM epics p WHERE p.id = e.parent_id)`.as('parent_group_id'),
      'n.traversal_ids as group_traversal_ids',
      'n.visibility_level as group_visibility_level',
      fullPathOf('n.traversal_ids').as('group_full_path'),
      sql<string | null>`CASE WHEN e.start_date_is_fixed THEN coalesce(
          (SELECT sm.start_date FROM milestones sm WHERE sm.id = e.start_date_sourcing_milestone_id),
          (SELECT se.start_date FROM epics se WHERE se.id = e.start_date_sourcing_epic_id))
        ELSE e.start_date END`.as('start_date_inherited'),
      sql<string | null>`CASE WHEN e.due_date_is_fixed THEN coalesce(
          (SELECT dm.due_date FROM milestones dm WHERE dm.id = e.due_date_sourcing_milestone_id),
          (SELECT de.due_date FROM epics de WHERE de.id = e.due_date_sourcing_epic_id))
        ELSE e.due_date END`.as('due_date_inherited'),
      sql<boolean>`EXISTS (SELECT 1 FROM users hu WHERE hu.id = e.author_id AND hu.state = 'banned')`.as('hidden'),
    ]);
}

/** canEpic(read_epic) as SQL over the list's aliases e and n. */
export function epicVisible(actor: Actor | null): RawBuilder<boolean> {
  return epicReadable(actor, { e: 'e', g: 'n' });
}

/** The group scope plus every filter, as one boolean SQL condition over aliases e and n. */
export function epicConditions(
  actor: Actor | null,
  group: { id: number; traversal_ids: number[] },
  f: EpicFilters,
): RawBuilder<boolean> {
  const c: RawBuilder<boolean>[] = [epicVisible(actor)];
  const scope =
    f.includeDescendantGroups === false
      ? sql<boolean>`e.group_id = ${group.id}`
      : sql<boolean>`e.group_id IN (SELECT d.id FROM namespaces d WHERE d.traversal_ids @> ARRAY[${group.id}]::int[])`;
  c.push(f.includeAncestorGroups ? sql<boolean>`(${scope} OR e.group_id = ANY(${group.traversal_ids}::int[]))` : scope);
  c.push(...epicFilterConditions(actor, f));
  return sql<boolean>`(${sql.join(c, sql` AND `)})`;
}

interface SortSpec {
  /** The sort expression, nulls folded to the end of the chosen direction. */
  expr: RawBuilder<unknown>;
  /** SQL type to cast a cursor value back to. */
  type: string;
  desc: boolean;
}

export function epicSort(orderBy: EpicOrderBy = 'created_at', sort: 'asc' | 'desc' = 'desc'): SortSpec {
  const desc = sort === 'desc';
  switch (orderBy) {
    case 'created_at':
      return { expr: sql`e.created_at`, type: 'timestamptz', desc };
    case 'updated_at':
      return { expr: sql`e.updated_at`, type: 'timestamptz', desc };
    case 'title':
      return { expr: sql`e.title`, type: 'text', desc };
    case 'start_date':
      return {
        expr: sql`coalesce(e.start_date, ${sql.lit(desc ? '-infinity' : 'infinity')}::date)`,
        type: 'date',
        desc,
      };
    case 'end_date':
      return { expr: sql`coalesce(e.due_date, ${sql.lit(desc ? '-infinity' : 'infinity')}::date)`, type: 'date', desc };
    case 'relative_position':
      return {
        expr: sql`coalesce(e.relative_position, ${sql.lit(desc ? MIN_INT4 : MAX_INT4)})`,
        type: 'int',
        desc,
      };
  }
}

/** The epics of `ids` (no permission check: the caller asks the policy), as a batch read. */
export function epicRowsByIds(db: Executor, ids: readonly number[], read: ReadRows): Promise<EpicRow[]> {
  return read<EpicRow>(epicSelect(db).where('e.id', 'in', ids));
}

/** The epic of each issue of `issueIds` that has one (no permission check), with `issue_id`, as a batch read. */
export function epicsOfIssues(
  db: Executor,
  issueIds: readonly number[],
  read: ReadRows,
): Promise<Array<EpicRow & { issue_id: number }>> {
  return read(
    epicSelect(db)
      .innerJoin('epic_issues as ei', 'ei.epic_id', 'e.id')
      .select('ei.issue_id')
      .where('ei.issue_id', 'in', issueIds),
  );
}
