import type { Database } from '../../db/connection';
import { readableIterationsByIds } from '../../modules/iterations';
import type { Actor } from '../../policy/actor';
import { byIdLoader } from './batch';

/** Iterations by id (an issue's iteration): one statement per batch, only those whose group the actor may read. */
export function iterationLoaders(db: Database, actor: Actor | null) {
  return {
    iteration: byIdLoader((ids) => readableIterationsByIds(db, actor, ids)),
  };
}
