import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';

/**
 * When a merge request's review started (GitLab's `MergeRequest::Metrics#review_start_at`): its first
 * comment by a human other than its author, or its first approval, whichever came first; null while
 * neither happened. GitLab also counts the first reassignment: Meridian keeps no assignment history,
 * so it does not. Computed from the notes and approvals (GitLab stores it in merge_request_metrics).
 */
export function reviewStartAt(alias = 'mr'): RawBuilder<Date | null> {
  const id = sql.ref(`${alias}.id`);
  const author = sql.ref(`${alias}.author_id`);
  return sql<Date | null>`LEAST(
    (SELECT min(rn.created_at) FROM notes rn JOIN users ru ON ru.id = rn.author_id
      WHERE rn.noteable_type = 'MergeRequest' AND rn.noteable_id = ${id} AND NOT rn.system AND NOT ru.bot
        AND rn.author_id IS DISTINCT FROM ${author}),
    (SELECT min(ra.created_at) FROM approvals ra WHERE ra.merge_request_id = ${id}))`;
}

/** The review start of each merge request of `ids` (one statement); absent ids were never reviewed. */
export async function reviewStartsByIds(db: Database, ids: readonly number[]): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('merge_requests as mr')
    .select(['mr.id', reviewStartAt().as('review_start_at')])
    .where('mr.id', 'in', ids)
    .execute();
  return new Map(rows.flatMap((r) => (r.review_start_at ? [[r.id, new Date(r.review_start_at)] as const] : [])));
}
