import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import { groupReadable } from '../../policy/sql-scopes';
import type { IterationRow } from '../iterations/iterations.service';
import { fullPathOf } from '../namespaces/namespace-lookup.service';

/** GitLab's IterationState filter: `opened` is upcoming + current. */
export type IterationStateFilter = 'opened' | 'upcoming' | 'current' | 'closed' | 'all';

export interface IterationSuggestionOptions {
  /** Groups whose iterations are offered: the group (or the project's namespace) and, usually, its ancestors. */
  groupIds: number[];
  search?: string;
  /** Match the search against the iteration title, the cadence title, or both (default both). */
  searchIn?: Array<'title' | 'cadence_title'>;
  state: IterationStateFilter;
  /** Only this iteration id. */
  id?: number;
  today: string;
  limit: number;
  offset?: number;
}

export type IterationSuggestionRow = IterationRow & { cadence_title: string; group_full_path: string };

function stateCondition(state: IterationStateFilter, today: string): RawBuilder<boolean> {
  switch (state) {
    case 'upcoming':
      return sql<boolean>`it.start_date > ${today}::date`;
    case 'current':
      return sql<boolean>`(it.start_date <= ${today}::date AND it.due_date >= ${today}::date)`;
    case 'opened':
      return sql<boolean>`it.due_date >= ${today}::date`;
    case 'closed':
      return sql<boolean>`it.due_date < ${today}::date`;
    case 'all':
      return sql<boolean>`true`;
  }
}

function iterationQuery(db: Database, actor: Actor | null, opts: IterationSuggestionOptions) {
  let q = db
    .selectFrom('iterations as it')
    .innerJoin('iterations_cadences as c', 'c.id', 'it.iterations_cadence_id')
    .innerJoin('namespaces as g', 'g.id', 'it.group_id')
    .where('it.group_id', 'in', opts.groupIds)
    .where(groupReadable(actor, { groupId: 'g.id', visibility: 'g.visibility_level', traversalIds: 'g.traversal_ids' }))
    .where(stateCondition(opts.state, opts.today));
  if (opts.id !== undefined) q = q.where('it.id', '=', opts.id);
  if (opts.search) {
    const pattern = likePattern(opts.search);
    const fields = opts.searchIn?.length ? opts.searchIn : ['title', 'cadence_title'];
    const parts = fields.map((f) =>
      f === 'title' ? sql<boolean>`it.title ILIKE ${pattern}` : sql<boolean>`c.title ILIKE ${pattern}`,
    );
    q = q.where(sql<boolean>`(${sql.join(parts, sql` OR `)})`);
  }
  return q;
}

/** Iterations by cadence (title, then id) and due date, latest first, as GitLab's CADENCE_AND_DUE_DATE_DESC. One statement. */
export async function suggestIterations(
  db: Database,
  actor: Actor | null,
  opts: IterationSuggestionOptions,
): Promise<IterationSuggestionRow[]> {
  if (opts.groupIds.length === 0) return [];
  return iterationQuery(db, actor, opts)
    .selectAll('it')
    .select(['c.title as cadence_title', fullPathOf('g.traversal_ids').as('group_full_path')])
    .orderBy('c.title')
    .orderBy('c.id')
    .orderBy('it.due_date', 'desc')
    .orderBy('it.id', 'desc')
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
    .execute();
}

/** How many iterations match (for GraphQL's `count`). */
export async function countIterations(
  db: Database,
  actor: Actor | null,
  opts: IterationSuggestionOptions,
): Promise<number> {
  if (opts.groupIds.length === 0) return 0;
  const row = await iterationQuery(db, actor, opts)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
