import { sql } from 'kysely';
import type { Database } from '../db/connection';
import type { Actor } from './actor';

/** Builds an Actor for a user, with every group and project membership (and its place in the tree). */
export async function loadActor(
  db: Database,
  user: { id: number; username: string; admin: boolean },
  scopes: string[] | null,
): Promise<Actor> {
  const [groups, projects] = await Promise.all([
    db
      .selectFrom('group_members as m')
      .innerJoin('namespaces as n', 'n.id', 'm.group_id')
      .select(['m.group_id', 'n.traversal_ids', 'm.access_level'])
      .where('m.user_id', '=', user.id)
      .where((eb) => eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>=', sql<string>`current_date`)]))
      .execute(),
    db
      .selectFrom('project_members as m')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select(['m.project_id', 'n.traversal_ids', 'm.access_level'])
      .where('m.user_id', '=', user.id)
      .where((eb) => eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>=', sql<string>`current_date`)]))
      .execute(),
  ]);
  return {
    id: user.id,
    username: user.username,
    admin: user.admin,
    scopes,
    groupMemberships: groups.map((g) => ({
      groupId: g.group_id,
      traversalIds: g.traversal_ids,
      accessLevel: g.access_level,
    })),
    projectMemberships: projects.map((p) => ({
      projectId: p.project_id,
      namespaceTraversalIds: p.traversal_ids,
      accessLevel: p.access_level,
    })),
  };
}
