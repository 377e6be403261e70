import { directReads, type ReadRows } from '../../db/combined-reads';
import type { Executor } from '../../db/executor';
import type { UserRow } from './user.presenter';

/**
 * The users rows of `ids` (nulls and repeats ignored), whatever their state: every author,
 * assignee or resolver a page names is shown, blocked or not. One read. With a batch's `read`
 * (db/combined-reads.ts) it is one column of the batch's statement, there even with no id so the
 * statement's text stays the same; alone, no id reads nothing.
 */
export async function userRowsByIds(
  db: Executor,
  ids: readonly (number | null)[],
  read?: ReadRows,
): Promise<UserRow[]> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0 && !read) return [];
  return (read ?? directReads(db))<UserRow>(db.selectFrom('users').selectAll().where('id', 'in', wanted));
}

/** `userRowsByIds` as a map by id. */
export async function usersById(
  db: Executor,
  ids: readonly (number | null)[],
  read?: ReadRows,
): Promise<Map<number, UserRow>> {
  const rows = await userRowsByIds(db, ids, read);
  return new Map(rows.map((u) => [u.id, u]));
}
