import type { Database } from '../../db/connection';
import {
  ancestorPaths,
  epicParticipants,
  pendingEpicTodos,
  readableMilestones,
  subscribedEpics,
} from '../../modules/epics';
import type { ActorLoader } from '../../modules/mentions';
import type { Actor } from '../../policy/actor';
import { loadActiveActors } from '../../policy/load-actor';
import { byIdLoader, groupedLoader, valueLoader } from './batch';

/** Batches what the epic sidebar (IE §2.3) reads per epic: one statement (or two) per batch. */
/** An ActorLoader that batches every call of one tick into one `loadActiveActors` (three statements). */
function activeActorsLoader(db: Database): ActorLoader {
  const loader = valueLoader<Actor | null>((keys) => loadActiveActors(db, keys), null);
  return async (userIds) => {
    const actors = await loader.loadMany(userIds);
    const found = new Map<number, Actor>();
    userIds.forEach((id, i) => {
      const actor = actors[i];
      if (actor && !(actor instanceof Error)) found.set(id, actor);
    });
    return found;
  };
}

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
    /** Users as actors (active ones; null otherwise), batched: who of the participants may read their epic. */
    activeActors: activeActorsLoader(db),
  };
}
