import { type RawBuilder, sql } from 'kysely';
import { idMatches } from '../../db/id-match';
import type { Actor } from '../../policy/actor';
import { internalIssueNotesReadable, noteNotHidden } from '../../policy/sql-scopes';

export type CountedIssuable = 'Issue' | 'MergeRequest';
const TABLES = { Issue: 'issues', MergeRequest: 'merge_requests' } as const;

/**
 * The CTEs a page of issues or merge requests starts its counts from, each keyed by `id`: `page`
 * (the page's ids, and whether the actor may read internal notes in each one's project),
 * `note_counts` (comments the actor may read) and `vote_counts` (thumbs up and down).
 *
 * Each count is grouped over `= ANY(ids)`, so the planner estimates it from the page's own ids. A
 * correlated count per row (`noteable_id = i.id`) was planned from the column's average instead: on
 * data where a few issues hold most of the notes, that was a sequential scan of notes per row.
 * The counts are MATERIALIZED, planned one by one: inlined into one join tree they cost ~30% more
 * planning, which is most of this statement's time (docs/BENCHMARKS.md).
 */
export function issuableCountCtes(
  actor: Actor | null,
  type: CountedIssuable,
  ids: readonly number[],
): RawBuilder<unknown> {
  const kind = sql.lit(type);
  return sql`page AS (
      SELECT x.id,
        ${internalIssueNotesReadable(actor, { projectId: 'p.id', namespaceTraversalIds: 'n.traversal_ids' })} AS internal_notes_readable
      FROM ${sql.table(TABLES[type])} x JOIN projects p ON p.id = x.project_id JOIN namespaces n ON n.id = p.namespace_id
      WHERE ${idMatches(sql.ref('x.id'), ids)}),
    note_counts AS MATERIALIZED (
      SELECT nt.noteable_id AS id, count(*)::int AS user_notes_count
      FROM notes nt JOIN page ON page.id = nt.noteable_id
      WHERE nt.noteable_type = ${kind} AND ${idMatches(sql.ref('nt.noteable_id'), ids)} AND NOT nt.system
        AND ${noteNotHidden(actor, { authorId: 'nt.author_id' })}
        /* Internal notes count only for those who may read them (Reporter+), as GitLab. */
        AND (NOT nt.internal OR page.internal_notes_readable)
      GROUP BY nt.noteable_id),
    vote_counts AS MATERIALIZED (
      SELECT ae.awardable_id AS id, (count(*) FILTER (WHERE ae.name = 'thumbsup'))::int AS upvotes,
        (count(*) FILTER (WHERE ae.name = 'thumbsdown'))::int AS downvotes
      FROM award_emoji ae
      WHERE ae.awardable_type = ${kind} AND ${idMatches(sql.ref('ae.awardable_id'), ids)} AND ae.name IN ('thumbsup', 'thumbsdown')
      GROUP BY ae.awardable_id)`;
}

/** The common counts' select list, over `page LEFT JOIN note_counts USING (id) LEFT JOIN vote_counts USING (id)`. */
export const issuableCountColumns = sql`page.id, coalesce(note_counts.user_notes_count, 0) AS user_notes_count,
  coalesce(vote_counts.upvotes, 0) AS upvotes, coalesce(vote_counts.downvotes, 0) AS downvotes`;
