import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import { offsetPage } from '../../db/list-page';
import type { Actor } from '../../policy/actor';
import { groupReadable } from '../../policy/sql-scopes';
import { fullPathOf } from '../namespaces';
import type { IterationRow } from './iterations.service';

/** GitLab's IterationState filter: `opened` is upcoming + current. */
export type IterationStateFilter = 'opened' | 'upcoming' | 'current' | 'closed' | 'all';

export interface IterationFilters {
  /** Groups whose iterations are listed: the group (or the project's namespace) and, usually, its ancestors. */
  groupIds: number[];
  search?: string;
  /** Match the search against the iteration title, the cadence title, or both (default both). */
  searchIn?: ReadonlyArray<'title' | 'cadence_title'>;
  state: IterationStateFilter;
  /** Only this iteration id. */
  id?: number;
  today: string;
}

/**
 * `cadence`: REST's order (cadence, then due date ascending). `latestFirst`: GitLab's
 * CADENCE_AND_DUE_DATE_DESC (cadence title, then due date, latest first), for GraphQL and pickers.
 */
export type IterationOrder = 'cadence' | 'latestFirst';

export type IterationListRow = IterationRow & {
  cadence_title: string;
  cadence_duration_in_weeks: number | null;
  group_full_path: string;
};

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

/** Iterations `it` of groups `g` the actor may read, with their cadences `c`. */
function readableIterationSource(db: Database, actor: Actor | null) {
  return db
    .selectFrom('iterations as it')
    .innerJoin('iterations_cadences as c', 'c.id', 'it.iterations_cadence_id')
    .innerJoin('namespaces as g', 'g.id', 'it.group_id')
    .where(
      groupReadable(actor, { groupId: 'g.id', visibility: 'g.visibility_level', traversalIds: 'g.traversal_ids' }),
    );
}

function filteredIterations(db: Database, actor: Actor | null, filters: IterationFilters) {
  let q = readableIterationSource(db, actor)
    .where('it.group_id', 'in', filters.groupIds)
    .where(stateCondition(filters.state, filters.today));
  if (filters.id !== undefined) q = q.where('it.id', '=', filters.id);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    const fields = filters.searchIn?.length ? filters.searchIn : ['title', 'cadence_title'];
    const parts = fields.map((f) =>
      f === 'title' ? sql<boolean>`it.title ILIKE ${pattern}` : sql<boolean>`c.title ILIKE ${pattern}`,
    );
    q = q.where(sql<boolean>`(${sql.join(parts, sql` OR `)})`);
  }
  return q;
}

const listRowColumns = [
  'c.title as cadence_title',
  'c.duration_in_weeks as cadence_duration_in_weeks',
  fullPathOf('g.traversal_ids').as('group_full_path'),
] as const;

function orderedIterations(db: Database, actor: Actor | null, filters: IterationFilters, order: IterationOrder) {
  const q = filteredIterations(db, actor, filters).selectAll('it').select(listRowColumns);
  return order === 'cadence'
    ? q.orderBy('it.iterations_cadence_id').orderBy('it.due_date').orderBy('it.id')
    : q.orderBy('c.title').orderBy('c.id').orderBy('it.due_date', 'desc').orderBy('it.id', 'desc');
}

/** One page of the iterations the actor may read, and the (capped) total. */
export async function listIterations(
  db: Database,
  actor: Actor | null,
  filters: IterationFilters,
  page: { page: number; perPage: number },
  order: IterationOrder = 'cadence',
): Promise<{ rows: IterationListRow[]; total: number }> {
  if (filters.groupIds.length === 0) return { rows: [], total: 0 };
  return offsetPage(
    db,
    orderedIterations(db, actor, filters, order),
    filteredIterations(db, actor, filters).select(sql`1`.as('one')),
    page,
  );
}

/** The first `limit` iterations, latest first, without a total: one statement, for pickers. */
export async function suggestIterations(
  db: Database,
  actor: Actor | null,
  filters: IterationFilters,
  limit: number,
): Promise<IterationListRow[]> {
  if (filters.groupIds.length === 0) return [];
  return orderedIterations(db, actor, filters, 'latestFirst').limit(limit).execute();
}

/** The iterations of `ids` whose group the actor may read (an issue's iteration), in one statement. */
export function readableIterationsByIds(db: Database, actor: Actor | null, ids: number[]): Promise<IterationListRow[]> {
  return readableIterationSource(db, actor).where('it.id', 'in', ids).selectAll('it').select(listRowColumns).execute();
}
