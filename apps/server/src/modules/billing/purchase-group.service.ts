import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { createGroup } from '../groups';

/**
 * GitLab's `POST /-/subscriptions/groups`: a new private top-level group to buy a plan for, owned
 * by the buyer (the instance's group-creation rules apply, as for any new group).
 */
export async function createPurchaseGroup(db: Database, actor: Actor | null, input: { name: string; path: string }) {
  const group = await createGroup(db, actor, { name: input.name, path: input.path, visibility: 0 });
  return { id: group.id, name: group.name, path: group.path, full_path: group.full_path };
}
