import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { idMatches } from '../../db/id-match';

/** Seconds logged on issue `i` (the sum of its timelogs), for one issue's stats. */
export const totalTimeSpentOfIssue = sql<number>`(SELECT coalesce(sum(tl.time_spent), 0)::int FROM timelogs tl WHERE tl.issue_id = i.id)`;

/** `(id, total_time_spent)` of each issue of `ids` with timelogs: the same sum, grouped, for a page of issues. */
export const timeSpentByIssue = (ids: readonly number[]) =>
  sql`SELECT tl.issue_id AS id, sum(tl.time_spent)::int AS total_time_spent
    FROM timelogs tl WHERE ${idMatches(sql.ref('tl.issue_id'), ids)} GROUP BY tl.issue_id`;

/** Seconds logged on each issue of `ids` that has timelogs (the others are left out): one statement. */
export async function timeSpentOfIssues(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await (timeSpentByIssue(ids) as RawBuilder<{ id: number; total_time_spent: number }>).execute(db);
  return new Map(rows.map((r) => [r.id, r.total_time_spent]));
}
