import { type RawBuilder, sql } from 'kysely';
import type { ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { countPerKey, pagePerKey, type SubListCountKey, type SubListPageKey, type Tagged } from '../../db/keyed-pages';
import type { Actor } from '../../policy/actor';
import { epicFilterConditions } from './epic-filter-sql';
import type { EpicFilters } from './epic-filters';
import { type EpicRow, epicSelect, epicSort, epicVisible } from './epic-query';

/**
 * Children of `w.parent_id` the actor may read, with the list filters, in the parent's root
 * hierarchy (children may live in any group under it): the conditions of `listEpics` for one
 * parent, over aliases e and n.
 */
function childConditions(actor: Actor | null, filters: EpicFilters): RawBuilder<boolean> {
  const conditions = [
    epicVisible(actor),
    sql<boolean>`e.parent_id = w.parent_id`,
    sql<boolean>`n.traversal_ids @> ARRAY[w.root_id]`,
    ...epicFilterConditions(actor, filters),
  ];
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * The readable child epics of many parents at once (keys sharing one filter set), each parent's
 * page with its own limit and offset: one statement, rows tagged with their key's index.
 */
export function childEpicPages(
  db: Database,
  actor: Actor | null,
  read: ReadRows,
  keys: SubListPageKey<EpicFilters>[],
): Promise<Tagged<EpicRow>[]> {
  const filters = keys[0]?.filters ?? {};
  const spec = epicSort(filters.orderBy, filters.sort);
  const dir = spec.desc ? sql`DESC` : sql`ASC`;
  const page = epicSelect(db)
    .where(childConditions(actor, filters))
    .orderBy(sql`${spec.expr} ${dir}`)
    .orderBy(sql`e.id ${dir}`);
  return pagePerKey<EpicRow>(read, keys, page);
}

/** The capped number of readable child epics of each key's parent: one statement. */
export function childEpicCounts(
  db: Database,
  actor: Actor | null,
  read: ReadRows,
  keys: SubListCountKey<EpicFilters>[],
): Promise<Tagged<{ total: number }>[]> {
  const rows = db
    .selectFrom('epics as e')
    .innerJoin('namespaces as n', 'n.id', 'e.group_id')
    .select(sql<number>`1`.as('one'))
    .where(childConditions(actor, keys[0]?.filters ?? {}));
  return countPerKey(read, keys, rows);
}
