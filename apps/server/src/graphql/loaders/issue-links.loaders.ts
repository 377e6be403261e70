import type { ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { readableOpenIssueBlockers } from '../../modules/issue-links';
import type { Actor } from '../../policy/actor';
import { groupedLoader } from './batch';

/** Batches the per-issue link figures of one request. */
export function issueLinkLoaders(db: Database, actor: Actor | null, read: ReadRows) {
  return {
    /** The open issues blocking each issue: the same set `blockedByCount` counts. */
    issueBlockedBy: groupedLoader(
      (keys) => readableOpenIssueBlockers(db, actor, keys, read),
      (r) => r.blocked_id,
    ),
  };
}
