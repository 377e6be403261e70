import { sql } from 'kysely';

/** Seconds logged on issue `i` (the sum of its timelogs): one expression for the issue lists and the stats. */
export const totalTimeSpentOfIssue = sql<number>`(SELECT coalesce(sum(tl.time_spent), 0)::int FROM timelogs tl WHERE tl.issue_id = i.id)`;
