import type { Database } from '../../db/connection';
import {
  epicsWithReadableIssues,
  readableAncestors,
  readableOpenBlockers,
} from '../../modules/epics/epic-tree-stats.service';
import { descendantCounts, type EpicDescendantCounts } from '../../modules/epics/epics.service';
import type { Actor } from '../../policy/actor';
import { groupedLoader, valueLoader } from './batch';

const ZERO_COUNTS: EpicDescendantCounts = {
  openedEpics: 0,
  closedEpics: 0,
  openedIssues: 0,
  closedIssues: 0,
  openedIssuesWeight: 0,
  closedIssuesWeight: 0,
};

/** Batches the per-epic tree figures (modules/epics/epic-tree-stats.service) of one request. */
export function epicStatsLoaders(db: Database, actor: Actor | null) {
  return {
    /** descendantCounts and descendantWeightSum. */
    treeStats: valueLoader<EpicDescendantCounts>((keys) => descendantCounts(db, actor, keys), ZERO_COUNTS),
    /** hasIssues: the epic has a direct issue the actor may read. */
    hasIssues: valueLoader<boolean>((keys) => epicsWithReadableIssues(db, actor, keys), false),
    /** The open epics blocking each epic: the same set `blockedByCount` counts. */
    blockedBy: groupedLoader(
      (keys) => readableOpenBlockers(db, actor, keys),
      (r) => r.blocked_id,
    ),
    /** Readable ancestors, top-most first. */
    ancestors: groupedLoader(
      (keys) => readableAncestors(db, actor, keys),
      (r) => r.root_id,
    ),
  };
}
