import { sql } from 'kysely';
import { idMatches } from '../../db/id-match';

/** Seconds logged on issue `i` (the sum of its timelogs), for one issue's stats. */
export const totalTimeSpentOfIssue = sql<number>`(SELECT coalesce(sum(tl.time_spent), 0)::int FROM timelogs tl WHERE tl.issue_id = i.id)`;

/** `(id, total_time_spent)` of each issue of `ids` with timelogs: the same sum, grouped, for a page of issues. */
export const timeSpentByIssue = (ids: readonly number[]) =>
  sql`SELECT tl.issue_id AS id, sum(tl.time_spent)::int AS total_time_spent
    FROM timelogs tl WHERE ${idMatches(sql.ref('tl.issue_id'), ids)} GROUP BY tl.issue_id`;
