import { isValidIsoDate, isValidIsoDateTime, MAX_INT4 } from '@meridian/domain';
import { sql } from 'kysely';
import { cappedCount } from '../../db/capped-count';
import { decodeCursor, encodeCursor } from '../../db/cursor';
import { badRequest, notFound } from '../../errors';
import { canEpic } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { EpicSubject } from '../../policy/subjects';
import type { IdOrPath } from '../namespaces';
import { findGroup, type GroupRow } from '../namespaces';
import type { EpicFilters } from './epic-filters';
import { type EpicRow, type Executor, epicConditions, epicSelect, epicSort, epicVisible } from './epic-query';

export { descendantCounts, type EpicDescendantCounts } from './epic-descendant-counts';
export type { EpicFilters } from './epic-filters';
export type { EpicRow } from './epic-query';

/** The policy subject of an epic row. */
export function epicSubject(row: EpicRow): EpicSubject {
  return {
    kind: 'epic',
    group: {
      kind: 'group',
      id: row.group_id,
      traversalIds: row.group_traversal_ids,
      visibilityLevel: row.group_visibility_level,
    },
    confidential: row.confidential,
    authorId: row.author_id,
    hidden: row.hidden,
  };
}

export interface EpicPage {
  limit: number;
  offset?: number;
  /** Keyset cursor from a previous page's `nextCursor`. */
  after?: string;
  /** false: skip the capped count (`total` is then -1); GraphQL counts only when `count` is selected. */
  count?: boolean;
}

type GroupRef = number | { id: number; traversal_ids: number[] };

async function resolveGroup(db: Executor, group: GroupRef): Promise<{ id: number; traversal_ids: number[] }> {
  if (typeof group !== 'number') return group;
  const row = await db
    .selectFrom('namespaces')
    .select(['id', 'traversal_ids'])
    .where('id', '=', group)
    .executeTakeFirst();
  if (!row) throw notFound('Group');
  return row;
}

/**
 * One page of a group's epics, with the filters, visible to the actor (hidden rows are neither
 * returned nor counted). Offset paging with `offset`, keyset paging with `after` (the previous
 * page's `nextCursor`). Two SQL statements (rows and count) plus one when `group` is an id.
 * The caller checks that the group itself is readable (findGroup).
 */
export async function listEpics(
  db: Executor,
  actor: Actor | null,
  group: GroupRef,
  filters: EpicFilters,
  page: EpicPage,
): Promise<{ rows: EpicRow[]; total: number; nextCursor: string | null }> {
  const g = await resolveGroup(db, group);
  const where = epicConditions(actor, g, filters);
  const orderBy = filters.orderBy ?? 'created_at';
  const sort = filters.sort ?? 'desc';
  const spec = epicSort(orderBy, sort);
  const dir = spec.desc ? sql`DESC` : sql`ASC`;
  let q = epicSelect(db)
    .select(sql<string>`(${spec.expr})::text`.as('sort_key'))
    .where(where)
    .orderBy(sql`${spec.expr} ${dir}`)
    .orderBy(sql`e.id ${dir}`)
    .limit(page.limit + 1);
  if (page.after !== undefined) {
    const cursor = decodeCursor(page.after);
    if (
      !cursor ||
      typeof cursor.v !== 'string' ||
      !cursorValueFits(cursor.v, spec.type) ||
      typeof cursor.id !== 'number' ||
      !Number.isInteger(cursor.id) ||
      Math.abs(cursor.id) > MAX_INT4 ||
      cursor.o !== orderBy ||
      cursor.s !== sort
    )
      throw badRequest('cursor is invalid', 'cursor');
    const cmp = spec.desc ? sql`<` : sql`>`;
    q = q.where(sql<boolean>`(${spec.expr}, e.id) ${cmp} (${cursor.v}::${sql.raw(spec.type)}, ${cursor.id})`);
  } else if (page.offset) {
    q = q.offset(page.offset);
  }
  const [rows, count] = await Promise.all([q.execute(), page.count === false ? -1 : countWhere(db, where)]);
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  const nextCursor = hasMore && last ? encodeCursor({ v: last.sort_key, id: last.id, o: orderBy, s: sort }) : null;
  return {
    rows: pageRows.map(({ sort_key: _sortKey, ...row }) => row),
    total: count,
    nextCursor,
  };
}

/** A keyset cursor's sort value must parse as the SQL type it is cast to; a 400, not a database error. */
function cursorValueFits(value: string, type: string): boolean {
  switch (type) {
    case 'timestamptz':
      return isValidIsoDateTime(value);
    case 'date':
      return value === 'infinity' || value === '-infinity' || isValidIsoDate(value);
    case 'int':
      return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= 2_147_483_648;
    default:
      return value.length <= 1024 && !value.includes('\u0000');
  }
}

function countWhere(db: Executor, where: ReturnType<typeof epicConditions>): Promise<number> {
  return cappedCount(
    db,
    db
      .selectFrom('epics as e')
      .innerJoin('namespaces as n', 'n.id', 'e.group_id')
      .select(sql<number>`1`.as('one'))
      .where(where),
  );
}

/** How many epics `listEpics` would list with these filters, capped at COUNT_CAP + 1. */
export async function countEpics(
  db: Executor,
  actor: Actor | null,
  group: GroupRef,
  filters: EpicFilters,
): Promise<number> {
  return countWhere(db, epicConditions(actor, await resolveGroup(db, group), filters));
}

/** The epic `iid` of group `groupId`, or 404 `Epic Not Found` when missing or unreadable. */
export async function findEpic(db: Executor, actor: Actor | null, groupId: number, iid: number): Promise<EpicRow> {
  const row = await epicSelect(db).where('e.group_id', '=', groupId).where('e.iid', '=', iid).executeTakeFirst();
  if (!row || !canEpic(actor, 'read_epic', epicSubject(row))) throw notFound('Epic');
  return row;
}

/**
 * The group (by id or full path) and its epic `iid`: 404 when either is missing or unreadable.
 * `forWrite` answers 401 to anonymous callers first, as GitLab does for writes.
 */
export async function findGroupEpic(
  db: Executor,
  actor: Actor | null,
  path: { group: IdOrPath; iid: number },
  options: { forWrite?: boolean } = {},
): Promise<{ group: GroupRow; epic: EpicRow }> {
  if (options.forWrite) requireActor(actor);
  const group = await findGroup(db, actor, path.group);
  const epic = await findEpic(db, actor, group.id, path.iid);
  return { group, epic };
}

/** An epic by its global id, or 404 when missing or unreadable. */
export async function findEpicById(db: Executor, actor: Actor | null, id: number): Promise<EpicRow> {
  const row = await epicSelect(db).where('e.id', '=', id).executeTakeFirst();
  if (!row || !canEpic(actor, 'read_epic', epicSubject(row))) throw notFound('Epic');
  return row;
}

/** The readable child epics of an epic, in relative order (then id). */
export async function listChildEpics(db: Executor, actor: Actor | null, parentId: number): Promise<EpicRow[]> {
  return epicSelect(db)
    .where('e.parent_id', '=', parentId)
    .where(epicVisible(actor))
    .orderBy(sql`e.relative_position ASC NULLS LAST`)
    .orderBy('e.id', 'asc')
    .execute();
}
