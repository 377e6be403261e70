import { type Expression, type RawBuilder, sql } from 'kysely';
import { COUNT_CAP } from '../../db/capped-count';
import type { ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { epicFilterConditions } from '../../modules/epics/epic-filter-sql';
import type { EpicFilters } from '../../modules/epics/epic-filters';
import { epicSelect, epicSort, epicVisible } from '../../modules/epics/epic-query';
import type { IssueRow } from '../../modules/issues/issues.service';
import { issueQuery, issueVisibility } from '../../modules/issues/issues-query';
import type { Actor } from '../../policy/actor';
import type { EpicRow } from './rows';
import {
  type SubListCountKey,
  type SubListPageKey,
  subListCountLoader,
  subListPageLoader,
  type Tagged,
} from './sub-list';

/** An issue listed under an epic, with its link (`epic_issues`): the tree's EpicIssue. */
export type EpicIssueRow = IssueRow & {
  epic_issue_id: number;
  epic_issue_epic_id: number;
  epic_issue_position: number | null;
};

const ints = (values: number[]) => sql`${values}::int[]`;

/** A select that can still be limited and offset (a Kysely select query builder). */
interface PageQuery {
  limit(limit: RawBuilder<number>): { offset(offset: RawBuilder<number>): Expression<unknown> };
}

/** `w(parent_id, root_id, off, lim, k)`: one row per key, k its 1-based index in the batch. */
function pageKeys<F>(keys: SubListPageKey<F>[]): RawBuilder<unknown> {
  return sql`unnest(${ints(keys.map((k) => k.parentId))}, ${ints(keys.map((k) => k.rootId))},
    ${ints(keys.map((k) => k.offset))}, ${ints(keys.map((k) => k.limit))}) WITH ORDINALITY AS w(parent_id, root_id, off, lim, k)`;
}

/** `w(parent_id, root_id, k)` for count keys. */
function countKeys<F>(keys: SubListCountKey<F>[]): RawBuilder<unknown> {
  return sql`unnest(${ints(keys.map((k) => k.parentId))}, ${ints(keys.map((k) => k.rootId))})
    WITH ORDINALITY AS w(parent_id, root_id, k)`;
}

/** Each page key's page: `page` (over `w`) run once per key, limited and offset as the key asks. */
function pagePerKey<T>(read: ReadRows, keys: SubListPageKey<unknown>[], page: PageQuery): Promise<Tagged<T>[]> {
  const limited = page.limit(sql<number>`w.lim`).offset(sql<number>`w.off`);
  return read<Tagged<T>>(sql`SELECT (w.k - 1)::int AS batch_key, x.*
    FROM ${pageKeys(keys)} CROSS JOIN LATERAL (${limited}) AS x`);
}

/** Each count key's number of `rows` (over `w`), capped like every list count. */
function countPerKey(
  read: ReadRows,
  keys: SubListCountKey<unknown>[],
  rows: Expression<unknown>,
): Promise<Tagged<{ total: number }>[]> {
  return read<Tagged<{ total: number }>>(sql`SELECT (w.k - 1)::int AS batch_key,
    (SELECT count(*)::int FROM (${rows} LIMIT ${sql.lit(COUNT_CAP + 1)}) AS capped) AS total
    FROM ${countKeys(keys)}`);
}

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
 * Epic.children and Epic.issues for every parent of a GraphQL level at once: one statement per
 * level (LATERAL: each parent's page with its own LIMIT/OFFSET), one more when `count` is
 * selected. Visibility is the epics and issues modules' own SQL (policy/sql-scopes).
 */
export function epicSubListLoaders(db: Database, actor: Actor | null, read: ReadRows) {
  return {
    childEpics: subListPageLoader<EpicFilters, EpicRow>(async (keys) => {
      const filters = keys[0]?.filters ?? {};
      const spec = epicSort(filters.orderBy, filters.sort);
      const dir = spec.desc ? sql`DESC` : sql`ASC`;
      const page = epicSelect(db)
        .where(childConditions(actor, filters))
        .orderBy(sql`${spec.expr} ${dir}`)
        .orderBy(sql`e.id ${dir}`);
      return pagePerKey<EpicRow>(read, keys, page);
    }),

    childEpicCount: subListCountLoader<EpicFilters>(async (keys) => {
      const rows = db
        .selectFrom('epics as e')
        .innerJoin('namespaces as n', 'n.id', 'e.group_id')
        .select(sql<number>`1`.as('one'))
        .where(childConditions(actor, keys[0]?.filters ?? {}));
      return countPerKey(read, keys, rows);
    }),

    // In the link's order (epic_issues.relative_position, what epicTreeReorder writes), as GitLab.
    epicIssues: subListPageLoader<null, EpicIssueRow>(async (keys) => {
      const page = issueQuery(db)
        .innerJoin('epic_issues as ei', 'ei.issue_id', 'i.id')
        .select([
          'ei.id as epic_issue_id',
          'ei.epic_id as epic_issue_epic_id',
          'ei.relative_position as epic_issue_position',
        ])
        .where(sql<boolean>`ei.epic_id = w.parent_id`)
        .where(issueVisibility(actor))
        .orderBy(sql`ei.relative_position ASC NULLS LAST`)
        .orderBy(sql`ei.id ASC`);
      return pagePerKey<EpicIssueRow>(read, keys, page);
    }),

    epicIssueCount: subListCountLoader<null>(async (keys) => {
      const rows = db
        .selectFrom('issues as i')
        .innerJoin('projects as p', 'p.id', 'i.project_id')
        .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
        .innerJoin('epic_issues as ei', 'ei.issue_id', 'i.id')
        .select(sql<number>`1`.as('one'))
        .where(sql<boolean>`ei.epic_id = w.parent_id`)
        .where(issueVisibility(actor));
      return countPerKey(read, keys, rows);
    }),
  };
}
