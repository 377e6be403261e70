import { isInt4Id } from '@meridian/domain';
import type { Expression, QueryExecutorProvider } from 'kysely';
import { badRequest } from '../errors';
import { cappedCount } from './capped-count';
import { decodeCursor, encodeCursor } from './cursor';

/** A page of an offset-paginated list as GitLab's REST API names it: `page` (1-based) and `per_page`. */
export interface PageParams {
  page: number;
  per_page: number;
}

/** Which slice of a list to fetch: offset pagination, or keyset pagination after a cursor. */
export interface ListPage {
  limit: number;
  /** Offset pagination. */
  offset?: number;
  /** Keyset pagination: the `nextCursor` of the previous page (order_by created_at or updated_at only). */
  after?: string;
}

/** The row id a keyset cursor points after; 400 when the order does not allow keyset or the cursor is bad. */
export function keysetCursorId(after: string, orderBy: string, keysetOrders: readonly string[]): number {
  if (!keysetOrders.includes(orderBy)) {
    throw badRequest('order_by is invalid for keyset pagination', 'order_by');
  }
  const id = decodeCursor(after)?.id;
  if (typeof id !== 'number' || !isInt4Id(id)) {
    throw badRequest('cursor is invalid', 'cursor');
  }
  return id;
}

/**
 * A page from `limit + 1` fetched rows: the extra row only tells there is more, and then the
 * last row of the page becomes the next keyset cursor.
 */
export function pageResult<R extends { id: number }>(
  rows: R[],
  limit: number,
  total: number,
): { rows: R[]; total: number; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    rows: pageRows,
    total,
    nextCursor: hasMore && last ? encodeCursor({ id: last.id }) : null,
  };
}

/** Anything whose rows can be cut to one offset page: a Kysely select with its selection and ORDER BY. */
export interface Pageable<R> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<R[]> } };
}

/**
 * One offset page of a list and its total, counted through `cappedCount` (past COUNT_CAP the
 * total means "more than that" and the REST layer leaves X-Total out, as GitLab does).
 * `countable` is the same filtered query selecting a constant, with no ORDER BY.
 */
export async function offsetPage<R>(
  db: QueryExecutorProvider,
  rows: Pageable<R>,
  countable: Expression<unknown>,
  page: { page: number; perPage: number },
): Promise<{ rows: R[]; total: number }> {
  const [list, total] = await Promise.all([
    rows
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    cappedCount(db, countable),
  ]);
  return { rows: list, total };
}
