import type { Database } from '../../db/connection';
import { findReadableIssuesByIds } from '../../modules/issues';
import { timeSpentOfIssues } from '../../modules/time-tracking';
import { type ChildStat, epicIssueStats, issueChildStats, issueParentIds } from '../../modules/work-items';
import type { Actor } from '../../policy/actor';
import { byIdLoader, valueLoader } from './batch';

/** The per-request loaders of the work item widgets (hierarchy, rolled-up weight and health, time). */
export function workItemLoaders(db: Database, actor: Actor | null) {
  return {
    /** The parent issue id of an issue-backed work item (task, key result, objective), or null. */
    issueParentId: valueLoader<number | null>((keys) => issueParentIds(db, keys), null),
    /** An issue by id as the actor may read it (null when hidden). */
    readableIssue: byIdLoader((ids) => findReadableIssuesByIds(db, actor, ids)),
    /** Readable direct children of issue-backed work items, grouped. */
    issueChildStats: valueLoader<ChildStat[]>((keys) => issueChildStats(db, actor, keys), []),
    /** Readable direct issues of epics, grouped. */
    epicIssueStats: valueLoader<ChildStat[]>((keys) => epicIssueStats(db, actor, keys), []),
    /** Total time spent on an issue (seconds; negative entries subtract). */
    totalTimeSpent: valueLoader<number>((keys) => timeSpentOfIssues(db, keys), 0),
  };
}
