import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { issuesWithProject } from '../issuables';
import type { IssueRow } from '../issues';
import { issueQuery, issueVisibility } from '../issues';
import type { MilestoneRow } from './milestones.service';

/**
 * The issues assigned to a milestone that the actor may read (newest first), with the total.
 * A group milestone gathers issues from every project below its group.
 */
export async function listMilestoneIssues(
  db: Database,
  actor: Actor | null,
  milestone: MilestoneRow,
  page: { page: number; perPage: number },
): Promise<{ rows: IssueRow[]; total: number }> {
  const where = sql<boolean>`(i.milestone_id = ${milestone.id} AND ${issueVisibility(actor)})`;
  const [rows, count] = await Promise.all([
    issueQuery(db)
      .where(where)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    issuesWithProject(db).select(sql<number>`count(*)::int`.as('n')).where(where).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
