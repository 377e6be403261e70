import { cappedCount } from '../../db/capped-count';
import type { Database } from '../../db/connection';
import { keysetCursorId, type ListPage, type Pageable, pageResult } from '../../db/list-page';
import { badRequest } from '../../errors';
import type { Actor } from '../../policy/actor';
import {
  afterCursor,
  allOf,
  type Condition,
  countableRows,
  cursorRowReadable,
  type IssuableSource,
} from './issuable-source';

/** Where an issue or merge request list is read from: a project, a group (with subgroups), or everywhere. */
export type IssuableListScope = { projectId: number } | { groupId: number } | { all: true };

/**
 * How many rows match `where` (the list's scope, visibility and filters), capped like every list
 * total: COUNT_CAP + 1 means "more than COUNT_CAP". One statement, no page.
 */
export function countIssuables(db: Database, source: IssuableSource, where: Condition[]): Promise<number> {
  return cappedCount(db, countableRows(source, allOf(where)));
}

/** Keyset pagination works on these orders (their columns are NOT NULL). */
export const keysetOrders = ['created_at', 'updated_at'] as const;

/** One list request: the conditions (scope, visibility, filters), the ordered select, and the order. */
export interface IssuableListQuery<R> {
  where: Condition[];
  /** The ordered rows matching a condition; the page's limit and offset are applied here. */
  rows: (where: Condition) => Pageable<R>;
  order: { orderBy?: string; sort?: 'asc' | 'desc' };
}

/** A list page and what was loaded for its rows (see `listIssuables`' `loadDetails`). */
export interface IssuableListResult<R, D> {
  rows: R[];
  total: number;
  nextCursor: string | null;
  details: D;
}

/**
 * One page of issues or merge requests and the capped total the actor may see: two statements
 * (three with a keyset cursor, whose row must exist and be readable). `loadDetails` (the
 * presenters' labels, users, counts…) starts as soon as the page's rows are in, while the total
 * is still being counted: the count of a big group is the longest statement of a list request.
 */
export async function listIssuables<R extends { id: number }, D = undefined>(
  db: Database,
  source: IssuableSource,
  actor: Actor | null,
  query: IssuableListQuery<R>,
  page: ListPage,
  loadDetails: (rows: R[]) => Promise<D> = async () => undefined as D,
): Promise<IssuableListResult<R, D>> {
  const where = allOf(query.where);
  let pageWhere = where;
  let cursorCheck: Promise<void> = Promise.resolve();
  if (page.after !== undefined) {
    const id = keysetCursorId(page.after, query.order.orderBy ?? 'created_at', keysetOrders);
    pageWhere = allOf([where, afterCursor(source, actor, query.order, id)]);
    cursorCheck = cursorRowReadable(db, source, actor, id).then((readable) => {
      if (!readable) throw badRequest('cursor is invalid', 'cursor');
    });
  }
  const pageWithDetails = Promise.all([
    cursorCheck,
    query
      .rows(pageWhere)
      .limit(page.limit + 1)
      .offset(page.after !== undefined ? 0 : (page.offset ?? 0))
      .execute(),
  ]).then(async ([, fetched]) => {
    const rows = fetched.slice(0, page.limit);
    return { fetched, details: await loadDetails(rows) };
  });
  const [{ fetched, details }, total] = await Promise.all([
    pageWithDetails,
    cappedCount(db, countableRows(source, where)),
  ]);
  return { ...pageResult(fetched, page.limit, total), details };
}
