import type { Database } from '../../db/connection';
import { issueParticipantIds, subscribedIssues } from '../../modules/subscriptions';
import { pendingTodosOn } from '../../modules/todos';
import type { Actor } from '../../policy/actor';
import { groupedLoader, valueLoader } from './batch';

/** Batches what GitLab's issue sidebar reads per issue (subscription, to-do, participants): one statement (two) per batch. */
export function issueSidebarLoaders(db: Database, actor: Actor | null) {
  return {
    issueSubscribed: valueLoader<boolean>((keys) => subscribedIssues(db, actor, keys), false),
    pendingIssueTodos: groupedLoader(
      (keys) => pendingTodosOn(db, actor, 'Issue', keys),
      (r) => r.target_id,
    ),
    issueParticipantIds: groupedLoader(
      (keys) => issueParticipantIds(db, keys),
      (r) => r.issue_id,
    ),
  };
}
