import type { ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import {
  defaultProjectForIssueCreation,
  descendantCounts,
  type EpicDescendantCounts,
  epicsWithReadableIssues,
  readableAncestors,
  readableOpenBlockers,
  ZERO_DESCENDANT_COUNTS,
} from '../../modules/epics';
import type { Actor } from '../../policy/actor';
import { groupedLoader, valueLoader } from './batch';

/** Batches the per-epic tree figures (modules/epics/epic-tree-stats.service) of one request. */
export function epicStatsLoaders(db: Database, actor: Actor | null, read: ReadRows) {
  return {
    /** descendantCounts and descendantWeightSum. */
    treeStats: valueLoader<EpicDescendantCounts>(
      (keys) => descendantCounts(db, actor, keys, read),
      ZERO_DESCENDANT_COUNTS,
    ),
    /** hasIssues: the epic has a direct issue the actor may read. */
    hasIssues: valueLoader<boolean>((keys) => epicsWithReadableIssues(db, actor, keys, read), false),
    /** The open epics blocking each epic: the same set `blockedByCount` counts. */
    blockedBy: groupedLoader(
      (keys) => readableOpenBlockers(db, actor, keys, read),
      (r) => r.blocked_id,
    ),
    /** The default project for issue creation of each group's epics (the actor's last project there). */
    defaultProject: valueLoader(async (groupIds) => {
      const projects = await Promise.all(groupIds.map((id) => defaultProjectForIssueCreation(db, actor, id, read)));
      return new Map(groupIds.map((id, i) => [id, projects[i] ?? null]));
    }, null),
    /** Readable ancestors, top-most first. */
    ancestors: groupedLoader(
      (keys) => readableAncestors(db, actor, keys),
      (r) => r.root_id,
    ),
  };
}
