import type { Database } from './db/connection';
import type { Actor } from './policy/actor';

/**
 * What a service call that spans several services runs with: the executor (a transaction once one
 * is open, which nested services join through `withTransaction`) and the signed-in actor.
 */
export interface ServiceContext {
  db: Database;
  actor: Actor;
}
