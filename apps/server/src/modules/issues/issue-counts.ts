import { sql } from 'kysely';
import type { ReadRows } from '../../db/combined-reads';
import { idMatches, preparedWhenOne } from '../../db/id-match';
import type { Actor } from '../../policy/actor';
import { issuableCountColumns, issuableCountCtes } from '../issuables';
import { timeSpentByIssue } from '../time-tracking';
import type { IssueCounts } from './issue-details';
import { issueVisibility } from './issues-query';

type LinkEnd = 'source_id' | 'target_id';

/**
 * Per page issue (at the `own` end of a `blocks` link), how many open issues the actor may read sit
 * at the `other` end: blocking counts one direction, blocked-by the other.
 */
const openBlockLinks = (actor: Actor | null, ids: readonly number[], own: LinkEnd, other: LinkEnd) => sql`
  SELECT lk.${sql.ref(own)} AS id, count(*)::int AS n
  FROM issue_links lk JOIN issues t ON t.id = lk.${sql.ref(other)}
    JOIN projects tp ON tp.id = t.project_id JOIN namespaces tn ON tn.id = tp.namespace_id
  WHERE ${idMatches(sql.ref(`lk.${own}`), ids)} AND lk.link_type = 'blocks' AND t.state = 'opened'
    AND ${issueVisibility(actor, { i: 't', p: 'tp', n: 'tn' })}
  GROUP BY lk.${sql.ref(own)}`;

/**
 * The counts of a page of issues in one statement: each count grouped by issue over the page's
 * ids (see issuableCountCtes), joined back to the page. Issues without a row count zero.
 */
export function issueCounts(
  read: ReadRows,
  actor: Actor | null,
  ids: readonly number[],
): Promise<Array<IssueCounts & { id: number }>> {
  return read<IssueCounts & { id: number }>(sql`${preparedWhenOne(ids)}
    WITH ${issuableCountCtes(actor, 'Issue', ids)},
    /* Only blocked issues the actor may read. */
    blocking AS MATERIALIZED (${openBlockLinks(actor, ids, 'source_id', 'target_id')}),
    /* The open issues the actor may read that block this one (the list's blocked mark). */
    blocked_by AS MATERIALIZED (${openBlockLinks(actor, ids, 'target_id', 'source_id')}),
    spent AS MATERIALIZED (${timeSpentByIssue(ids)})
    SELECT ${issuableCountColumns}, coalesce(blocking.n, 0) AS blocking_issues_count,
      coalesce(blocked_by.n, 0) AS blocked_by_count, coalesce(spent.total_time_spent, 0) AS total_time_spent
    FROM page LEFT JOIN note_counts USING (id) LEFT JOIN vote_counts USING (id)
      LEFT JOIN blocking USING (id) LEFT JOIN blocked_by USING (id) LEFT JOIN spent USING (id)`);
}
