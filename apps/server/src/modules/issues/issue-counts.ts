import { sql } from 'kysely';
import type { ReadRows } from '../../db/combined-reads';
import type { Actor } from '../../policy/actor';
import { issuableCountColumns, issuableCountCtes } from '../issuables/issuable-counts-sql';
import { timeSpentByIssue } from '../time-tracking/time-spent-sql';
import type { IssueCounts } from './issue-details';
import { issueVisibility } from './issues-query';

/**
 * The counts of a page of issues in one statement: each count grouped by issue over the page's
 * ids (see issuableCountCtes), joined back to the page. Issues without a row count zero.
 */
export function issueCounts(
  read: ReadRows,
  actor: Actor | null,
  ids: readonly number[],
): Promise<Array<IssueCounts & { id: number }>> {
  return read<IssueCounts & { id: number }>(sql`
    WITH ${issuableCountCtes(actor, 'Issue', ids)},
    /* Only blocked issues the actor may read. */
    blocking AS (
      SELECT lk.source_id AS id, count(*)::int AS n
      FROM issue_links lk JOIN issues t ON t.id = lk.target_id
        JOIN projects tp ON tp.id = t.project_id JOIN namespaces tn ON tn.id = tp.namespace_id
      WHERE lk.source_id = ANY(${ids}::int[]) AND lk.link_type = 'blocks' AND t.state = 'opened'
        AND ${issueVisibility(actor, { i: 't', p: 'tp', n: 'tn' })}
      GROUP BY lk.source_id),
    /* The open issues the actor may read that block this one (the list's blocked mark). */
    blocked_by AS (
      SELECT bk.target_id AS id, count(*)::int AS n
      FROM issue_links bk JOIN issues b ON b.id = bk.source_id
        JOIN projects bp ON bp.id = b.project_id JOIN namespaces bn ON bn.id = bp.namespace_id
      WHERE bk.target_id = ANY(${ids}::int[]) AND bk.link_type = 'blocks' AND b.state = 'opened'
        AND ${issueVisibility(actor, { i: 'b', p: 'bp', n: 'bn' })}
      GROUP BY bk.target_id),
    spent AS (${timeSpentByIssue(ids)})
    SELECT ${issuableCountColumns}, coalesce(blocking.n, 0) AS blocking_issues_count,
      coalesce(blocked_by.n, 0) AS blocked_by_count, coalesce(spent.total_time_spent, 0) AS total_time_spent
    FROM page LEFT JOIN note_counts USING (id) LEFT JOIN vote_counts USING (id)
      LEFT JOIN blocking USING (id) LEFT JOIN blocked_by USING (id) LEFT JOIN spent USING (id)`);
}
