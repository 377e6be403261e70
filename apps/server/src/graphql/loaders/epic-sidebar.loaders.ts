import type { Database } from '../../db/connection';
import {
  ancestorPaths,
  epicParticipants,
  pendingEpicTodos,
  readableMilestones,
  subscribedEpics,
} from '../../modules/epics/epic-sidebar.service';
import type { Actor } from '../../policy/actor';
import { byIdLoader, groupedLoader, valueLoader } from './batch';

/** Batches what the epic sidebar (IE §2.3) reads per epic: one statement (or two) per batch. */
export function epicSidebarLoaders(db: Database, actor: Actor | null) {
  return {
    /** Every ancestor, top-most first; unreadable ones with `epic: null`. */
    ancestorPath: groupedLoader(
      (keys) => ancestorPaths(db, actor, keys),
      (r) => r.root_id,
    ),
    epicParticipants: groupedLoader(
      (keys) => epicParticipants(db, keys),
      (r) => r.epic_id,
    ),
    /** A milestone the actor may read (an inherited date's source), else null. */
    readableMilestone: byIdLoader((ids) => readableMilestones(db, actor, ids)),
    pendingEpicTodos: groupedLoader(
      (keys) => pendingEpicTodos(db, actor, keys),
      (r) => r.epic_id,
    ),
    epicSubscribed: valueLoader<boolean>((keys) => subscribedEpics(db, actor, keys), false),
  };
}
