import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

export interface TimelogRow {
  id: number;
  issue_id: number;
  user_id: number | null;
  time_spent: number;
  summary: string;
  spent_at: Date;
}

/**
 * A page of the time logged on an issue the caller has already been allowed to read, oldest first
 * (by the day it was spent, then as logged), and how many there are in all.
 */
export async function listIssueTimelogs(
  db: Executor,
  issueId: number,
  window: { offset: number; limit: number },
): Promise<{ rows: TimelogRow[]; total: number }> {
  const rows = await db
    .selectFrom('timelogs')
    .select([
      'id',
      'issue_id',
      'user_id',
      'time_spent',
      'summary',
      'spent_at',
      sql<number>`count(*) OVER ()::int`.as('total'),
    ])
    .where('issue_id', '=', issueId)
    .orderBy('spent_at')
    .orderBy('id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const total =
    rows[0]?.total ??
    (window.offset > 0
      ? Number(
          (
            await db
              .selectFrom('timelogs')
              .select(sql<number>`count(*)::int`.as('n'))
              .where('issue_id', '=', issueId)
              .executeTakeFirst()
          )?.n ?? 0,
        )
      : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
