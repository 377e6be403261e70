import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../policy/actor';
import { mentionedUsers } from '../mentions';
import { explicitSubscriptions } from './explicit-subscriptions';

/** GitLab lists at most this many participants of one issue. */
export const ISSUE_PARTICIPANTS_LIMIT = 100;

/**
 * The participants of each of `issueIds` (as subscriptions.service's `participantIds` counts them:
 * author, assignees, authors of public comments, users mentioned), author first then by id, at most
 * `limit` (ISSUE_PARTICIPANTS_LIMIT) each. One statement for the whole batch; who may read the issue is the
 * caller's question.
 */
export async function issueParticipantIds(
  db: Executor,
  issueIds: readonly number[],
  limit = ISSUE_PARTICIPANTS_LIMIT,
): Promise<Array<{ issue_id: number; user_id: number }>> {
  if (issueIds.length === 0) return [];
  const ids = [...issueIds];
  const { rows } = await sql<{ issue_id: number; user_id: number }>`
    SELECT issue_id, user_id FROM (
      SELECT issue_id, user_id, row_number() OVER (PARTITION BY issue_id ORDER BY min(rank), user_id) AS n FROM (
        SELECT i.id AS issue_id, i.author_id AS user_id, 0 AS rank FROM issues i WHERE i.id = ANY(${ids}::int[])
        UNION ALL SELECT a.issue_id, a.user_id, 1 FROM issue_assignees a WHERE a.issue_id = ANY(${ids}::int[])
        UNION ALL SELECT n.noteable_id, n.author_id, 1 FROM notes n
          WHERE n.noteable_type = 'Issue' AND n.noteable_id = ANY(${ids}::int[]) AND NOT n.system AND NOT n.internal
        UNION ALL SELECT m.item_id, m.user_id, 1 FROM (${mentionedUsers('Issue', ids)}) m
      ) s WHERE user_id IS NOT NULL GROUP BY issue_id, user_id
    ) p WHERE n <= ${limit} ORDER BY issue_id, n`.execute(db);
  return rows;
}

/**
 * Which of `issueIds` the actor gets notifications for, as `isSubscribed` decides one: their explicit
 * choice where they made one, else whether they take part in the issue. Two statements per batch.
 */
export async function subscribedIssues(
  db: Executor,
  actor: Actor | null,
  issueIds: readonly number[],
): Promise<Map<number, boolean>> {
  if (!actor || issueIds.length === 0) return new Map();
  const answer = await explicitSubscriptions(db, actor, 'Issue', issueIds);
  const implicit = issueIds.filter((id) => !answer.has(id));
  for (const id of implicit) answer.set(id, false);
  for (const row of await issueParticipantIds(db, implicit, 2_147_483_647))
    if (row.user_id === actor.id) answer.set(row.issue_id, true);
  return answer;
}
