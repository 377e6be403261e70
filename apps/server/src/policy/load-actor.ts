import { type Expression, sql } from 'kysely';
import type { Database } from '../db/connection';
import type { Actor, GroupMembership, ProjectMembership } from './actor';

const live = sql<boolean>`(m.expires_at IS NULL OR m.expires_at >= current_date)`;

/**
 * The user's live group and project memberships (and their places in the tree) as two JSON columns,
 * so the statement that finds the user (token, session) loads them too: one statement per request.
 */
export function membershipColumns(userId: Expression<number>) {
  return [
    sql<GroupMembership[]>`(SELECT coalesce(json_agg(json_build_object('groupId', m.group_id,
        'traversalIds', n.traversal_ids, 'accessLevel', m.access_level)), '[]'::json)
      FROM group_members m JOIN namespaces n ON n.id = m.group_id
      WHERE m.user_id = ${userId} AND ${live})`.as('group_memberships'),
    sql<ProjectMembership[]>`(SELECT coalesce(json_agg(json_build_object('projectId', m.project_id,
        'namespaceTraversalIds', n.traversal_ids, 'accessLevel', m.access_level)), '[]'::json)
      FROM project_members m JOIN projects p ON p.id = m.project_id JOIN namespaces n ON n.id = p.namespace_id
      WHERE m.user_id = ${userId} AND ${live})`.as('project_memberships'),
  ] as const;
}

/** The memberships `membershipColumns` loaded with a user. */
export interface MembershipColumns {
  group_memberships: GroupMembership[];
  project_memberships: ProjectMembership[];
}

const parsed = <T>(value: T[] | string): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);

/** The Actor of a user found with its `membershipColumns`. */
export function actorWithMemberships(
  user: { id: number; username: string; admin: boolean } & MembershipColumns,
  scopes: string[] | null,
): Actor {
  return {
    id: user.id,
    username: user.username,
    admin: user.admin,
    scopes,
    groupMemberships: parsed(user.group_memberships),
    projectMemberships: parsed(user.project_memberships),
  };
}

/** Builds an Actor for a user, with every group and project membership (and its place in the tree). */
export async function loadActor(
  db: Database,
  user: { id: number; username: string; admin: boolean },
  scopes: string[] | null,
): Promise<Actor> {
  const columns = membershipColumns(sql<number>`${user.id}::int`);
  const row = await db.selectNoFrom([...columns]).executeTakeFirstOrThrow();
  return actorWithMemberships({ ...user, ...row }, scopes);
}

/**
 * Actors for several users at once (two membership statements whatever the count), for deciding
 * what OTHER users could do — e.g. whether a would-be assignee can read the issue. Only active
 * users come back: blocked, banned and deactivated users are absent from the map.
 */
export async function loadActiveActors(db: Database, userIds: number[]): Promise<Map<number, Actor>> {
  const actors = new Map<number, Actor>();
  if (userIds.length === 0) return actors;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'admin'])
    .where('id', 'in', userIds)
    .where('state', '=', 'active')
    .execute();
  if (users.length === 0) return actors;
  const ids = users.map((u) => u.id);
  const [groups, projects] = await Promise.all([
    db
      .selectFrom('group_members as m')
      .innerJoin('namespaces as n', 'n.id', 'm.group_id')
      .select(['m.user_id', 'm.group_id', 'n.traversal_ids', 'm.access_level'])
      .where('m.user_id', 'in', ids)
      .where((eb) => eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>=', sql<string>`current_date`)]))
      .execute(),
    db
      .selectFrom('project_members as m')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select(['m.user_id', 'm.project_id', 'n.traversal_ids', 'm.access_level'])
      .where('m.user_id', 'in', ids)
      .where((eb) => eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>=', sql<string>`current_date`)]))
      .execute(),
  ]);
  for (const u of users) {
    actors.set(u.id, { ...u, scopes: null, groupMemberships: [], projectMemberships: [] });
  }
  for (const g of groups) {
    actors
      .get(g.user_id)
      ?.groupMemberships.push({ groupId: g.group_id, traversalIds: g.traversal_ids, accessLevel: g.access_level });
  }
  for (const p of projects) {
    actors.get(p.user_id)?.projectMemberships.push({
      projectId: p.project_id,
      namespaceTraversalIds: p.traversal_ids,
      accessLevel: p.access_level,
    });
  }
  return actors;
}
